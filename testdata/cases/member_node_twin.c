// expect: by_key converted: the node of the entries is named like the table, used only where a table cannot stand
// expect: by_id converted: the same, and struct grp's list head by_id is used only by list.h
/*
 * struct tab's tables by_key and by_id, and struct ent's nodes of the same
 * names (ionic's by_hash and by_id). &e->by_key as the node argument of
 * hlist_add_head() or hlist_del(), and by_key as the member argument of an
 * iterator, cannot be the table: a pointer to an array of struct hlist_head is
 * no struct hlist_node * (the kernel builds with
 * -Werror=incompatible-pointer-types), and an iterator reads member.next.
 * So the rule tells them apart by where they stand, not by the declarations it
 * reads from tokens. struct grp's list head by_id is used only by list.h (a
 * local that holds it, read only by list.h, needs the facts of the wrapper,
 * which know what macros of headers read: test_tool_cli.py has that shape).
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
	u32 id;
	struct hlist_node by_key;
	struct hlist_node by_id;
	struct list_head link;
};

struct tab {
	struct hlist_head by_key[TAB_SIZE];
	struct hlist_head by_id[TAB_SIZE];
};

struct grp {
	struct list_head by_id;
	unsigned int count;
};

static struct tab tab;

static void tab_add(struct tab *t, struct ent *e)
{
	hlist_add_head(&e->by_key, &t->by_key[e->key & TAB_MASK]);
	hlist_add_head(&e->by_id, &t->by_id[e->id & TAB_MASK]);
}

static void tab_del(struct ent *e)
{
	hlist_del(&e->by_key);
	hlist_del(&e->by_id);
}

static struct ent *find_key(struct tab *t, u32 key)
{
	struct ent *e;

	hlist_for_each_entry(e, &t->by_key[key & TAB_MASK], by_key)
		if (e->key == key)
			return e;
	return NULL;
}

static struct ent *find_id(struct tab *t, u32 id)
{
	struct ent *e;

	hlist_for_each_entry(e, &t->by_id[id & TAB_MASK], by_id)
		if (e->id == id)
			return e;
	return NULL;
}

static void grp_add(struct grp *g, struct ent *e)
{
	list_add_tail(&e->link, &g->by_id);
	g->count++;
}

static unsigned int grp_sum(struct grp *g)
{
	struct list_head *pos;
	unsigned int sum = 0;

	list_for_each_prev(pos, &g->by_id)
		sum = sum * 3 + list_entry(pos, struct ent, link)->key;
	return sum;
}

int main(void)
{
	static struct ent all[12];
	struct grp g;
	int i, keys = 0, ids = 0;

	INIT_LIST_HEAD(&g.by_id);
	g.count = 0;
	for (i = 0; i < TAB_SIZE; i++) {
		INIT_HLIST_HEAD(&tab.by_key[i]);
		INIT_HLIST_HEAD(&tab.by_id[i]);
	}
	for (i = 0; i < 12; i++) {
		all[i].key = i * 7 + 3;
		all[i].id = i * 5 + 1;
		tab_add(&tab, &all[i]);
		grp_add(&g, &all[i]);
	}
	tab_del(&all[4]);
	for (i = 0; i < 14; i++) {
		keys += find_key(&tab, i * 7 + 3) != NULL;
		ids += find_id(&tab, i * 5 + 1) != NULL;
	}
	printf("%d %d %u %u\n", keys, ids, g.count, grp_sum(&g));
	return 0;
}
