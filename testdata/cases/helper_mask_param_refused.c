// expect: cache_table skipped: does not reduce to the 64 buckets
// reason: cache_table "block_hash(b, CACHE_MASK)" does not reduce to the CACHE_SIZE buckets
/*
 * The refusal of helper_mask_param.c: an index helper that takes its mask
 * from the caller, called with a mask of half the table (31 for 64
 * buckets). Converted, hash_min() would spread the keys over all 64
 * buckets; the rule checks the mask as the call spells it, and refuses.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>

static inline unsigned int block_hash(u64 b, unsigned int hash_mask)
{
	const unsigned int BIG_PRIME = 4294967291UL;

	return (((unsigned int) b) * BIG_PRIME) & hash_mask;
}

struct shadow {
	u64 where;
	struct hlist_node hlist;
};

#define CACHE_SIZE 64
#define CACHE_MASK 31

static struct hlist_head cache_table[CACHE_SIZE];

static void cache_add(struct shadow *si, u64 b)
{
	hlist_add_head(&si->hlist, &cache_table[block_hash(b, CACHE_MASK)]);
}

int main(void)
{
	static struct shadow cached[8];
	int i, used = 0;

	for (i = 0; i < 8; i++)
		cache_add(&cached[i], i * 3);
	for (i = 0; i < CACHE_SIZE; i++)
		used += !hlist_empty(&cache_table[i]);
	printf("buckets used %d\n", used);
	return 0;
}
