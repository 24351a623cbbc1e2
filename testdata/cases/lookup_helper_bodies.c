// expect: live_tab converted
// expect: neg_tab converted
// expect: alias_tab skipped: the helper compares the alias of some entries
// reason: alias_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: either_tab skipped: the helper is true for the key or the alias
// reason: either_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: fold_tab skipped: a helper with a loop is not read
// reason: fold_tab the walk of the bucket of "key" is no lookup (the test calls fold_equal() before a test of "key")
// expect: narrow_tab skipped: u8 parameters cut the key
// reason: narrow_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: pointer_tab skipped: a comparator through a pointer
// expect: getter_tab skipped: a getter returns the alias
// reason: getter_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: alias_macro_tab skipped: a macro alias of a low-byte compare
// reason: alias_macro_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: byte_local_tab skipped: u8 locals cut the key
// reason: byte_local_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// reason: pointer_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
/*
 * Comparison helpers of the file are read by their bodies, never by their
 * names. A chain of if (c) return v; before a last return is one expression
 * (if (e->dead) return false; return e->key == key; is !e->dead && e->key ==
 * key): a lookup when it proves the key equal, as a test written in the walk
 * would. A helper that compares another field on some path (alias_tab,
 * either_tab), a loop (fold_tab), a parameter narrower than the key that
 * cuts it (narrow_tab) or a comparator reached through a pointer (pointer_tab)
 * proves nothing, whatever its name says; a getter is read for the field it
 * returns (getter_tab: item_key() returns the alias). Each converted with the
 * output changed before 2026-12-07 (an eighth review's r05-r08, r64, r67).
 * A name the file makes with a macro (#define item_alike low_eq) is no
 * kernel function to be read by its name, and u8 locals in a helper cut
 * the key (alias_macro_tab, byte_local_tab: a ninth review's s27, s29).
 * The keys collide under the mask (1, 17, 0x101) so that the buckets before
 * hold other keys too.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define TAB_SIZE	16
#define TAB_MASK	(TAB_SIZE - 1)

struct item {
	unsigned int key;
	unsigned int alias;
	int dead;
	struct hlist_node node;
};

static struct hlist_head live_tab[TAB_SIZE];
static struct hlist_head neg_tab[TAB_SIZE];
static struct hlist_head alias_tab[TAB_SIZE];
static struct hlist_head either_tab[TAB_SIZE];
static struct hlist_head fold_tab[TAB_SIZE];
static struct hlist_head narrow_tab[TAB_SIZE];
static struct hlist_head pointer_tab[TAB_SIZE];
static struct hlist_head getter_tab[TAB_SIZE];
static struct hlist_head alias_macro_tab[TAB_SIZE];
static struct hlist_head byte_local_tab[TAB_SIZE];

#define N 5
static struct item items[10][N];
static const unsigned int keys[N] = { 1, 17, 0x101, 2, 0x211 };
static const unsigned int queries[] = { 1, 17, 33, 0x101, 0x201, 2, 0x211, 0x11 };

/* an early return of false, then the key: a lookup */
static bool item_live_eq(const struct item *e, unsigned int key)
{
	if (e->dead)
		return false;
	return e->key == key;
}

/* the key unequal returns false, then true: the key is equal */
static bool item_same(const struct item *e, unsigned int key)
{
	if (e->key != key)
		return false;
	return true;
}

/* an aliased entry answers to its alias, added by its key */
static bool item_match(const struct item *e, unsigned int key)
{
	if (e->dead)
		return e->alias == key;
	else
		return e->key == key;
}

/* the key or the alias */
static int item_eq(const struct item *e, unsigned int key)
{
	if (e->key == key)
		return 1;
	if (e->alias && e->alias == key)
		return 1;
	return 0;
}

/* equal in the top nibble: a loop */
static bool fold_equal(const struct item *e, unsigned int key)
{
	unsigned int a = e->key, b = key;

	while (a > 0xf || b > 0xf) {
		a >>= 4;
		b >>= 4;
	}
	return a == b;
}

