// expect: packed_tab skipped
// reason: packed_tab the walk of the bucket of "id" is no lookup ("return" comes before a test of "id")
// expect: route_tab skipped
// reason: route_tab the walk of the bucket of "addr" is no lookup ("return" comes before a test of "addr")
// expect: prefix_tab skipped
// reason: prefix_tab the walk of the bucket of "addr" is no lookup ("return" comes before a test of "addr")
/*
 * Tests of a part of a key: an id that shares its word with a flag, compared
 * through a mask of the entry only; a route that covers every address that
 * agrees with it in its low plen bits, tested inline or by a function given
 * the entry's length too. Keys that differ outside the part shared a bucket
 * under the mask and answer the lookup; hash_min() puts them elsewhere
 * (converted by bb32928 with the output changed: a fourth review's q17, a
 * fifth review's q18). fold_kept has a mask that the key loses too.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define ITEM_STATIC	0x80000000u
#define ITEM_ID_MASK	0x7fffffffu

struct item {
	u32 word;
	struct hlist_node node;
};

struct route {
	unsigned int key;
	int plen;
	struct hlist_node node;
	struct hlist_node prefix_node;
};

static struct item items[] = { { 1 }, { 17 | ITEM_STATIC }, { 33 }, { 9 | ITEM_STATIC }, { 30 } };
static const u32 ids[] = { 1, 17, 33, 9, 30, 5 };
static struct route routes[] = { { 1, 4 }, { 9, 32 }, { 3, 32 } };
static const unsigned int addrs[] = { 1, 17, 33, 9, 3, 19 };

static struct hlist_head packed_tab[16];
static struct hlist_head route_tab[16];
static struct hlist_head prefix_tab[16];

/* the id shares its word with a flag in the top bit */
static struct item *packed_find(u32 id)
{
	struct item *it;

	hlist_for_each_entry(it, &packed_tab[id & 15], node)
		if ((it->word & ITEM_ID_MASK) == id)
			return it;
	return NULL;
}

static bool route_match(const struct route *r, unsigned int addr)
{
	return (addr & ((1ull << r->plen) - 1)) == r->key;
}

static struct route *route_find(unsigned int addr)
{
	struct route *r;

	hlist_for_each_entry(r, &route_tab[addr & 15], node)
		if (route_match(r, addr))
			return r;
	return NULL;
}

static bool low_prefix_equal(unsigned int a, unsigned int b, int plen)
{
	unsigned long long mask = (1ull << plen) - 1;

	return (a & mask) == (b & mask);
}

static struct route *prefix_find(unsigned int addr)
{
	struct route *r;

	hlist_for_each_entry(r, &prefix_tab[addr & 15], prefix_node)
		if (low_prefix_equal(r->key, addr, r->plen))
			return r;
	return NULL;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < 5; i++)
		hlist_add_head(&items[i].node, &packed_tab[items[i].word & 15]);
	for (i = 0; i < 3; i++) {
		hlist_add_head(&routes[i].node, &route_tab[routes[i].key & 15]);
		hlist_add_head(&routes[i].prefix_node, &prefix_tab[routes[i].key & 15]);
	}
	for (i = 0; i < 6; i++) {
		struct item *it = packed_find(ids[i]);
		struct route *r = route_find(addrs[i]), *p = prefix_find(addrs[i]);

		printf("%u:%ld %u:%ld,%ld ", ids[i], it ? (long)(it - items) : -1L, addrs[i],
		       r ? (long)(r - routes) : -1L, p ? (long)(p - routes) : -1L);
	}
	printf("\n");
	return 0;
}
