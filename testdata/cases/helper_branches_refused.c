// expect: early_hash skipped: it returns in 2 places
// reason: early_hash it returns in 2 places
// expect: count_hash skipped: it changes "hash_calls", which is not its own local
// reason: count_hash it changes "hash_calls", which is not its own local
// expect: store_hash skipped: it assigns something other than a variable
// reason: store_hash it assigns something other than a variable
// expect: wide_hash skipped: without its hash_ptr() it would cut the key
// reason: wide_hash without its hash_ptr() it would cut the key (const struct item *) to 32 bits
/*
 * Index helpers with branches that must stay as they are: one returns
 * early (a reduced value on one path only), one counts its calls in a
 * global, one stores its hash through a pointer, and one returns a u32 hash
 * of a pointer: without the hash_ptr() it would return a truncated key
 * (helper_widen.c has the u64 key, whose helper takes the type of its key).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/slab.h>

#define NR	8

struct item {
	u32 key;
	struct hlist_node node;
};

static struct hlist_head early_hash[NR];
static struct hlist_head count_hash[NR];
static struct hlist_head store_hash[NR];
static struct hlist_head wide_hash[NR];
static unsigned int hash_calls;
static unsigned int last_hash;

static unsigned int early_fn(u32 key)
{
	if (key == 0)
		return 0;
	key ^= key >> 3;
	return key & (NR - 1);
}

static unsigned int count_fn(u32 key)
{
	unsigned int h = key * 7;

	if (h > 100)
		h -= 100;
	hash_calls++;
	return h & (NR - 1);
}

static unsigned int store_fn(u32 key, unsigned int *last)
{
	unsigned int h = key ^ 5;

	if (last)
		*last = h;
	return h & (NR - 1);
}

static u32 wide_fn(const struct item *it)
{
	const struct item *p = it;

	if (it->key & 1)
		p = NULL;
	return hash_ptr(p, 3);
}

static void add(struct item *it)
{
	hlist_add_head(&it[0].node, &early_hash[early_fn(it[0].key)]);
	hlist_add_head(&it[1].node, &count_hash[count_fn(it[1].key)]);
	hlist_add_head(&it[2].node, &store_hash[store_fn(it[2].key, &last_hash)]);
	hlist_add_head(&it[3].node, &wide_hash[wide_fn(&it[3])]);
}

static int found(u32 key, const struct item *obj)
{
	struct item *it;
	int n = 0;

	hlist_for_each_entry(it, &early_hash[early_fn(key)], node)
		n += it->key == key;
	hlist_for_each_entry(it, &count_hash[count_fn(key)], node)
		n += it->key == key;
	hlist_for_each_entry(it, &store_hash[store_fn(key, NULL)], node)
		n += it->key == key;
	hlist_for_each_entry(it, &wide_hash[wide_fn(obj)], node)
		n += it == obj;
	return n;
}

int main(void)
{
	static struct item items[4][4];
	u32 k;
	int i;

	for (i = 0; i < 4; i++) {
		int j;

		for (j = 0; j < 4; j++)
			items[i][j].key = i * 5;
		add(items[i]);
	}
	for (k = 0; k < 20; k += 5)
		printf("%u: %d\n", k, found(k, &items[k / 5][3]));
	printf("calls %u, last %u\n", hash_calls, last_hash);
	return 0;
}
