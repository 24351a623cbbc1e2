// SPDX-License-Identifier: GPL-2.0
/*
 * Old code that has its own function called hash_add(): hashtable.h
 * defines a macro of that name, so the converted file cannot compile.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define LEGACY_SIZE	4

struct legacy_item {
	unsigned int key;
	struct hlist_node hnode;
};

static struct hlist_head legacy_table[LEGACY_SIZE];

unsigned int hash_add(unsigned int a, unsigned int b)
{
	return a * 31 + b;
}

void legacy_insert(struct legacy_item *it)
{
	hlist_add_head(&it->hnode, &legacy_table[it->key % LEGACY_SIZE]);
}

int legacy_present(unsigned int key)
{
	struct legacy_item *it;

	hlist_for_each_entry(it, &legacy_table[key % LEGACY_SIZE], hnode)
		if (it->key == key)
			return 1;
	return 0;
}
