// expect: first_tab skipped: bucket 0 read through the table itself
// reason: first_tab use not understood
// expect: idx_tab skipped: bucket 0 read by a constant index
// reason: idx_tab use not understood
// expect: var_tab skipped: a local that only ever holds 0 picks one bucket
// reason: var_tab index "0" is not a masked or hashed key
// expect: param_tab skipped: every caller passes the walk a constant bucket
// reason: param_tab bucket number "b" is a parameter: its callers compute it
/*
 * Reads of one fixed bucket. Which entries bucket 0 (or 5) holds depends on
 * the hash: after hash_min() the same read sees other entries (a review found
 * such tables converted, and the programs then printed other counts). Only a
 * walk that moves over the buckets (a counter, a cursor, a pointer stepped
 * along) reads them by number without depending on the hash.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define TAB_BITS	3
#define TAB_SIZE	(1 << TAB_BITS)
#define TAB_MASK	(TAB_SIZE - 1)

struct ent {
	u32 id;
	struct hlist_node node;
};

static struct hlist_head first_tab[TAB_SIZE];
static struct hlist_head idx_tab[TAB_SIZE];
static struct hlist_head var_tab[TAB_SIZE];
static struct hlist_head param_tab[TAB_SIZE];

static void add_all(struct ent *e)
{
	hlist_add_head(&e[0].node, &first_tab[e[0].id & TAB_MASK]);
	hlist_add_head(&e[1].node, &idx_tab[e[1].id & TAB_MASK]);
	hlist_add_head(&e[2].node, &var_tab[e[2].id & TAB_MASK]);
	hlist_add_head(&e[3].node, &param_tab[e[3].id & TAB_MASK]);
}

static int first_empty(void)
{
	return first_tab->first == NULL;
}

static int idx_empty(void)
{
	return hlist_empty(&idx_tab[0]);
}

static int var_count(void)
{
	struct ent *e;
	int b = 0, n = 0;

	hlist_for_each_entry(e, &var_tab[b], node)
		n++;
	return n;
}

static int param_count(int b)
{
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, &param_tab[b], node)
		n++;
	return n;
}

int main(void)
{
	static struct ent all[6][4];
	int i, j;

	for (i = 0; i < 6; i++) {
		for (j = 0; j < 4; j++)
			all[i][j].id = 24 + 8 * i;
		add_all(all[i]);
	}
	printf("%d %d %d %d\n", first_empty(), idx_empty(), var_count(), param_count(0));
	return 0;
}
