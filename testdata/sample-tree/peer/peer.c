// SPDX-License-Identifier: GPL-2.0
#include <linux/types.h>
#include <linux/list.h>
#include "demo/peer.h"

void peer_set_init(struct peer_set *set)
{
	unsigned int i;

	set->count = 0;
	for (i = 0; i < PEER_BUCKETS; i++)
		INIT_HLIST_HEAD(&set->by_id[i]);
}

void peer_add(struct peer_set *set, struct peer *p)
{
	hlist_add_head(&p->node, &set->by_id[p->id & (PEER_BUCKETS - 1)]);
	set->count++;
}

/* For main.c, which does not include demo/peer.h (it has a hash_add() of its own). */
int peer_demo(char *buf, unsigned int len)
{
	static struct peer peers[] = { { .id = 3, .name = "a" }, { .id = 11, .name = "b" },
				       { .id = 19, .name = "c" }, { .id = 4, .name = "d" } };
	static struct peer_set set;
	unsigned int i;

	peer_set_init(&set);
	for (i = 0; i < 4; i++)
		peer_add(&set, &peers[i]);
	peer_dump(&set, buf, len);
	return peer_find(&set, 19) == &peers[2] && !peer_find(&set, 27);
}
