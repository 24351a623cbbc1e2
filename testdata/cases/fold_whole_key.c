// expect: blocks converted
/*
 * A fold that reads its 64-bit key through a 32-bit cast and also whole,
 * through a local (hi = b >> 32): the hash depends on all 64 bits, but folds
 * them into 32, which keys that differ share. The key is not b itself (a
 * lookup may count on those keys sharing a bucket) nor (unsigned int)b
 * (helper_mask_param.c has the fold that reads only the low half): the helper
 * stays, without its mask, and its fold is the key.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>

static inline unsigned int block_fold(u64 b, unsigned int hash_mask)
{
	const unsigned int PRIME = 4294967291UL;
	unsigned int hi = b >> 32;

	return ((((unsigned int) b) ^ hi) * PRIME) & hash_mask;
}

#define BLOCKS_SIZE 64
#define BLOCKS_MASK (BLOCKS_SIZE - 1)

struct block {
	u64 nr;
	struct hlist_node hlist;
};

static struct hlist_head blocks[BLOCKS_SIZE];

static int block_known(u64 nr)
{
	struct block *b;

	hlist_for_each_entry(b, &blocks[block_fold(nr, BLOCKS_MASK)], hlist)
		if (b->nr == nr)
			return 1;
	return 0;
}

static void block_add(struct block *b)
{
	hlist_add_head(&b->hlist, &blocks[block_fold(b->nr, BLOCKS_MASK)]);
}

int main(void)
{
	static struct block bs[32];
	int i, hits = 0, used = 0;

	/* numbers that differ only above bit 32: a 32-bit key would pile them up */
	for (i = 0; i < 32; i++) {
		bs[i].nr = (u64)i << 35;
		block_add(&bs[i]);
	}
	for (i = 0; i < 64; i++)
		hits += block_known((u64)i << 35);
	for (i = 0; i < BLOCKS_SIZE; i++)
		used += !hlist_empty(&blocks[i]);
	printf("hits %d, more than one bucket: %d\n", hits, used > 1);
	return 0;
}
