// expect: a_tab converted
// expect: b_tab converted
// expect: c_tab converted
// expect: d_tab converted
// expect: e_tab converted
/*
 * The ways an init loop of a static table is written: "<= MASK", "T + i"
 * with a pre-increment, a braced body, ARRAY_SIZE() as the bound, and a
 * while loop. The tables are set up once at init, before first use.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define A_SIZE	8
#define A_MASK	(A_SIZE - 1)
#define B_SIZE	16
#define B_MASK	(B_SIZE - 1)
#define C_SIZE	32
#define C_MASK	(C_SIZE - 1)
#define D_SIZE	4
#define D_MASK	(D_SIZE - 1)
#define E_SIZE	2
#define E_MASK	(E_SIZE - 1)

struct item {
	unsigned int key;
	struct hlist_node node;
};

static struct hlist_head a_tab[A_SIZE];
static struct hlist_head b_tab[B_SIZE];
static struct hlist_head c_tab[C_SIZE];
static struct hlist_head d_tab[D_SIZE];
static struct hlist_head e_tab[E_SIZE];

static void tables_init(void)
{
	unsigned int j;
	int i;

	for (i = 0; i <= A_MASK; i++)
		INIT_HLIST_HEAD(&a_tab[i]);

	for (i = 0; i < B_SIZE; ++i)
		INIT_HLIST_HEAD(b_tab + i);

	for (i = 0; i < C_SIZE; i++) {
		INIT_HLIST_HEAD(&c_tab[i]);
	}

	for (j = 0; j < ARRAY_SIZE(d_tab); j++)
		INIT_HLIST_HEAD(&d_tab[j]);

	i = 0;
	while (i < E_SIZE) {
		INIT_HLIST_HEAD(&e_tab[i]);
		i++;
	}
}

static struct item *item_new(unsigned int key)
{
	struct item *it = kmalloc(sizeof(*it), GFP_KERNEL);

	if (it)
		it->key = key;
	return it;
}

static void add_all(unsigned int key)
{
	struct item *it;

	it = item_new(key);
	if (it)
		hlist_add_head(&it->node, &a_tab[key & A_MASK]);
	it = item_new(key);
	if (it)
		hlist_add_head(&it->node, &b_tab[key & B_MASK]);
	it = item_new(key);
	if (it)
		hlist_add_head(&it->node, &c_tab[key & C_MASK]);
	it = item_new(key);
	if (it)
		hlist_add_head(&it->node, &d_tab[key & D_MASK]);
	it = item_new(key);
	if (it)
		hlist_add_head(&it->node, &e_tab[key & E_MASK]);
}

static struct item *find_a(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &a_tab[key & A_MASK], node)
		if (it->key == key)
			return it;
	return NULL;
}

static struct item *find_b(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &b_tab[key & B_MASK], node)
		if (it->key == key)
			return it;
	return NULL;
}

static struct item *find_c(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &c_tab[key & C_MASK], node)
		if (it->key == key)
			return it;
	return NULL;
}

static struct item *find_d(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &d_tab[key & D_MASK], node)
		if (it->key == key)
			return it;
	return NULL;
}

static struct item *find_e(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &e_tab[key & E_MASK], node)
		if (it->key == key)
			return it;
	return NULL;
}

static int del_item(struct item *it)
{
	if (!it)
		return 0;
	hlist_del(&it->node);
	kfree(it);
	return 1;
}

static int del_all(unsigned int key)
{
	return del_item(find_a(key)) + del_item(find_b(key)) + del_item(find_c(key)) +
	       del_item(find_d(key)) + del_item(find_e(key));
}

int main(void)
{
	unsigned int key;
	int found = 0, deleted = 0;

	tables_init();

	for (key = 0; key < 100; key += 3)
		add_all(key);
	for (key = 0; key < 100; key++)
		found += !!find_a(key) + !!find_b(key) + !!find_c(key) +
			 !!find_d(key) + !!find_e(key);
	printf("found %d\n", found);
	printf("42: %d %d %d %d %d\n", !!find_a(42), !!find_b(42), !!find_c(42),
	       !!find_d(42), !!find_e(42));
	printf("43: %d %d %d %d %d\n", !!find_a(43), !!find_b(43), !!find_c(43),
	       !!find_d(43), !!find_e(43));

	for (key = 0; key < 100; key++)
		deleted += del_all(key);
	printf("deleted %d, left %d\n", deleted, !!find_c(99));
	return 0;
}
