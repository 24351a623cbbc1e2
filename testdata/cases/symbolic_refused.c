// expect: unparen_tab skipped: its size macro is not parenthesised
// reason: unparen_tab cannot evaluate (UNPAREN_SIZE is not parenthesised)
// expect: undef_tab skipped: the bits macro is redefined between the table and a use
// reason: undef_tab the file #undefs HBITS, which the bucket count needs
// expect: macro_mask_tab skipped: the mask argument would regroup the macro body
// reason: macro_mask_tab "OBJ_HASH(o->key, 0 | OBJ_MASK)": cannot evaluate
// expect: u8_mask_tab skipped: the mask parameter cannot hold the mask
// reason: u8_mask_tab "blk_hash(o->key, 511)": cannot evaluate
/*
 * Sizes and masks that read one way and compile another; each must be refused.
 * - #define UNPAREN_SIZE 1 << UNPAREN_BITS: "UNPAREN_SIZE - 1" is
 *   1 << (UNPAREN_BITS - 1) to the compiler, a one-bit mask.
 * - HBITS is #undef'd and redefined: TBITS (at the table) and LBITS (at the
 *   lookup) spell the same name and mean 4 and 3.
 * - OBJ_HASH(k, m) pastes "0 | OBJ_MASK" after "&": (k * 31 & 0) | OBJ_MASK.
 * - blk_hash() takes its mask as a u8: 511 arrives as 255.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

struct obj {
	u32 key;
	struct hlist_node node;
};

#define UNPAREN_BITS	4
#define UNPAREN_SIZE	1 << UNPAREN_BITS

static struct hlist_head unparen_tab[UNPAREN_SIZE];

static void unparen_add(struct obj *o)
{
	hlist_add_head(&o->node, &unparen_tab[o->key & (UNPAREN_SIZE - 1)]);
}

#define HBITS	4
#define TBITS	HBITS

static struct hlist_head undef_tab[1 << TBITS];

static void undef_add(struct obj *o)
{
	hlist_add_head(&o->node, &undef_tab[hash_32(o->key, TBITS)]);
}

#undef HBITS
#define HBITS	3
#define LBITS	HBITS

static int undef_find(u32 key)
{
	struct obj *o;

	hlist_for_each_entry(o, &undef_tab[hash_32(key, LBITS)], node)
		if (o->key == key)
			return 1;
	return 0;
}

#define OBJ_SIZE	16
#define OBJ_MASK	(OBJ_SIZE - 1)
#define OBJ_HASH(k, m)	(((k) * 31) & m)

static struct hlist_head macro_mask_tab[OBJ_SIZE];

static void macro_mask_add(struct obj *o)
{
	hlist_add_head(&o->node, &macro_mask_tab[OBJ_HASH(o->key, 0 | OBJ_MASK)]);
}

static inline unsigned int blk_hash(u32 key, u8 mask)
{
	return (key * 2654435761u) & mask;
}

static struct hlist_head u8_mask_tab[512];

static void u8_mask_add(struct obj *o)
{
	hlist_add_head(&o->node, &u8_mask_tab[blk_hash(o->key, 511)]);
}

static int used(struct hlist_head *tab, int n)
{
	int i, u = 0;

	for (i = 0; i < n; i++)
		u += !hlist_empty(&tab[i]);
	return u;
}

int main(void)
{
	static struct obj a[8], b[8], c[8], d[8];
	int i, hits = 0;

	for (i = 0; i < 8; i++) {
		a[i].key = b[i].key = c[i].key = d[i].key = i * 37 + 1;
		unparen_add(&a[i]);
		undef_add(&b[i]);
		macro_mask_add(&c[i]);
		u8_mask_add(&d[i]);
	}
	for (i = 0; i < 8; i++)
		hits += undef_find(i * 37 + 1);
	printf("hits %d; used %d %d %d\n", hits, used(unparen_tab, 16), used(macro_mask_tab, 16),
	       used(u8_mask_tab, 512));
	return 0;
}
