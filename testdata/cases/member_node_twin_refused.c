// expect: by_a skipped: &e->by_a goes to a function of the file, where a table could stand
// reason: by_a the file names by_a as a member of struct ent too
// expect: by_b skipped: hlist_unhashed() is the file's own macro here, no function of list.h
// reason: by_b the file names by_b as a member of struct ent too
// expect: by_c skipped: the local that holds &g->by_c is also given to a function of the file
// reason: by_c the file names by_c as a member of struct grp too
/*
 * The refusals of member_node_twin.c: a use of a name of the table's that is
 * another struct's member counts as no use only where a table cannot stand,
 * and only for the functions of list.h. note() takes a void *, which a
 * pointer to the table would convert to; the file makes hlist_unhashed() a
 * macro of its own, which may do anything with its argument; and headp is
 * read by note() too. Each of these is read by the declarations the rule
 * reads from tokens, which reviews fooled: the tables stay.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define TAB_BITS	3
#define TAB_SIZE	(1 << TAB_BITS)
#define TAB_MASK	(TAB_SIZE - 1)

struct ent {
	u32 key;
	struct hlist_node by_a;
	struct hlist_node by_b;
	struct list_head link;
};

struct tab {
	struct hlist_head by_a[TAB_SIZE];
	struct hlist_head by_b[TAB_SIZE];
	struct hlist_head by_c[TAB_SIZE];
};

struct grp {
	struct list_head by_c;
};

static struct tab tab;
static unsigned long noted;

static void note(const void *p)
{
	noted += ((unsigned long)p & 0xff) != 0xff;
}

static int linked(const struct hlist_node *n)
{
	return n->pprev != NULL;
}

#define hlist_unhashed(n) (!linked(n))

static void tab_add(struct tab *t, struct ent *e)
{
	hlist_add_head(&e->by_a, &t->by_a[e->key & TAB_MASK]);
	hlist_add_head(&e->by_b, &t->by_b[e->key & TAB_MASK]);
	note(&e->by_a);
}

static int tab_has(struct ent *e)
{
	return !hlist_unhashed(&e->by_b);
}

static struct ent *find(struct tab *t, u32 key)
{
	struct ent *e;

	hlist_for_each_entry(e, &t->by_a[key & TAB_MASK], by_a)
		if (e->key == key)
			return e;
	return NULL;
}

static struct ent *find_b(struct tab *t, u32 key)
{
	struct ent *e;

	hlist_for_each_entry(e, &t->by_b[key & TAB_MASK], by_b)
		if (e->key == key)
			return e;
	return NULL;
}

static void grp_add(struct grp *g, struct ent *e)
{
	struct list_head *headp;

	headp = &g->by_c;
	list_add_tail(&e->link, headp);
	note(headp);
}

static struct ent *find_c(struct tab *t, struct ent *e)
{
	struct ent *x;

	hlist_for_each_entry(x, &t->by_c[e->key & TAB_MASK], by_a)
		if (x == e)
			return x;
	return NULL;
}

int main(void)
{
	static struct ent all[12];
	struct grp g;
	int i, n = 0;

	INIT_LIST_HEAD(&g.by_c);
	for (i = 0; i < TAB_SIZE; i++) {
		INIT_HLIST_HEAD(&tab.by_a[i]);
		INIT_HLIST_HEAD(&tab.by_b[i]);
		INIT_HLIST_HEAD(&tab.by_c[i]);
	}
	for (i = 0; i < 12; i++) {
		all[i].key = i * 7 + 3;
		tab_add(&tab, &all[i]);
		grp_add(&g, &all[i]);
	}
	for (i = 0; i < 14; i++)
		n += (find(&tab, i * 7 + 3) != NULL) + (find_b(&tab, i * 7 + 3) != NULL);
	printf("%d %d %d %lu\n", n, tab_has(&all[3]), find_c(&tab, &all[0]) != NULL, noted);
	return 0;
}
