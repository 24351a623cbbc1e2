// expect: sum_tab skipped: a sum of the bucket
// reason: sum_tab the walk of the bucket of "key" is no lookup ("s = s * 3 + it->key;" comes before a test of "key")
// expect: others_tab skipped: a count of the entries of other keys
// reason: others_tab the walk of the bucket of "key" is no lookup ("n++;" comes before a test of "key")
// expect: range_tab skipped: a range that holds the key is no test of the key
// reason: range_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: owner_tab skipped: a test of something else than the key
// reason: owner_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: first_tab skipped: an effect before the test
// reason: first_tab the walk of the bucket of "key" is no lookup ("hits++;" comes before a test of "key")
// expect: take_tab skipped: a test that changes what it tests
// reason: take_tab the walk of the bucket of "key" is no lookup (the test calls take() before a test of "key")
// expect: polarity_tab skipped: a function true when equal, negated
// reason: polarity_tab the walk of the bucket of "key" is no lookup ("n += it->key;" comes before a test of "key")
// expect: warn_tab skipped: a warning for any entry
// reason: warn_tab the walk of the bucket of "key" is no lookup (the test may warn before a test of "key")
// expect: changed_tab skipped: the key changed in the body
// reason: changed_tab the walk of the bucket of "key" is no lookup (it changes "key")
// expect: netns_tab skipped: a test of one part of the key
// reason: netns_tab the walk of the bucket of "id ^ ns" is no lookup ("return" comes before a test of "id")
// expect: dir_tab skipped: the direction picks the bucket, only the key is compared
// reason: dir_tab the walk of the bucket of "k + 8 * dir" is no lookup ("return" comes before a test of "dir", "k")
// expect: field_tab skipped: another field of the key's struct is compared
// reason: field_tab the walk of the bucket of "req->key" is no lookup ("return" comes before a test of "req->key")
/*
 * Walks of the bucket of a key that meet the entries of other keys and act
 * on them: converted, hash_for_each_possible() would visit other entries
 * (the keys collide under the mask: 1, 17 and 33 share a bucket before, not
 * after), and each of these would print another result. Each is refused,
 * with the statement that acts before the key is tested (all of it: netns_tab
 * hashes an id and a namespace, and finds the first entry of the namespace;
 * dir_tab puts the two directions of a key 8 buckets apart, which hash_min()
 * may put together, and compares the key alone; field_tab picks the bucket by
 * req->key and compares the owner of req).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define TAB_SIZE	16
#define TAB_MASK	(TAB_SIZE - 1)

struct item {
	unsigned int key;
	unsigned int owner;
	unsigned int len;
	unsigned int id, ns;
	int taken;
	struct hlist_node node;
};

static struct hlist_head sum_tab[TAB_SIZE];
static struct hlist_head others_tab[TAB_SIZE];
static struct hlist_head range_tab[TAB_SIZE];
static struct hlist_head owner_tab[TAB_SIZE];
static struct hlist_head first_tab[TAB_SIZE];
static struct hlist_head take_tab[TAB_SIZE];
static struct hlist_head polarity_tab[TAB_SIZE];
static struct hlist_head warn_tab[TAB_SIZE];
static struct hlist_head changed_tab[TAB_SIZE];
static struct hlist_head netns_tab[TAB_SIZE];
static struct hlist_head dir_tab[TAB_SIZE];
static struct hlist_head field_tab[TAB_SIZE];
static unsigned int hits;

static int key_eq(const struct item *it, unsigned int key)
{
	return it->key == key;
}

static int take(struct item *it)
{
	return it->taken++ == 0;
}

/* the sum of a bucket, called once */
static unsigned int sum_of(unsigned int key)
{
	struct item *it;
	unsigned int s = 0;

	hlist_for_each_entry(it, &sum_tab[key & TAB_MASK], node)
		s = s * 3 + it->key;
	return s;
}

/* the entries of the key skipped, the others counted */
static unsigned int others_of(unsigned int key)
{
	struct item *it;
	unsigned int n = 0;

	hlist_for_each_entry(it, &others_tab[key & TAB_MASK], node) {
		if (it->key == key)
			continue;
		n++;
	}
	return n;
}

/* a range that holds the key: entries of other keys match it */
static struct item *range_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &range_tab[key & TAB_MASK], node)
		if (it->key <= key && key < it->key + it->len)
			return it;
	return NULL;
}

/* the first entry of an owner in the bucket */
static struct item *owner_find(unsigned int key, unsigned int owner)
{
	struct item *it;

	hlist_for_each_entry(it, &owner_tab[key & TAB_MASK], node)
		if (it->owner == owner)
			return it;
	return NULL;
}

/* a count of every entry met, then the lookup */
static struct item *first_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &first_tab[key & TAB_MASK], node) {
		hits++;
		if (it->key != key)
			continue;
		return it;
	}
	return NULL;
}

/* a test that marks every entry it meets */
static struct item *take_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &take_tab[key & TAB_MASK], node) {
		if (!take(it))
			continue;
		if (it->key == key)
			return it;
	}
	return NULL;
}

/* key_eq() is true when equal: negated, the body runs for the other keys */
static unsigned int polarity_of(unsigned int key)
{
	struct item *it;
	unsigned int n = 0;

	hlist_for_each_entry(it, &polarity_tab[key & TAB_MASK], node)
		if (!key_eq(it, key))
			n += it->key;
	return n;
}

