// expect: plain_tab converted
// expect: behind_tab skipped: a child goes beside its parent, whatever its key
// reason: behind_tab an entry is put beside another with hlist_add_behind(), in the bucket of that entry whatever its own key
// expect: next_tab skipped: a caller reads the next entry of the chain
// reason: next_tab the chain is read beside an entry (e->next_node.next)
// expect: resume_tab skipped: a caller walks on from the entry a lookup found
// reason: resume_tab a walk goes on from an entry with hlist_for_each_entry_continue(), through the entries of other keys in its bucket
/*
 * An entry's bucket holds its neighbours in the chain: an entry put beside
 * another (hlist_add_behind()) lands in the bucket of that other entry
 * whatever its own key, and a caller that reads on from an entry that a
 * lookup returned (e->node.next, hlist_for_each_entry_continue()) meets the
 * entries of the keys that share its masked bucket. After hash_add() other
 * keys share it: each of these converted with the output changed before
 * 2026-12-07 (an eighth review's r44, r77, r79). A table whose entries have
 * another node member is not concerned (plain_tab).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define TAB_SIZE	16
#define TAB_MASK	(TAB_SIZE - 1)

struct item {
	unsigned int key;
	struct hlist_node node;
	struct hlist_node behind_node;
	struct hlist_node next_node;
	struct hlist_node resume_node;
};

static struct hlist_head plain_tab[TAB_SIZE];
static struct hlist_head behind_tab[TAB_SIZE];
static struct hlist_head next_tab[TAB_SIZE];
static struct hlist_head resume_tab[TAB_SIZE];

#define N 6
static struct item items[N] = { { 1 }, { 2 }, { 3 }, { 17 }, { 18 }, { 0x103 } };

static struct item *plain_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &plain_tab[key & TAB_MASK], node)
		if (e->key == key)
			return e;
	return NULL;
}

static struct item *behind_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &behind_tab[key & TAB_MASK], behind_node)
		if (e->key == key)
			return e;
	return NULL;
}

/* a child goes after its parent: in the bucket of the parent */
static void behind_add(struct item *child, unsigned int parent_key)
{
	struct item *parent = behind_find(parent_key);

	if (parent)
		hlist_add_behind(&child->behind_node, &parent->behind_node);
	else
		hlist_add_head(&child->behind_node, &behind_tab[child->key & TAB_MASK]);
}

static struct item *next_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &next_tab[key & TAB_MASK], next_node)
		if (e->key == key)
			return e;
	return NULL;
}

static struct item *resume_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &resume_tab[key & TAB_MASK], resume_node)
		if (e->key == key)
			return e;
	return NULL;
}

static long at(const struct item *e)
{
	return e ? (long)(e - items) : -1L;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < N; i++) {
		hlist_add_head(&items[i].node, &plain_tab[items[i].key & TAB_MASK]);
		hlist_add_head(&items[i].next_node, &next_tab[items[i].key & TAB_MASK]);
		hlist_add_head(&items[i].resume_node, &resume_tab[items[i].key & TAB_MASK]);
	}
	for (i = 0; i < 3; i++)
		hlist_add_head(&items[i].behind_node, &behind_tab[items[i].key & TAB_MASK]);
	behind_add(&items[3], 1);
	behind_add(&items[4], 2);
	behind_add(&items[5], 3);
	for (i = 0; i < N; i++) {
		unsigned int k = items[i].key;
		struct item *e = next_find(k), *r = resume_find(k);
		struct item *n = e ? hlist_entry_safe(e->next_node.next, struct item, next_node) : NULL;
		int after = 0;

		if (r)
			hlist_for_each_entry_continue(r, resume_node)
				after++;
		printf("%x: %ld %ld next %ld, %d after\n", k, at(plain_find(k)), at(behind_find(k)),
		       at(n), after);
	}
	return 0;
}
