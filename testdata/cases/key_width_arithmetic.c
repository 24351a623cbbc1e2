// expect: tab skipped
// reason: tab keys differ in width: long (line 22), small (line 17)
/*
 * A key of a u32 field plus an unsigned long offset is 8 bytes (the usual
 * arithmetic conversions), whatever spatch says of its type: hash_min() would
 * hash it with hash_64(), the other site with hash_32(). Found by a review.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/hashtable.h>
#define B 4
struct item { u64 key; u32 k32; struct hlist_node node; };
static struct hlist_head tab[1 << B];
static void add(struct item *it) { hlist_add_head(&it->node, &tab[hash_32(it->k32, B)]); }
static unsigned long off;
static int find(struct item *probe)
{
	struct item *it;
	hlist_for_each_entry(it, &tab[hash_32(probe->k32 + off, B)], node)
		if (it->k32 == (u32)probe->key) return 1;
	return 0;
}
int main(void)
{
	static struct item a[10]; int i, n = 0;
	for (i = 0; i < 10; i++) { a[i].key = 0x100000000ULL * i + 0x9E3779B9u * (i + 1); a[i].k32 = (u32)a[i].key; add(&a[i]); }
	for (i = 0; i < 10; i++) n += find(&a[i]);
	printf("%d\n", n);
	return 0;
}
