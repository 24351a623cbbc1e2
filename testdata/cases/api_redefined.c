// expect: tab skipped
// reason: tab the file defines hash_min() of <linux/hashtable.h> itself: the converted code would use it
/*
 * A file that redefines hash_min() (here to a mask): the converted lookup
 * would expand to its definition, and hash_add() already does. Found by a
 * review: the table was converted, and the program found other entries.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/hashtable.h>
#undef hash_min
#define hash_min(v, b) ((v) & ((1 << (b)) - 1))
struct item { u32 key; struct hlist_node node; };
static struct hlist_head tab[8];
static void add(struct item *it) { hash_add(tab, &it->node, it->key); }
static int find(u32 k)
{
	struct item *it;
	hlist_for_each_entry(it, &tab[hash_32(k, 3)], node)
		if (it->key == k) return 1;
	return 0;
}
int main(void)
{
	static struct item a[10]; int i, n = 0;
	for (i = 0; i < 10; i++) { a[i].key = 0x9E3779B9u * (i + 1); add(&a[i]); }
	for (i = 0; i < 10; i++) n += find(0x9E3779B9u * (i + 1));
	printf("%d\n", n);
	return 0;
}
