// SPDX-License-Identifier: GPL-2.0
#include <linux/types.h>
#include <linux/list.h>
#include "demo/conn.h"

void conn_table_init(struct conn_table *t)
{
	int i;

	t->nr = 0;
	for (i = 0; i < CONN_BUCKETS; i++)
		INIT_HLIST_HEAD(&t->by_port[i]);
}

void conn_insert(struct conn_table *t, struct conn *c)
{
	hlist_add_head(&c->link, &t->by_port[c->port & (CONN_BUCKETS - 1)]);
	t->nr++;
}
