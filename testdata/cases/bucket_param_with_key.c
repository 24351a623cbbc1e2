// expect: slot_hash skipped: a lookup whose callers give the bucket of its key
// reason: slot_hash bucket number "idx" is a parameter: its callers compute it
/*
 * find() walks bucket idx for key k, and its callers give it the bucket of the
 * key: k & (SLOT_SIZE - 1), or k itself below SLOT_SIZE. Read as a walk over
 * the buckets by a loop counter, it stayed open-coded while slot_add() moved
 * the entries to hash_min()'s buckets, and every lookup missed (a review). A
 * bucket argument reduced like a key, or given as another argument as well,
 * is no counter of a walk.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define SLOT_SIZE	16

struct item {
	unsigned int key;
	struct hlist_node node;
};

static struct hlist_head slot_hash[SLOT_SIZE];

static int find(unsigned int k, unsigned int idx)
{
	struct item *p;

	hlist_for_each_entry(p, &slot_hash[idx], node)
		if (p->key == k)
			return 1;
	return 0;
}

static void slot_add(struct item *it)
{
	hlist_add_head(&it->node, &slot_hash[it->key & (SLOT_SIZE - 1)]);
}

int main(void)
{
	static struct item items[8];
	unsigned int i;

	for (i = 0; i < 8; i++) {
		items[i].key = i * 7;
		slot_add(&items[i]);
	}
	for (i = 0; i < 60; i++)
		printf("%d", find(i, i & (SLOT_SIZE - 1)));
	printf("\n");
	for (i = 0; i < SLOT_SIZE; i++)
		printf("%d", find(i, i));
	printf("\n");
	return 0;
}
