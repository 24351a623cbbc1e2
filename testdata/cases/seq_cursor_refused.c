// expect: keyed_tab skipped: the cursor field is once given a bucket computed from a key
// reason: keyed_tab index "it->bucket" is not a masked or hashed key
// expect: alias_tab skipped: the table is stored in a field that indexes it by key
// reason: alias_tab use not understood
/*
 * seq_file-like cursors that depend on where the hash put the entries.
 * keyed_tab: the iterator is positioned at the bucket of a key
 * (it->bucket = key & MASK) and walks on from there: which entries it meets
 * changes with the hash.
 * alias_tab: the iterator keeps the table and picks a bucket through it with
 * a mask (it->table[key & MASK]): a converted table hashes the key elsewhere.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define TAB_SIZE	8
#define TAB_MASK	(TAB_SIZE - 1)

struct ent {
	unsigned int key;
	struct hlist_node node;
};

struct keyed_iter {
	int bucket;
};

struct alias_iter {
	struct hlist_head *table;
};

static struct hlist_head keyed_tab[TAB_SIZE];
static struct hlist_head alias_tab[TAB_SIZE];

static void ent_add(struct ent *e)
{
	hlist_add_head(&e->node, &keyed_tab[e->key & TAB_MASK]);
}

static void alias_add(struct ent *e)
{
	hlist_add_head(&e->node, &alias_tab[e->key & TAB_MASK]);
}

/* entries from the bucket of key to the last bucket */
static int count_from(struct keyed_iter *it, unsigned int key)
{
	struct ent *e;
	int n = 0;

	for (it->bucket = key & TAB_MASK; it->bucket < TAB_SIZE; it->bucket++)
		hlist_for_each_entry(e, &keyed_tab[it->bucket], node)
			n++;
	return n;
}

static int alias_has(struct alias_iter *it, unsigned int key)
{
	struct ent *e;

	it->table = alias_tab;
	hlist_for_each_entry(e, &it->table[key & TAB_MASK], node)
		if (e->key == key)
			return 1;
	return 0;
}

int main(void)
{
	static struct ent ents[6], others[6];
	struct keyed_iter ki;
	struct alias_iter ai;
	unsigned int i;

	for (i = 0; i < 6; i++) {
		ents[i].key = i * 11;
		ent_add(&ents[i]);
		others[i].key = i * 13;
		alias_add(&others[i]);
	}
	printf("from 22: %d, from 5: %d; 26 %d 27 %d\n", count_from(&ki, 22), count_from(&ki, 5),
	       alias_has(&ai, 26), alias_has(&ai, 27));
	return 0;
}
