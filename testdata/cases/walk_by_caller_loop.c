// expect: ring_hash skipped: a walk in a helper that a loop calls with its counter visits buckets
// reason: ring_hash the walk of the bucket of "b" is no lookup ("s = s * 3 + it->key;" comes before a test of "b")
/*
 * bucket_sum() looks like a lookup of key b, but its one caller calls it
 * for every bucket in turn: ring_sum() passes the counter of its loop.
 * hash_for_each_possible(ring_hash, it, node, b) would visit hash_min(b)'s
 * bucket instead, and the sum would change.
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

static unsigned int bucket_sum(unsigned int b)
{
	struct item *it;
	unsigned int s = 0;

	hlist_for_each_entry(it, &ring_hash[b & (RING_SIZE - 1)], node)
		s = s * 3 + it->key;
	return s;
}

static unsigned int ring_sum(unsigned int start)
{
	unsigned int i, s = 0;

	for (i = start; i < start + RING_SIZE; i++)
		s = s * 7 + bucket_sum(i);
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
