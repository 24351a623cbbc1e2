// expect: tab skipped
// reason: tab is a bit-field: hash_min() takes its sizeof
/*
 * A key that is a bit-field: hash_add(tab, &it->node, it->key) would not
 * compile (hash_min() takes sizeof() of its key). Found by a review.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/hashtable.h>
#define B 3
struct item { u32 key : 20; u32 flags : 12; struct hlist_node node; };
static struct hlist_head tab[1 << B];
static void add(struct item *it) { hlist_add_head(&it->node, &tab[hash_32(it->key, B)]); }
static int find(struct item *p)
{
	struct item *it;
	hlist_for_each_entry(it, &tab[hash_32(p->key, B)], node)
		if (it->key == p->key) return 1;
	return 0;
}
int main(void)
{
	static struct item a[10]; int i, n = 0;
	for (i = 0; i < 10; i++) { a[i].key = 0x9E3779B9u * (i + 1); add(&a[i]); }
	for (i = 0; i < 10; i++) n += find(&a[i]);
	printf("%d\n", n);
	return 0;
}
