/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DEMO_FLOW_H
#define DEMO_FLOW_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>

#define FLOW_BUCKETS	8

struct flow {
	u32 id;
	struct hlist_node node;
};

/*
 * A table called by_id too (peer.h has one in struct peer_set), with a lock
 * per bucket picked by the same masked id: hash_min() would move the flows
 * away from their locks, so this one stays as it is.
 */
struct flow_table {
	spinlock_t locks[FLOW_BUCKETS];
	struct hlist_head by_id[FLOW_BUCKETS];
};

void flow_table_init(struct flow_table *ft);
void flow_add(struct flow_table *ft, struct flow *f);
int flow_has(struct flow_table *ft, u32 id);

#endif
