// expect: tab skipped: the helper calls a function that a caller shadows
// reason: tab bucket helper bucket() reads "mix", which the caller declares as well
/*
 * A bucket helper whose key calls mix(k), a function of the file: in find(),
 * which has a local function pointer mix of its own, the key written out
 * would call that one (every lookup missed).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#define BITS 4
struct item { u32 key; struct hlist_node node; };
static struct hlist_head tab[1 << BITS];
static u32 mix(u32 k) { return k * 2654435761u; }
static u32 other(u32 k) { return k + 1; }
static struct hlist_head *bucket(u32 k) { return &tab[hash_32(mix(k), BITS)]; }
static void add(struct item *e) { hlist_add_head(&e->node, bucket(e->key)); }
static int find(u32 key)
{
	u32 (*mix)(u32) = other;
	struct item *it; int f = 0;
	hlist_for_each_entry(it, bucket(key), node) f += it->key == key;
	return f + 0 * (int)mix(0);
}
int main(void)
{
	static struct item its[8]; int i, f = 0;
	for (i = 0; i < 8; i++) { its[i].key = i * 7; add(&its[i]); }
	for (i = 0; i < 8; i++) f += find(i * 7);
	printf("found %d of 8\n", f);
	return 0;
}
