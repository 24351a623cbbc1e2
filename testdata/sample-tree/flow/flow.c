// SPDX-License-Identifier: GPL-2.0
#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include "demo/flow.h"

void flow_table_init(struct flow_table *ft)
{
	unsigned int i;

	for (i = 0; i < FLOW_BUCKETS; i++) {
		spin_lock_init(&ft->locks[i]);
		INIT_HLIST_HEAD(&ft->by_id[i]);
	}
}

void flow_add(struct flow_table *ft, struct flow *f)
{
	unsigned int b = f->id & (FLOW_BUCKETS - 1);

	spin_lock(&ft->locks[b]);
	hlist_add_head(&f->node, &ft->by_id[b]);
	spin_unlock(&ft->locks[b]);
}

int flow_has(struct flow_table *ft, u32 id)
{
	unsigned int b = id & (FLOW_BUCKETS - 1);
	struct flow *f;
	int found = 0;

	spin_lock(&ft->locks[b]);
	hlist_for_each_entry(f, &ft->by_id[b], node)
		if (f->id == id)
			found = 1;
	spin_unlock(&ft->locks[b]);
	return found;
}