/* a warning for an entry of any key */
static struct item *warn_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &warn_tab[key & TAB_MASK], node) {
		if (WARN_ON(it->owner == 0))
			continue;
		if (it->key == key)
			return it;
	}
	return NULL;
}

/* the key moved on from entry to entry */
static unsigned int changed_of(unsigned int key)
{
	struct item *it;
	unsigned int n = 0;

	hlist_for_each_entry(it, &changed_tab[key & TAB_MASK], node) {
		if (it->key == key) {
			n++;
			key += 16;
		}
	}
	return n;
}

/* the first entry of a namespace in the bucket of an id in it */
static struct item *netns_find(unsigned int id, unsigned int ns)
{
	struct item *it;

	hlist_for_each_entry(it, &netns_tab[(id ^ ns) & TAB_MASK], node)
		if (it->ns == ns)
			return it;
	return NULL;
}

/* the entry of a key in one direction: the direction is not compared */
static struct item *dir_find(unsigned int k, unsigned int dir)
{
	struct item *it;

	hlist_for_each_entry(it, &dir_tab[(k + 8 * dir) & TAB_MASK], node)
		if (it->key == k)
			return it;
	return NULL;
}

/* the first entry of the owner of a request in the bucket of its key */
static struct item *field_find(const struct item *req)
{
	struct item *it;

	hlist_for_each_entry(it, &field_tab[req->key & TAB_MASK], node)
		if (it->owner == req->owner)
			return it;
	return NULL;
}

static struct item items[12][6] = {
#define ITEMS { { 1, 7, 40, 1, 2 }, { 17, 7, 1, 3, 2 }, { 3, 8, 1, 1, 18 }, \
		{ 33, 0, 1, 17, 2 }, { 17, 8, 1, 19, 2 }, { 8, 7, 1, 8, 0 } }
	ITEMS, ITEMS, ITEMS, ITEMS, ITEMS, ITEMS, ITEMS, ITEMS, ITEMS, ITEMS, ITEMS,
	ITEMS,
};

int main(void)
{
	static const unsigned int keys[] = { 1, 2, 17, 33, 49, 8, 3 };
	static struct item nine = { 9 };
	unsigned int i;

	for (i = 0; i < 6; i++) {
		hlist_add_head(&items[0][i].node, &sum_tab[items[0][i].key & TAB_MASK]);
		hlist_add_head(&items[1][i].node, &others_tab[items[1][i].key & TAB_MASK]);
		hlist_add_head(&items[2][i].node, &range_tab[items[2][i].key & TAB_MASK]);
		hlist_add_head(&items[3][i].node, &owner_tab[items[3][i].key & TAB_MASK]);
		hlist_add_head(&items[4][i].node, &first_tab[items[4][i].key & TAB_MASK]);
		hlist_add_head(&items[5][i].node, &take_tab[items[5][i].key & TAB_MASK]);
		hlist_add_head(&items[6][i].node, &polarity_tab[items[6][i].key & TAB_MASK]);
		hlist_add_head(&items[7][i].node, &warn_tab[items[7][i].key & TAB_MASK]);
		hlist_add_head(&items[8][i].node, &changed_tab[items[8][i].key & TAB_MASK]);
		hlist_add_head(&items[9][i].node,
			       &netns_tab[(items[9][i].id ^ items[9][i].ns) & TAB_MASK]);
		hlist_add_head(&items[10][i].node,
			       &dir_tab[(items[10][i].key + 8 * (i & 1)) & TAB_MASK]);
		hlist_add_head(&items[11][i].node, &field_tab[items[11][i].key & TAB_MASK]);
	}
	for (i = 0; i < 7; i++) {
		struct item *r = range_find(keys[i]), *o = owner_find(keys[i], 8);
		struct item *f = first_find(keys[i]), *t = take_find(keys[i]);
		struct item *w = warn_find(keys[i]);

		printf("%u: %u %u %ld %ld %ld %ld %u %ld %u\n", keys[i], sum_of(keys[i]),
		       others_of(keys[i]), r ? (long)(r - items[2]) : -1L,
		       o ? (long)(o - items[3]) : -1L, f ? (long)(f - items[4]) : -1L,
		       t ? (long)(t - items[5]) : -1L, polarity_of(keys[i]),
		       w ? (long)(w - items[7]) : -1L, changed_of(keys[i]));
	}
	for (i = 0; i < 7; i++) {
		struct item *n = netns_find(keys[i], 2);
		struct item *d = dir_find(keys[i], 0), *e = dir_find(keys[i], 1);

		printf("%u: %ld %ld %ld\n", keys[i], n ? (long)(n - items[9]) : -1L,
		       d ? (long)(d - items[10]) : -1L, e ? (long)(e - items[10]) : -1L);
	}
	/* 9 + 8 and 9 share a bucket under hash_min(), not under the mask */
	hlist_add_head(&nine.node, &dir_tab[(nine.key + 8 * 1) & TAB_MASK]);
	printf("9: %d %d\n", dir_find(9, 0) != NULL, dir_find(9, 1) != NULL);
	for (i = 0; i < 6; i++) {
		struct item *f = field_find(&items[3][i]);

		printf("%ld", f ? (long)(f - items[11]) : -1L);
	}
	printf("\n");
	printf("hits %u\n", hits);
	return 0;
}
