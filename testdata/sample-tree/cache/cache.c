// SPDX-License-Identifier: GPL-2.0
/*
 * A small cache of computed values, private to this file.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define CACHE_SIZE	16
#define CACHE_MASK	(CACHE_SIZE - 1)

struct cache_entry {
	unsigned long key;
	unsigned long value;
	struct hlist_node hnode;
};

static struct hlist_head cache_table[CACHE_SIZE];

unsigned long cache_get(unsigned long key, unsigned long (*compute)(unsigned long))
{
	struct cache_entry *e;

	hlist_for_each_entry(e, &cache_table[key & CACHE_MASK], hnode)
		if (e->key == key)
			return e->value;
	e = kmalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return compute(key);
	e->key = key;
	e->value = compute(key);
	hlist_add_head(&e->hnode, &cache_table[key & CACHE_MASK]);
	return e->value;
}

void cache_flush(void)
{
	struct cache_entry *e;
	struct hlist_node *tmp;
	int i;

	for (i = 0; i < CACHE_SIZE; i++)
		hlist_for_each_entry_safe(e, tmp, &cache_table[i], hnode) {
			hlist_del(&e->hnode);
			kfree(e);
		}
}
