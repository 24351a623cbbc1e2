// expect: renamed_tab converted
// expect: other_tab skipped: another object is added after the write
// reason: other_tab the field "key" that its entries are added by is written while they may be in the table (items[1].key, line 118): they stay in the bucket of the old key, which the mask may keep and hash_min() does not
// expect: maybe_tab skipped: added again only under a test
// reason: maybe_tab the field "key" that its entries are added by is written while they may be in the table (e->key, line 70): they stay in the bucket of the old key, which the mask may keep and hash_min() does not
// expect: setter_tab skipped: a setter called on an entry of the table, then another added
// reason: setter_tab the field "key" that its entries are added by is written while they may be in the table (e->key, line 89): they stay in the bucket of the old key, which the mask may keep and hash_min() does not
/*
 * A write of the field an entry was added by counts as a store before an add
 * only where that very object is added after it on every path: not where
 * another object is added (other_tab, setter_tab, whose setter is called on
 * an entry of the table before another entry is added), nor where the add is
 * under a test of its own (maybe_tab: if (rehash)). A rename that deletes,
 * stores and adds the same entry is one (renamed_tab). Each of the three
 * converted with the output changed before the ninth review (its s01, s03,
 * s55).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item {
	unsigned int key;
	struct hlist_node node;
};

struct other { unsigned int key; struct hlist_node node; };
struct maybe { unsigned int key; struct hlist_node node; };
struct setter { unsigned int key; struct hlist_node node; };

static struct hlist_head renamed_tab[16];
static struct hlist_head other_tab[16];
static struct hlist_head maybe_tab[16];
static struct hlist_head setter_tab[16];

static struct item renamed[4] = { { 1 }, { 17 }, { 2 }, { 0x101 } };
static struct other items[5] = { { 1 }, { 17 }, { 2 }, { 0x101 }, { 3 } };
static struct maybe maybes[4] = { { 1 }, { 17 }, { 2 }, { 0x101 } };
static struct setter setters[5] = { { 1 }, { 17 }, { 2 }, { 0x101 }, { 3 } };

static void renamed_move(struct item *e, unsigned int key)
{
	hlist_del(&e->node);
	e->key = key;
	hlist_add_head(&e->node, &renamed_tab[e->key & 15]);
}

static struct item *renamed_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &renamed_tab[key & 15], node)
		if (e->key == key)
			return e;
	return NULL;
}

static struct other *other_find(unsigned int key)
{
	struct other *e;

	hlist_for_each_entry(e, &other_tab[key & 15], node)
		if (e->key == key)
			return e;
	return NULL;
}

static void maybe_move(struct maybe *e, unsigned int key, int rehash)
{
	e->key = key;
	if (rehash) {
		hlist_del(&e->node);
		hlist_add_head(&e->node, &maybe_tab[e->key & 15]);
	}
}

static struct maybe *maybe_find(unsigned int key)
{
	struct maybe *e;

	hlist_for_each_entry(e, &maybe_tab[key & 15], node)
		if (e->key == key)
			return e;
	return NULL;
}

static void setter_set(struct setter *e, unsigned int key)
{
	e->key = key;
}

static void setter_add(struct setter *e)
{
	hlist_add_head(&e->node, &setter_tab[e->key & 15]);
}

static struct setter *setter_find(unsigned int key)
{
	struct setter *e;

	hlist_for_each_entry(e, &setter_tab[key & 15], node)
		if (e->key == key)
			return e;
	return NULL;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < 4; i++) {
		hlist_add_head(&renamed[i].node, &renamed_tab[renamed[i].key & 15]);
		hlist_add_head(&items[i].node, &other_tab[items[i].key & 15]);
		hlist_add_head(&maybes[i].node, &maybe_tab[maybes[i].key & 15]);
		setter_add(&setters[i]);
	}
	renamed_move(&renamed[1], 0x111);
	items[1].key = 0x111;
	hlist_add_head(&items[4].node, &other_tab[items[4].key & 15]);
	maybe_move(&maybes[1], 0x111, 0);
	setter_set(&setters[1], 0x111);
	setter_add(&setters[4]);
	printf("%d %d %d %d\n", renamed_find(0x111) != NULL, other_find(0x111) != NULL,
	       maybe_find(0x111) != NULL, setter_find(0x111) != NULL);
	return 0;
}
