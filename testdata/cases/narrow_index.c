// expect: tag_hash converted
// expect: pair_hash skipped: index variable "idx" (u32) is narrower than its key
// reason: pair_hash index variable "idx" (u32) is narrower than its key
/*
 * 64-bit keys hashed into a 32-bit index variable. Converted, the variable
 * holds the key itself, so it takes the key's type (u32 idx -> u64 idx):
 * kept at 32 bits, only the low half of the key would be hashed.
 *
 * pair_hash declares its index variable together with another one
 * (u32 idx, tries;): retyping one declarator of several is not done, and
 * the rule refuses rather than cut the key.
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

#define PAIR_HASH_BITS	3

struct pair {
	u64 key;
	struct hlist_node hnode;
};

static struct hlist_head pair_hash[1 << PAIR_HASH_BITS];

static struct pair *pair_find(u64 key)
{
	struct pair *p;
	u32 idx, tries = 0;

	idx = hash_64(key, PAIR_HASH_BITS);
	hlist_for_each_entry(p, &pair_hash[idx], hnode) {
		tries++;
		if (p->key == key)
			return p;
	}
	return tries > 100 ? NULL : NULL;
}

static void pair_add(struct pair *p)
{
	hlist_add_head(&p->hnode, &pair_hash[hash_64(p->key, PAIR_HASH_BITS)]);
}

int main(void)
{
	static struct tag tags[16];
	static struct pair pairs[8];
	int i, hits = 0;

	for (i = 0; i < 16; i++) {
		tags[i].value = ((u64)i << 40) | (u64)(i * 7);
		tag_add(&tags[i]);
	}
	for (i = 0; i < 32; i++)
		hits += tag_find(((u64)i << 40) | (u64)(i * 7)) != NULL;
	/* keys that differ only above bit 32: a 32-bit key would pile them up */
	for (i = 0; i < 8; i++) {
		pairs[i].key = (u64)(i + 1) << 36;
		pair_add(&pairs[i]);
	}
	for (i = 0; i < 16; i++)
		hits += pair_find((u64)(i + 1) << 36) != NULL;
	printf("hits %d\n", hits);
	for (i = 0; i < 1 << TAG_HASH_BITS; i++) {
		struct tag *t;
		int n = 0;

		hlist_for_each_entry(t, &tag_hash[i], hnode)
			n++;
		printf("a bucket of %d\n", n);
	}
	return 0;
}
