// expect: tag_hash skipped: index variable "idx" (u32) is narrower than its key
// reason: tag_hash index variable "idx" (u32) is narrower than its key
/*
 * 64-bit keys hashed into a 32-bit index variable. Converting would keep
 * the variable and store the key in it: only its low 32 bits would be
 * hashed. Consistent, but a silent loss that the rule must not make.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define TAG_HASH_BITS	5

struct tag {
	u64 value;
	struct hlist_node hnode;
};

static struct hlist_head tag_hash[1 << TAG_HASH_BITS];

static struct tag *tag_find(u64 value)
{
	struct tag *t;
	u32 idx;

	idx = hash_64(value, TAG_HASH_BITS);
	hlist_for_each_entry(t, &tag_hash[idx], hnode)
		if (t->value == value)
			return t;
	return NULL;
}

static void tag_add(struct tag *t)
{
	u32 idx;

	idx = hash_64(t->value, TAG_HASH_BITS);
	hlist_add_head(&t->hnode, &tag_hash[idx]);
}

int main(void)
{
	static struct tag tags[16];
	int i, hits = 0;

	for (i = 0; i < 16; i++) {
		tags[i].value = ((u64)i << 40) | (u64)(i * 7);
		tag_add(&tags[i]);
	}
	for (i = 0; i < 32; i++)
		hits += tag_find(((u64)i << 40) | (u64)(i * 7)) != NULL;
	printf("hits %d\n", hits);
	return 0;
}
