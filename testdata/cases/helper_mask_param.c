// expect: buckets converted
/*
 * An index helper whose caller passes the mask
 * (drivers/md/persistent-data's dm_hash_block(b, DM_HASH_MASK)): the mask is
 * checked against the table as the call spells it. The helper folds only
 * its key (a multiply by a constant), so the key is the key as the helper
 * reads it, (unsigned int)b: a hand conversion would hash just that.
 * helper_mask_param_refused.c has the refusal: a mask that is not the table's.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>

static inline unsigned int block_hash(u64 b, unsigned int hash_mask)
{
	const unsigned int BIG_PRIME = 4294967291UL;

	return (((unsigned int) b) * BIG_PRIME) & hash_mask;
}

#define SHADOW_SIZE 128
#define SHADOW_MASK (SHADOW_SIZE - 1)

struct shadow {
	u64 where;
	struct hlist_node hlist;
};

struct manager {
	struct hlist_head buckets[SHADOW_SIZE];
	int count;
};

static int is_shadow(struct manager *tm, u64 b)
{
	unsigned int bucket = block_hash(b, SHADOW_MASK);
	struct shadow *si;

	hlist_for_each_entry(si, tm->buckets + bucket, hlist)
		if (si->where == b)
			return 1;
	return 0;
}

static void insert_shadow(struct manager *tm, struct shadow *si, u64 b)
{
	unsigned int bucket;

	si->where = b;
	bucket = block_hash(b, SHADOW_MASK);
	hlist_add_head(&si->hlist, tm->buckets + bucket);
	tm->count++;
}

static void manager_init(struct manager *tm)
{
	int i;

	for (i = 0; i < SHADOW_SIZE; i++)
		INIT_HLIST_HEAD(tm->buckets + i);
	tm->count = 0;
}

int main(void)
{
	static struct manager tm;
	static struct shadow shadows[40];
	int i, hits = 0;

	manager_init(&tm);
	for (i = 0; i < 40; i++)
		insert_shadow(&tm, &shadows[i], (u64)i * 4099 + ((u64)i << 35));
	for (i = 0; i < 80; i++)
		hits += is_shadow(&tm, (u64)i * 4099 + ((u64)i << 35));
	printf("hits %d of %d\n", hits, tm.count);
	return 0;
}
