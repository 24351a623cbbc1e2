// SPDX-License-Identifier: GPL-2.0
/*
 * Stack traces saved once each. The bucket count has two definitions in
 * #if branches of the header: whichever is in force, it is a power of two,
 * and the table's bits are ilog2() of it.
 */
#include <linux/types.h>
#include <linux/list.h>
#include <linux/jhash.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/kernel.h>
#include "demo/trace.h"

struct trace {
	struct hlist_node hash_entry;
	u32 hash;
	unsigned int n;
	unsigned long entries[4];
};

static struct hlist_head trace_hash[TRACE_HASH_SIZE];

/* 1 when saved, 0 when the same trace was saved before, -1 without memory. */
int trace_save(const unsigned long *entries, unsigned int n)
{
	struct hlist_head *head;
	struct trace *t;
	u32 hash;

	if (n > ARRAY_SIZE(t->entries))
		n = ARRAY_SIZE(t->entries);
	hash = jhash(entries, n * sizeof(entries[0]), 0);
	head = trace_hash + (hash & (TRACE_HASH_SIZE - 1));
	hlist_for_each_entry(t, head, hash_entry)
		if (t->hash == hash && t->n == n &&
		    !memcmp(t->entries, entries, n * sizeof(entries[0])))
			return 0;
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -1;
	t->hash = hash;
	t->n = n;
	memcpy(t->entries, entries, n * sizeof(entries[0]));
	hlist_add_head(&t->hash_entry, head);
	return 1;
}

unsigned int trace_count(void)
{
	struct trace *t;
	unsigned int c = 0, i;

	for (i = 0; i < ARRAY_SIZE(trace_hash); i++)
		hlist_for_each_entry(t, &trace_hash[i], hash_entry)
			c++;
	return c;
}
