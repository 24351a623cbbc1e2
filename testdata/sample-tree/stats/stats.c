// SPDX-License-Identifier: GPL-2.0
/*
 * Event counters. The bucket count comes from a header: the wrapper reads
 * the macros of the headers a file includes and hands them to the rule.
 */
#include <linux/types.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/slab.h>
#include "demo/stats.h"

struct counter {
	u32 key;
	unsigned int count;
	struct hlist_node hnode;
};

static struct hlist_head stats_table[STATS_HASH_SIZE];

static struct counter *stats_lookup(u32 key)
{
	struct counter *c;

	hlist_for_each_entry(c, &stats_table[hash_32(key, STATS_HASH_BITS)], hnode)
		if (c->key == key)
			return c;
	return NULL;
}

void stats_hit(unsigned int cpu, unsigned int event)
{
	u32 key = cpu << 16 | event;
	struct counter *c = stats_lookup(key);

	if (!c) {
		c = kzalloc(sizeof(*c), GFP_KERNEL);
		if (!c)
			return;
		c->key = key;
		hlist_add_head(&c->hnode, &stats_table[hash_32(key, STATS_HASH_BITS)]);
	}
	c->count++;
}

unsigned int stats_get(unsigned int cpu, unsigned int event)
{
	struct counter *c = stats_lookup(cpu << 16 | event);

	return c ? c->count : 0;
}
