// SPDX-License-Identifier: GPL-2.0
/*
 * Old code that calls a function of its own named hash_add() (defined in
 * mix.c): hashtable.h defines a macro of that name, so the converted file
 * cannot compile. The rule sees no definition of it here (it refuses a file
 * that defines one); the check catches it.
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

unsigned int hash_add(unsigned int a, unsigned int b);

unsigned int legacy_mix(unsigned int key)
{
	return hash_add(key, 7);
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
