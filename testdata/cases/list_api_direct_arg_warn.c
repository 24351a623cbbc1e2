// expect: mt skipped: &g->mt is the table itself, given to a call that is no function of list.h or compiles only with a warning
// reason: mt use not understood: "& g -> mt ) ;"
/*
 * &r->mt, the table itself, as the head argument of hlist_add_head() and
 * hlist_empty(): bucket 0. The kernel refuses it (-Werror=incompatible-
 * pointer-types); gcc 12 alone only warns, and the rule took it for the list
 * head of another struct. A use there is no use of the table only where the
 * declarations the rule reads make its base another struct. Converted before
 * (a tenth review's rv_direct_arg_warn: found 6, then 5).
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

static void reg_add_first(struct reg *g, struct item *it)
{
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
