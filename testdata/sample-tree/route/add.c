// SPDX-License-Identifier: GPL-2.0
/*
 * Nothing here stops a conversion, but route/lookup.c stores a bucket
 * pointer: the table spans both files, so neither is converted.
 */
#include <linux/types.h>
#include <linux/list.h>
#include "demo/route.h"

void route_table_init(struct route_table *t)
{
	int i;

	for (i = 0; i < ROUTE_BUCKETS; i++)
		INIT_HLIST_HEAD(&t->by_dst[i]);
	t->last = NULL;
}

void route_add(struct route_table *t, struct route *r)
{
	hlist_add_head(&r->node, &t->by_dst[r->dst & (ROUTE_BUCKETS - 1)]);
}
