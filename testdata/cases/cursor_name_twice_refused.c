// expect: tab skipped: a field named like a stepped cursor only ever holds bucket 0
// reason: tab is not a masked or hashed key
/*
 * Two structs of the file have a field bucket: walker's moves along the
 * buckets (a cursor), peeker's is only ever 0, and peek() reads bucket 0
 * through it. Which entries bucket 0 holds depends on the hash: the field
 * of peeker must not pass for a cursor because walker's steps.
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

struct walker {
	int bucket;
};

struct peeker {
	int bucket;
};

static struct hlist_head tab[TAB_SIZE];

static void add(struct ent *e)
{
	hlist_add_head(&e->node, &tab[e->id & TAB_MASK]);
}

static int count_all(struct walker *w)
{
	struct ent *e;
	int n = 0;

	for (w->bucket = 0; w->bucket < TAB_SIZE; w->bucket++)
		hlist_for_each_entry(e, &tab[w->bucket], node)
			n++;
	return n;
}

static int peek(struct peeker *p)
{
	struct ent *e;
	int n = 0;

	p->bucket = 0;
	hlist_for_each_entry(e, &tab[p->bucket], node)
		n++;
	return n;
}

int main(void)
{
	static struct ent all[6];
	struct walker w;
	struct peeker p;
	int i;

	for (i = 0; i < 6; i++) {
		all[i].id = 24 + 8 * i;
		add(&all[i]);
	}
	printf("%d %d\n", count_all(&w), peek(&p));
	return 0;
}
