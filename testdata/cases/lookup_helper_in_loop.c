// expect: ring_hash converted
/*
 * ring_has() is a lookup, and ring_count() calls it in a loop: but the loop
 * sets the key afresh from the next element, it does not count through the
 * buckets, and ring_has() compares what it finds with its key. Each call
 * looks up one key, before and after the conversion (the walk of a helper
 * that a loop calls with its counter is refused: walk_by_caller_loop).
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

static int ring_has(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &ring_hash[key & (RING_SIZE - 1)], node)
		if (it->key == key)
			return 1;
	return 0;
}

static unsigned int ring_count(const unsigned int *keys, unsigned int n)
{
	unsigned int key, found = 0;

	while (n--) {
		key = *keys++;
		found += ring_has(key);
	}
	return found;
}

int main(void)
{
	static struct item items[] = { { 1 }, { 17 }, { 3 }, { 33 }, { 8 } };
	unsigned int i;

	for (i = 0; i < 5; i++)
		ring_add(&items[i]);
	static const unsigned int keys[] = { 1, 2, 17, 33, 49, 8 };

	printf("%u\n", ring_count(keys, 6));
	return 0;
}
