// expect: cut_tab skipped
// reason: cut_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: eq_tab skipped
// reason: eq_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
/*
 * Comparison helpers of the file that cut or rename what they compare (a
 * sixth review's c10 and c29, converted with the output changed before): a
 * helper returning u8 on both sides of the test, and an item_eq() whose local
 * reads another field than the entries are added by. Read in their place,
 * they compare a part of the key, or the alias.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item {
	unsigned int key;
	unsigned int alias;
	struct hlist_node cut_node;
	struct hlist_node eq_node;
};

static struct item items[] = { { 1, 0x101 }, { 0x11, 0x11 }, { 0x101, 1 }, { 0x21, 0x221 },
			       { 0x201, 0x301 }, { 2, 2 } };
static const unsigned int keys[] = { 1, 0x11, 0x101, 0x21, 0x201, 0x301, 2, 0x102 };

static struct hlist_head cut_tab[16];
static struct hlist_head eq_tab[16];

static u8 to_u8(unsigned int x)
{
	return x;
}

static bool item_eq(const struct item *e, unsigned int k)
{
	unsigned int a = e->alias;

	return a == k;
}

static struct item *cut_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &cut_tab[key & 15], cut_node)
		if (to_u8(it->key) == to_u8(key))
			return it;
	return NULL;
}

static struct item *eq_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &eq_tab[key & 15], eq_node)
		if (item_eq(it, key))
			return it;
	return NULL;
}

static long at(struct item *it)
{
	return it ? (long)(it - items) : -1L;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < 6; i++) {
		hlist_add_head(&items[i].cut_node, &cut_tab[items[i].key & 15]);
		hlist_add_head(&items[i].eq_node, &eq_tab[items[i].key & 15]);
	}
	for (i = 0; i < 8; i++)
		printf("%x:%ld,%ld ", keys[i], at(cut_find(keys[i])), at(eq_find(keys[i])));
	printf("\n");
	return 0;
}
