// expect: swap_tab skipped: its pointer is swapped for a new table at run time
// reason: swap_tab allocated table assigned 2 times
// expect: param_tab skipped: its size comes from a module parameter
// reason: param_tab the table may be sized at run time
// expect: ready_tab skipped: tested against NULL as a readiness flag
// reason: ready_tab tested against NULL
// expect: big_tab skipped: 128 KiB: a static table would grow the BSS
// reason: big_tab a static table of 128 KiB would grow the BSS
/*
 * Allocated tables that must stay allocated: swap_tab is replaced by a
 * fresh table at run time (a static one would keep its entries),
 * param_tab is sized by a module parameter, lookups in ready_tab first ask
 * whether it exists (a static table always would), and big_tab is too big
 * to put in the kernel image.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <errno.h>

#define TAB_SIZE	16
#define BIG_SIZE	16384

struct ent {
	unsigned int key;
	struct hlist_node node;
};

static unsigned int param_size = 32;
static struct hlist_head *swap_tab;
static struct hlist_head *param_tab;
static struct hlist_head *ready_tab;
static struct hlist_head *big_tab;

static int __init tabs_init(void)
{
	swap_tab = kcalloc(TAB_SIZE, sizeof(struct hlist_head), GFP_KERNEL);
	if (!swap_tab)
		return -ENOMEM;
	param_tab = kcalloc(param_size, sizeof(struct hlist_head), GFP_KERNEL);
	if (!param_tab)
		return -ENOMEM;
	ready_tab = kcalloc(TAB_SIZE, sizeof(struct hlist_head), GFP_KERNEL);
	if (!ready_tab)
		return -ENOMEM;
	big_tab = kcalloc(BIG_SIZE, sizeof(struct hlist_head), GFP_KERNEL);
	if (!big_tab)
		return -ENOMEM;
	return 0;
}

/* drop every entry: a new, empty table */
static void swap_reset(void)
{
	struct hlist_head *fresh = kcalloc(TAB_SIZE, sizeof(struct hlist_head), GFP_KERNEL);

	if (!fresh)
		return;
	kfree(swap_tab);
	swap_tab = fresh;
}

static void add(struct hlist_head *tab, unsigned int mask, struct ent *e)
{
	hlist_add_head(&e->node, &tab[e->key & mask]);
}

static void swap_add(struct ent *e)
{
	hlist_add_head(&e->node, &swap_tab[e->key & (TAB_SIZE - 1)]);
}

static int swap_has(unsigned int key)
{
	struct ent *e;

	hlist_for_each_entry(e, &swap_tab[key & (TAB_SIZE - 1)], node)
		if (e->key == key)
			return 1;
	return 0;
}

static void param_add(struct ent *e)
{
	add(param_tab, param_size - 1, e);
}

static void ready_add(struct ent *e)
{
	hlist_add_head(&e->node, &ready_tab[e->key & (TAB_SIZE - 1)]);
}

static int ready_has(unsigned int key)
{
	struct ent *e;

	if (!ready_tab)
		return 0;
	hlist_for_each_entry(e, &ready_tab[key & (TAB_SIZE - 1)], node)
		if (e->key == key)
			return 1;
	return 0;
}

static void big_add(struct ent *e)
{
	hlist_add_head(&e->node, &big_tab[e->key & (BIG_SIZE - 1)]);
}

static int big_has(unsigned int key)
{
	struct ent *e;

	hlist_for_each_entry(e, &big_tab[key & (BIG_SIZE - 1)], node)
		if (e->key == key)
			return 1;
	return 0;
}

int main(void)
{
	struct ent a[4], b[4], c[4], d[4];
	unsigned int i;

	printf("ready before init: %d\n", ready_has(3));
	if (tabs_init())
		return 1;
	for (i = 0; i < 4; i++) {
		a[i].key = b[i].key = c[i].key = d[i].key = 3 + 40 * i;
		swap_add(&a[i]);
		param_add(&b[i]);
		ready_add(&c[i]);
		big_add(&d[i]);
	}
	printf("%d %d %d\n", swap_has(43), ready_has(83), big_has(123));
	swap_reset();
	printf("after reset: %d\n", swap_has(43));
	kfree(swap_tab);
	kfree(param_tab);
	kfree(ready_tab);
	kfree(big_tab);
	return 0;
}
