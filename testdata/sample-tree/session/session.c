// SPDX-License-Identifier: GPL-2.0
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/slab.h>
#include "demo/session.h"

struct hlist_head session_hash[SESSION_HASH_SIZE];

void session_init(void)
{
	int i;

	for (i = 0; i < SESSION_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&session_hash[i]);
}

struct session *session_add(u32 id)
{
	struct session *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return NULL;
	s->id = id;
	hlist_add_head(&s->node, &session_hash[hash_32(id, SESSION_HASH_BITS)]);
	return s;
}

void session_remove(struct session *s)
{
	hlist_del(&s->node);
	kfree(s);
}
