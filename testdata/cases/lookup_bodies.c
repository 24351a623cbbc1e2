// expect: flag_tab converted
// expect: cmp_tab converted
// expect: compare_tab converted
// expect: warn_tab converted
// expect: count_tab converted
// expect: branch_tab converted
// expect: dup_tab skipped: the entries are added by the packet's hash, the test compares their key
// reason: dup_tab the walk of the bucket of "head" is no lookup ("return" comes before a test of "hash")
// expect: getter_tab converted
// expect: outside_tab converted
// expect: pair_tab converted
// expect: source_tab converted
// expect: seed_tab converted
/*
 * Walks of the bucket of a key whose bodies skip the entries of other keys,
 * each its own way: converted, hash_for_each_possible() meets other entries
 * than the open-coded walk (hash_min() spreads the keys otherwise than the
 * mask), but every effect of the body comes after a test of the key or
 * under one, so the program prints the same. The keys collide under the
 * mask (1, 17, 33) so that the buckets before hold other keys too. A key
 * of two names is tested whole (pair_tab: one filter each), and a key that
 * a local computes is tested by what it is computed from (source_tab); a seed
 * of the file, given its value once by an __init function, is the same for
 * every entry (seed_tab). A walk by a packet's hash that tests the key of
 * the entry (dup_tab, through a helper of if and returns) is no lookup: two
 * hashes that share a masked bucket need not share a hash_min() one.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/string.h>
#include <linux/init.h>

#define TAB_SIZE	16
#define TAB_MASK	(TAB_SIZE - 1)

struct item {
	unsigned int key;
	unsigned int owner;
	unsigned int wide;
	unsigned int ns;
	struct hlist_node node;
};

static struct hlist_head flag_tab[TAB_SIZE];
static struct hlist_head cmp_tab[TAB_SIZE];
static struct hlist_head compare_tab[TAB_SIZE];
static struct hlist_head warn_tab[TAB_SIZE];
static struct hlist_head count_tab[TAB_SIZE];
static struct hlist_head branch_tab[TAB_SIZE];
static struct hlist_head dup_tab[TAB_SIZE];
static struct hlist_head getter_tab[TAB_SIZE];
static struct hlist_head outside_tab[TAB_SIZE];
static struct hlist_head pair_tab[TAB_SIZE];
static struct hlist_head source_tab[TAB_SIZE];
static struct hlist_head seed_tab[TAB_SIZE];
static unsigned int seed;

static int key_eq(const struct item *it, unsigned int key)
{
	return it->key == key;
}

static int key_compare(const unsigned int *a, const unsigned int *b)
{
	return *a != *b;
}

static bool item_match(const struct item *a, const struct item *b)
{
	if (a->key != b->key)
		return false;
	return true;
}

static unsigned int owner_of(const struct item *it)
{
	return it->owner;
}

/* a flag given the test, then tested */
static int flag_has(unsigned int key)
{
	struct item *it;
	int found;

	hlist_for_each_entry(it, &flag_tab[key & TAB_MASK], node) {
		found = key_eq(it, key);
		if (found)
			return 1;
	}
	return 0;
}

/* memcmp() is 0 when equal: not 0 skips the entry */
static struct item *cmp_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &cmp_tab[key & TAB_MASK], node) {
		if (memcmp(&it->key, &key, sizeof(key)))
			continue;
		return it;
	}
	return NULL;
}

/* a comparison function of the file, 0 when equal too */
static int compare_has(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &compare_tab[key & TAB_MASK], node)
		if (!key_compare(&it->key, &key))
			return 1;
	return 0;
}

/* the test inside WARN_ON_ONCE(), as lockdep_register_key() has it */
static int warn_add(struct item *new)
{
	unsigned int key = new->key;
	struct hlist_head *head = &warn_tab[key & TAB_MASK];
	struct item *it;

	hlist_for_each_entry(it, head, node) {
		if (WARN_ON_ONCE(it->key == key))
			return -1;
	}
	hlist_add_head(&new->node, head);
	return 0;
}

/* a sum of tests: an entry of another key adds 0 */
static unsigned int count_of(unsigned int key)
{
	struct item *it;
	unsigned int n = 0;

	hlist_for_each_entry(it, &count_tab[key & TAB_MASK], node)
		n += it->key == key;
	return n;
}

/* each branch skips the entries of other keys */
static struct item *branch_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &branch_tab[key & TAB_MASK], node) {
		if (it->wide) {
			if (it->key != key)
				continue;
		} else if (it->key != key) {
			continue;
		}
		return it;
	}
	return NULL;
}

/* the search for an equal of the entry it then adds to the same bucket */
struct packet {
	unsigned int hash;
	unsigned int key;
};

static struct item dup_pool[8];
static unsigned int dup_used;

