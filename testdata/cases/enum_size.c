// expect: quux_hash converted
/*
 * Size, bits and mask as enum constants rather than macros.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

enum {
	QUUX_HASH_BITS	= 3,
	QUUX_HASH_SIZE	= 1 << QUUX_HASH_BITS,
	QUUX_HASH_MASK	= QUUX_HASH_SIZE - 1,
};

struct quux {
	unsigned int handle;
	unsigned int gen;
	struct hlist_node hentry;
};

static struct hlist_head quux_hash[QUUX_HASH_SIZE];

static void quux_init(void)
{
	int i;

	for (i = 0; i < QUUX_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&quux_hash[i]);
}

static struct quux *quux_find(unsigned int handle)
{
	struct quux *q;

	hlist_for_each_entry(q, &quux_hash[handle & QUUX_HASH_MASK], hentry)
		if (q->handle == handle)
			return q;
	return NULL;
}

static unsigned int quux_touch(unsigned int handle)
{
	struct quux *q = quux_find(handle);

	if (!q) {
		q = kzalloc(sizeof(*q), GFP_KERNEL);
		if (!q)
			return 0;
		q->handle = handle;
		hlist_add_head(&q->hentry, &quux_hash[handle & QUUX_HASH_MASK]);
	}
	return ++q->gen;
}

static void quux_drop(unsigned int handle)
{
	struct quux *q = quux_find(handle);

	if (q) {
		hlist_del(&q->hentry);
		kfree(q);
	}
}

int main(void)
{
	unsigned int h, sum = 0;

	quux_init();
	for (h = 0; h < 64; h++)
		quux_touch(h * 5);
	for (h = 0; h < 64; h += 2)
		quux_touch(h * 5);
	for (h = 0; h < 64; h += 3)
		quux_drop(h * 5);
	for (h = 0; h < 400; h++) {
		struct quux *q = quux_find(h);

		if (q)
			sum += q->gen * h;
	}
	printf("sum %u, 10: %u, 15: %u, 20: %u\n", sum,
	       quux_find(10) ? quux_find(10)->gen : 0,
	       quux_find(15) ? quux_find(15)->gen : 0,
	       quux_find(20) ? quux_find(20)->gen : 0);
	for (h = 0; h < 400; h++)
		quux_drop(h);
	printf("after drop: %d\n", quux_find(10) != NULL);
	return 0;
}
