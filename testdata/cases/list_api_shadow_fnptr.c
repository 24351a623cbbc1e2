// expect: mt skipped: &g->mt is the table itself, given to a call that is no function of list.h or compiles only with a warning
// reason: mt use not understood: "& g -> mt ) ;"
/*
 * A local function pointer named hlist_add_head shadows the one of list.h:
 * its second parameter is a void *, so &g->mt, the table itself, compiles
 * without a warning and its function puts the entry in bucket 0. A use of a
 * member's name as a list.h argument is no use of the table only where the
 * callee is list.h's (no variable, field, macro or function of the file of
 * that name) and the member is another struct's: here it is the table's.
 * Converted before (a tenth review's rv_shadow_fnptr: found 6, then 5).
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define NB_BITS 3
#define NB (1 << NB_BITS)

struct reg { struct hlist_head mt[NB]; };
struct item { unsigned int key; struct hlist_node node; };

static struct reg r;

static void reg_add(struct reg *g, struct item *it)
{
	hlist_add_head(&it->node, &g->mt[it->key & (NB - 1)]);
}

static void add_first(struct hlist_node *n, void *buckets)
{
	struct hlist_head *h = buckets;

	hlist_add_head(n, h);
}

static void reg_add_first(struct reg *g, struct item *it)
{
	void (*hlist_add_head)(struct hlist_node *, void *) = add_first;

	hlist_add_head(&it->node, &g->mt);
}

static struct item *reg_find(struct reg *g, unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &g->mt[key & (NB - 1)], node)
		if (it->key == key)
			return it;
	return NULL;
}

int main(void)
{
	static struct item items[6];
	int i, found = 0;

	for (i = 0; i < NB; i++)
		INIT_HLIST_HEAD(&r.mt[i]);
	for (i = 0; i < 6; i++) {
		items[i].key = i * NB;
		if (i & 1)
			reg_add(&r, &items[i]);
		else
			reg_add_first(&r, &items[i]);
	}
	for (i = 0; i < 6; i++)
		found += reg_find(&r, i * NB) != NULL;
	printf("found %d\n", found);
	return 0;
}
