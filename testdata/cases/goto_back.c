// expect: tab skipped: the key changes before a goto takes the use back
// reason: tab key "k" changes before the bucket is used
/*
 * A bucket picked once and used again after a goto back to a label between
 * the pick and the use, the key changed after the use: hash_add() at the use
 * would hash the new key each time (the old code added all three to the
 * bucket of the first).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#define BITS 4
struct item { u32 key; struct hlist_node node; };
static struct hlist_head tab[1 << BITS];
static struct hlist_head *bucket(u32 k) { return &tab[hash_32(k, BITS)]; }
static int count(u32 k)
{
	struct item *it; int f = 0;
	hlist_for_each_entry(it, bucket(k), node) f++;
	return f;
}
int main(void)
{
	static struct item its[3];
	u32 k = 5; int i = 0;
	struct hlist_head *head = bucket(k);
again:
	its[i].key = 5;
	hlist_add_head(&its[i].node, head);
	k += 100;
	if (++i < 3)
		goto again;
	printf("%d %d %u\n", count(5), count(105), k);
	return 0;
}
