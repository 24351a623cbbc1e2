/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DEMO_ROUTE_H
#define DEMO_ROUTE_H

#include <linux/types.h>
#include <linux/list.h>

#define ROUTE_BUCKETS	16

struct route {
	u32 dst;
	unsigned int metric;
	struct hlist_node node;
};

struct route_table {
	struct hlist_head by_dst[ROUTE_BUCKETS];
	/* the bucket the last lookup ended in: a stored bucket pointer */
	struct hlist_head *last;
};

void route_table_init(struct route_table *t);
void route_add(struct route_table *t, struct route *r);
unsigned int route_metric(struct route_table *t, u32 dst);

#endif
