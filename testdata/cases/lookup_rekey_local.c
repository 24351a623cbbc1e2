// expect: moved_tab converted
// expect: stale_tab skipped: re-added by the key it had
// reason: stale_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
/*
 * A key kept in a local (old = e->key) is the field only until the field
 * changes: an entry deleted, given a new key and added again by the old one
 * sits in the masked bucket of the old key, where a lookup of the new key
 * finds it when the two share their low bits (stale_tab, an eighth review's
 * r63, converted with the output changed before 2026-12-07). Added again by
 * the new key, it is a plain rename (moved_tab).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item {
	unsigned int key;
	struct hlist_node node;
};

static struct hlist_head stale_tab[16];
static struct hlist_head moved_tab[16];
static struct item stales[4] = { { 1 }, { 2 }, { 3 }, { 0x104 } };
static struct item moves[4] = { { 1 }, { 2 }, { 3 }, { 0x104 } };

static void stale_rename(struct item *e, unsigned int key)
{
	unsigned int old = e->key;

	hlist_del(&e->node);
	e->key = key;
	hlist_add_head(&e->node, &stale_tab[old & 15]);
}

static void moved_rename(struct item *e, unsigned int key)
{
	hlist_del(&e->node);
	e->key = key;
	hlist_add_head(&e->node, &moved_tab[e->key & 15]);
}

static struct item *stale_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &stale_tab[key & 15], node)
		if (e->key == key)
			return e;
	return NULL;
}

static struct item *moved_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &moved_tab[key & 15], node)
		if (e->key == key)
			return e;
	return NULL;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < 4; i++) {
		hlist_add_head(&stales[i].node, &stale_tab[stales[i].key & 15]);
		hlist_add_head(&moves[i].node, &moved_tab[moves[i].key & 15]);
	}
	stale_rename(&stales[0], 0x201);
	moved_rename(&moves[0], 0x201);
	for (i = 0; i < 4; i++) {
		/* (b ? x.key : 3; is no bit-field declaration) */
		unsigned int k = i ? stales[i].key : 0x201;
		struct item *s = stale_find(k), *m = moved_find(k);

		printf("%x: %ld %ld\n", k, s ? (long)(s - stales) : -1L, m ? (long)(m - moves) : -1L);
	}
	return 0;
}
