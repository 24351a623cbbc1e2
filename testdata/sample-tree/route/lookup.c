// SPDX-License-Identifier: GPL-2.0
#include <linux/types.h>
#include <linux/list.h>
#include "demo/route.h"

unsigned int route_metric(struct route_table *t, u32 dst)
{
	struct route *r;

	t->last = &t->by_dst[dst & (ROUTE_BUCKETS - 1)];
	hlist_for_each_entry(r, t->last, node)
		if (r->dst == dst)
			return r->metric;
	return ~0u;
}
