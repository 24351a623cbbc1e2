// expect: ring_hash skipped: a bucket pointer a loop sets from its counter walks the buckets
// reason: ring_hash the walk of the bucket of "head" is no lookup
/*
 * ring_dump() visits every bucket from any one, through a bucket pointer that
 * the loop sets from its step: converted, the walk would visit hash_min()'s
 * bucket of each step instead (some twice, some never). Its body prints every
 * entry: it skips none of another key, so it is no lookup.
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

static void ring_dump(unsigned int start)
{
	struct hlist_head *head;
	struct item *it;
	unsigned int n = RING_SIZE, b = start;

	while (n--) {
		head = &ring_hash[b & (RING_SIZE - 1)];
		hlist_for_each_entry(it, head, node)
			printf(" %u", it->key);
		b++;
	}
	printf("\n");
}

int main(void)
{
	static struct item items[] = { { 21 }, { 7 }, { 42 }, { 28 }, { 14 }, { 0 } };
	unsigned int i;

	for (i = 0; i < 6; i++)
		ring_add(&items[i]);
	ring_dump(0);
	ring_dump(5);
	return 0;
}
