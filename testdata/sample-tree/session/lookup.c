// SPDX-License-Identifier: GPL-2.0
#include <linux/types.h>
#include <linux/list.h>
#include <linux/hash.h>
#include "demo/session.h"

struct session *session_find(u32 id)
{
	struct session *s;

	hlist_for_each_entry(s, &session_hash[hash_32(id, SESSION_HASH_BITS)], node) {
		if (s->id == id) {
			s->hits++;
			return s;
		}
	}
	return NULL;
}
