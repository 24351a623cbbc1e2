/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DEMO_SLOT_H
#define DEMO_SLOT_H

#include <linux/types.h>
#include <linux/list.h>

#define SLOT_HASH_BITS	3
#define SLOT_BUCKETS	(1 << SLOT_HASH_BITS)

struct slot {
	unsigned int index;
	struct hlist_node node;
};

struct slot_set {
	unsigned int count;
	struct hlist_head by_index[SLOT_BUCKETS];
};

/*
 * The bucket of an index: its low bits, not the bucket hash_min() picks. It
 * stays as it is, and so does every call of it: no access picks a bucket by
 * key any other way.
 */
static inline struct hlist_head *slot_head(struct slot_set *set, unsigned int index)
{
	return &set->by_index[index & (SLOT_BUCKETS - 1)];
}

static inline struct slot *slot_find(struct slot_set *set, unsigned int index)
{
	struct slot *s;

	hlist_for_each_entry(s, slot_head(set, index), node)
		if (s->index == index)
			return s;
	return NULL;
}

void slot_set_init(struct slot_set *set);
void slot_add(struct slot_set *set, struct slot *s);
unsigned int slot_sum(struct slot_set *set);

#endif
