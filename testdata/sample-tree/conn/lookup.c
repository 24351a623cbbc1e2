// SPDX-License-Identifier: GPL-2.0
#include <linux/types.h>
#include <linux/list.h>
#include "demo/conn.h"

struct conn *conn_find(struct conn_table *t, u16 port)
{
	struct conn *c;

	hlist_for_each_entry(c, &t->by_port[port & (CONN_BUCKETS - 1)], link)
		if (c->port == port)
			return c;
	return NULL;
}
