// SPDX-License-Identifier: GPL-2.0
#include <linux/types.h>
#include <linux/list.h>
#include "demo/slot.h"

/* Every slot, whatever its bucket. */
unsigned int slot_sum(struct slot_set *set)
{
	struct slot *s;
	unsigned int i, sum = 0;

	for (i = 0; i < SLOT_BUCKETS; i++)
		hlist_for_each_entry(s, &set->by_index[i], node)
			sum += s->index;
	return sum;
}
