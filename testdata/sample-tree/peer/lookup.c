// SPDX-License-Identifier: GPL-2.0
#include <linux/types.h>
#include <linux/list.h>
#include "demo/peer.h"

struct peer *peer_find(struct peer_set *set, u32 id)
{
	struct peer *p;

	hlist_for_each_entry(p, &set->by_id[id & (PEER_BUCKETS - 1)], node)
		if (p->id == id)
			return p;
	return NULL;
}
