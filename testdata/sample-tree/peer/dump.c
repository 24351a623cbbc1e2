// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <linux/types.h>
#include <linux/list.h>
#include "demo/peer.h"

/* Every peer, bucket by bucket: only the total is printed, not the order. */
unsigned int peer_dump(struct peer_set *set, char *buf, unsigned int len)
{
	struct peer *p;
	unsigned int i, n = 0, used = 0;

	for (i = 0; i < PEER_BUCKETS; i++)
		hlist_for_each_entry(p, &set->by_id[i], node) {
			n++;
			used += p->id;
		}
	snprintf(buf, len, "%u peers, ids sum to %u", n, used);
	return n;
}
