// SPDX-License-Identifier: GPL-2.0
#include <linux/types.h>
#include <linux/list.h>
#include "demo/slot.h"

void slot_set_init(struct slot_set *set)
{
	unsigned int i;

	set->count = 0;
	for (i = 0; i < SLOT_BUCKETS; i++)
		INIT_HLIST_HEAD(&set->by_index[i]);
}

void slot_add(struct slot_set *set, struct slot *s)
{
	hlist_add_head(&s->node, slot_head(set, s->index));
	set->count++;
}

/* For main.c, which does not include demo/slot.h (it has a hash_add() of its own). */
int slot_demo(void)
{
	static struct slot slots[] = { { .index = 0 }, { .index = 1 }, { .index = 9 },
				       { .index = 17 }, { .index = 6 } };
	static struct slot_set set;
	unsigned int i;
	int found = 0;

	slot_set_init(&set);
	for (i = 0; i < 5; i++)
		slot_add(&set, &slots[i]);
	for (i = 0; i < 5; i++)
		found += slot_find(&set, slots[i].index) == &slots[i];
	return found * 100 + slot_sum(&set) + !slot_find(&set, 25);
}
