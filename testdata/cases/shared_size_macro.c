// expect: a_tab converted
// expect: b_tab converted
/*
 * Two tables of one size macro: it becomes one bits macro, which both
 * DEFINE_HASHTABLE()s name (the second one wrote the bits as a number).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define TAB_SIZE	16
#define TAB_MASK	(TAB_SIZE - 1)

struct item {
	unsigned int key;
	struct hlist_node node;
};

static struct hlist_head a_tab[TAB_SIZE];
static struct hlist_head b_tab[TAB_SIZE];

static int a_has(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &a_tab[key & TAB_MASK], node)
		if (it->key == key)
			return 1;
	return 0;
}

static int b_has(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &b_tab[key & TAB_MASK], node)
		if (it->key == key)
			return 1;
	return 0;
}

int main(void)
{
	static struct item x = { 1 }, y = { 17 };

	hlist_add_head(&x.node, &a_tab[x.key & TAB_MASK]);
	hlist_add_head(&y.node, &b_tab[y.key & TAB_MASK]);
	printf("%d %d\n", a_has(1), b_has(17));
	return 0;
}