/* the parameters keep the low byte of what they are given */
static inline bool key_eq(u8 a, u8 b)
{
	return a == b;
}

static bool low_eq(const struct item *e, unsigned int key)
{
	return (u8)e->key == (u8)key;
}

static bool (*match)(const struct item *, unsigned int) = low_eq;

#define item_alike low_eq

static bool byte_eq(const struct item *e, unsigned int key)
{
	u8 a = e->key;
	u8 b = key;

	return a == b;
}

static unsigned int item_key(const struct item *e)
{
	return e->alias;
}

static struct item *live_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &live_tab[key & TAB_MASK], node)
		if (item_live_eq(e, key))
			return e;
	return NULL;
}

static struct item *neg_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &neg_tab[key & TAB_MASK], node)
		if (item_same(e, key))
			return e;
	return NULL;
}

static struct item *alias_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &alias_tab[key & TAB_MASK], node)
		if (item_match(e, key))
			return e;
	return NULL;
}

static struct item *either_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &either_tab[key & TAB_MASK], node) {
		if (!item_eq(e, key))
			continue;
		return e;
	}
	return NULL;
}

static struct item *fold_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &fold_tab[key & TAB_MASK], node)
		if (fold_equal(e, key))
			return e;
	return NULL;
}

static struct item *narrow_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &narrow_tab[key & TAB_MASK], node)
		if (key_eq(e->key, key))
			return e;
	return NULL;
}

static struct item *pointer_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &pointer_tab[key & TAB_MASK], node)
		if (match(e, key))
			return e;
	return NULL;
}

static struct item *getter_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &getter_tab[key & TAB_MASK], node)
		if (item_key(e) == key)
			return e;
	return NULL;
}

static struct item *alias_macro_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &alias_macro_tab[key & TAB_MASK], node)
		if (item_alike(e, key))
			return e;
	return NULL;
}

static struct item *byte_local_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &byte_local_tab[key & TAB_MASK], node)
		if (byte_eq(e, key))
			return e;
	return NULL;
}

static long at(int t, const struct item *e)
{
	return e ? (long)(e - items[t]) : -1L;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < N; i++) {
		int t;

		for (t = 0; t < 10; t++) {
			items[t][i].key = keys[i];
			items[t][i].alias = keys[i] + 16;
			items[t][i].dead = i == 1;
		}
		hlist_add_head(&items[0][i].node, &live_tab[items[0][i].key & TAB_MASK]);
		hlist_add_head(&items[1][i].node, &neg_tab[items[1][i].key & TAB_MASK]);
		hlist_add_head(&items[2][i].node, &alias_tab[items[2][i].key & TAB_MASK]);
		hlist_add_head(&items[3][i].node, &either_tab[items[3][i].key & TAB_MASK]);
		hlist_add_head(&items[4][i].node, &fold_tab[items[4][i].key & TAB_MASK]);
		hlist_add_head(&items[5][i].node, &narrow_tab[items[5][i].key & TAB_MASK]);
		hlist_add_head(&items[6][i].node, &pointer_tab[items[6][i].key & TAB_MASK]);
		hlist_add_head(&items[7][i].node, &getter_tab[items[7][i].key & TAB_MASK]);
		hlist_add_head(&items[8][i].node, &alias_macro_tab[items[8][i].key & TAB_MASK]);
		hlist_add_head(&items[9][i].node, &byte_local_tab[items[9][i].key & TAB_MASK]);
	}
	for (i = 0; i < ARRAY_SIZE(queries); i++) {
		unsigned int k = queries[i];

		printf("%x: %ld %ld %ld %ld %ld %ld %ld %ld\n", k, at(0, live_find(k)),
		       at(1, neg_find(k)), at(2, alias_find(k)), at(3, either_find(k)),
		       at(4, fold_find(k)), at(5, narrow_find(k)), at(6, pointer_find(k)),
		       at(7, getter_find(k)));
		printf("   %ld %ld\n", at(8, alias_macro_find(k)), at(9, byte_local_find(k)));
	}
	return 0;
}
