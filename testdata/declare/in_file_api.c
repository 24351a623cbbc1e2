/*
 * A member table of a struct of this file, filled and read through
 * <linux/hashtable.h> already: only its field changes, to DECLARE_HASHTABLE().
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hashtable.h>

#define M_BITS	3

struct item {
	u32 key;
	struct hlist_node node;
};

struct cache {
	int n;
	struct hlist_head tbl[1 << M_BITS];
};

static void add(struct cache *c, struct item *it)
{
	hash_add(c->tbl, &it->node, it->key);
	c->n++;
}

static int find(struct cache *c, u32 key)
{
	struct item *it;

	hash_for_each_possible(c->tbl, it, node, key)
		if (it->key == key)
			return 1;
	return 0;
}

int main(void)
{
	static struct cache c;
	static struct item items[8];
	int i, n = 0;

	hash_init(c.tbl);
	for (i = 0; i < 8; i++) {
		items[i].key = i * 11;
		add(&c, &items[i]);
	}
	for (i = 0; i < 8; i++)
		n += find(&c, i * 11);
	printf("%d %d\n", n, c.n);
	return 0;
}
