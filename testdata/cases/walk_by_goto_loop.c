// expect: ring_hash skipped: a walk by a counter of a goto loop visits buckets, not keys
// reason: ring_hash the walk of the bucket of "i" is no lookup ("s = s * 3 + it->key;" comes before a test of "i")
/*
 * ring_sum() walks every bucket, starting at any one, in a loop made of a
 * label and a goto back to it: its "key" is the loop's counter, masked into
 * the table. hash_for_each_possible(ring_hash, it, node, i) would visit
 * hash_min(i)'s buckets instead, and the sum would change.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define RING_SIZE	16

struct item {
	unsigned int key;
	struct hlist_node node;
};

static struct hlist_head ring_hash[RING_SIZE];

static void ring_add(struct item *it)
{
	hlist_add_head(&it->node, &ring_hash[it->key & (RING_SIZE - 1)]);
}

static unsigned int ring_sum(unsigned int start)
{
	struct item *it;
	unsigned int i = start, s = 0;

again:
	hlist_for_each_entry(it, &ring_hash[i & (RING_SIZE - 1)], node)
		s = s * 3 + it->key;
	if (++i < start + RING_SIZE)
		goto again;
	return s;
}

int main(void)
{
	static struct item items[] = { { 1 }, { 17 }, { 3 }, { 33 }, { 8 } };
	unsigned int i;

	for (i = 0; i < 5; i++)
		ring_add(&items[i]);
	printf("%u %u\n", ring_sum(0), ring_sum(5));
	return 0;
}
