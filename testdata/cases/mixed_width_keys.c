// expect: blk_hash skipped: keys of different widths (u64 on insert, u32 on lookup)
// reason: blk_hash keys differ in width: long (line
/*
 * The same bucket is picked from a u64 key on insert and from a u32 copy
 * of it on lookup: with a mask only the low bits matter, so this works,
 * but hash_min() hashes a u64 with hash_long() and a u32 with hash_32(),
 * which place the two keys in different buckets.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define BLK_HASH_BITS	5
#define BLK_HASH_SIZE	(1 << BLK_HASH_BITS)
#define BLK_HASH_MASK	(BLK_HASH_SIZE - 1)

struct blk_buf {
	u64 sector;
	unsigned int dirty;
	struct hlist_node hnode;
};

static struct hlist_head blk_hash[BLK_HASH_SIZE];

static void blk_insert(struct blk_buf *b)
{
	u64 k64 = b->sector;

	hlist_add_head(&b->hnode, &blk_hash[k64 & BLK_HASH_MASK]);
}

/* Callers only have the low 32 bits of the sector at hand. */
static struct blk_buf *blk_find_low(u32 k32)
{
	struct blk_buf *b;

	hlist_for_each_entry(b, &blk_hash[k32 & BLK_HASH_MASK], hnode)
		if ((u32)b->sector == k32)
			return b;
	return NULL;
}

static void blk_release(u32 k32)
{
	struct blk_buf *b = blk_find_low(k32);

	if (b) {
		hlist_del(&b->hnode);
		kfree(b);
	}
}

int main(void)
{
	unsigned int i, found = 0, dirty = 0;
	struct blk_buf *b;
	u64 sector;

	for (i = 0; i < 200; i++) {
		b = kzalloc(sizeof(*b), GFP_KERNEL);
		if (!b)
			return 1;
		b->sector = (1ULL << 36) + i * 8;
		b->dirty = i % 2;
		blk_insert(b);
	}
	for (i = 0; i < 200; i++) {
		sector = (1ULL << 36) + i * 8;
		b = blk_find_low((u32)sector);
		if (b) {
			found++;
			dirty += b->dirty;
		}
	}
	printf("found %u, dirty %u, sector 4 %d\n", found, dirty, blk_find_low(4) != NULL);
	for (i = 0; i < 200; i++)
		blk_release((u32)((1ULL << 36) + i * 8));
	return 0;
}
