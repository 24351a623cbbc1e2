/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DEMO_CONN_H
#define DEMO_CONN_H

#include <linux/types.h>
#include <linux/list.h>

#define CONN_BUCKETS	32

struct conn {
	u16 port;
	const char *peer;
	struct hlist_node link;
};

/* one table per listener */
struct conn_table {
	unsigned int nr;
	struct hlist_head by_port[CONN_BUCKETS];
};

void conn_table_init(struct conn_table *t);
void conn_insert(struct conn_table *t, struct conn *c);
struct conn *conn_find(struct conn_table *t, u16 port);

#endif