static int dup_add(const struct packet *pkt)
{
	struct item *new = &dup_pool[dup_used];
	unsigned int hash = pkt->hash;
	struct hlist_head *head;
	struct item *it;

	new->key = pkt->key;
	head = &dup_tab[hash & TAB_MASK];
	hlist_for_each_entry(it, head, node)
		if (item_match(it, new))
			return -1;
	hlist_add_head(&new->node, head);
	dup_used++;
	return 0;
}

/* a local given a getter of the entry first, a filter on it, then the key */
static struct item *getter_find(unsigned int key, unsigned int me)
{
	struct item *it;

	hlist_for_each_entry(it, &getter_tab[key & TAB_MASK], node) {
		unsigned int owner = owner_of(it);

		if (owner != me)
			continue;
		if (it->key != key)
			continue;
		return it;
	}
	return NULL;
}

/* below or above: not equal */
static int outside_has(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &outside_tab[key & TAB_MASK], node) {
		if (it->key < key || it->key > key)
			continue;
		return 1;
	}
	return 0;
}

/* one filter for each part of the key */
static struct item *pair_find(unsigned int key, unsigned int ns)
{
	struct item *it;

	hlist_for_each_entry(it, &pair_tab[(key ^ ns) & TAB_MASK], node) {
		if (it->key != key)
			continue;
		if (it->ns != ns)
			continue;
		return it;
	}
	return NULL;
}

static unsigned int mix(unsigned int v)
{
	return v * 7 + 3;
}

/* the key a local computes, tested by its source */
static int source_has(unsigned int key)
{
	unsigned int h = mix(key);
	struct item *it;

	hlist_for_each_entry(it, &source_tab[h & TAB_MASK], node)
		if (it->key == key)
			return 1;
	return 0;
}

static void __init seed_init(void)
{
	seed = 0x5a5a;
}

/* a key mixed with the seed: the key alone is compared */
static int seed_has(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &seed_tab[(key ^ seed) & TAB_MASK], node)
		if (it->key == key)
			return 1;
	return 0;
}

static struct item items[12][6] = {
#define ITEMS { { 1, 7, 0, 2 }, { 17, 7, 1, 2 }, { 3, 8, 0, 18 }, { 33, 7, 0, 2 }, \
		{ 17, 8, 0, 18 }, { 8, 7, 1, 0 } }
	ITEMS, ITEMS, ITEMS, ITEMS, ITEMS, ITEMS, ITEMS, ITEMS, ITEMS, ITEMS, ITEMS, ITEMS,
};

int main(void)
{
	static const unsigned int keys[] = { 1, 2, 17, 33, 49, 8, 3 };
	struct packet pkts[] = { { 17, 17 }, { 1, 1 }, { 17, 17 }, { 33, 33 } };
	unsigned int i;

	seed_init();
	for (i = 0; i < 6; i++) {
		hlist_add_head(&items[11][i].node, &seed_tab[(items[11][i].key ^ seed) & TAB_MASK]);
		hlist_add_head(&items[0][i].node, &flag_tab[items[0][i].key & TAB_MASK]);
		hlist_add_head(&items[1][i].node, &cmp_tab[items[1][i].key & TAB_MASK]);
		hlist_add_head(&items[2][i].node, &compare_tab[items[2][i].key & TAB_MASK]);
		hlist_add_head(&items[4][i].node, &count_tab[items[4][i].key & TAB_MASK]);
		hlist_add_head(&items[5][i].node, &branch_tab[items[5][i].key & TAB_MASK]);
		hlist_add_head(&items[7][i].node, &getter_tab[items[7][i].key & TAB_MASK]);
		hlist_add_head(&items[8][i].node, &outside_tab[items[8][i].key & TAB_MASK]);
		hlist_add_head(&items[9][i].node,
			       &pair_tab[(items[9][i].key ^ items[9][i].ns) & TAB_MASK]);
		hlist_add_head(&items[10][i].node, &source_tab[mix(items[10][i].key) & TAB_MASK]);
	}
	for (i = 0; i < 6; i++)
		printf("%d", warn_add(&items[3][i]));
	for (i = 0; i < 4; i++)
		printf(" %d", dup_add(&pkts[i]));
	printf("\n");
	for (i = 0; i < 7; i++) {
		struct item *c = cmp_find(keys[i]), *b = branch_find(keys[i]);
		struct item *g = getter_find(keys[i], 8);

		printf("%u: %d %ld %d %u %ld %ld %d\n", keys[i], flag_has(keys[i]),
		       c ? (long)(c - items[1]) : -1L, compare_has(keys[i]), count_of(keys[i]),
		       b ? (long)(b - items[5]) : -1L, g ? (long)(g - items[7]) : -1L,
		       outside_has(keys[i]));
	}
	for (i = 0; i < 7; i++) {
		struct item *p = pair_find(keys[i], 18), *q = pair_find(keys[i], 2);

		printf("%u: %ld %ld %d %d\n", keys[i], p ? (long)(p - items[9]) : -1L,
		       q ? (long)(q - items[9]) : -1L, source_has(keys[i]), seed_has(keys[i]));
	}
	return 0;
}
