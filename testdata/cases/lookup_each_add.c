// expect: same_tab converted
// expect: split_tab skipped: one add keys by e->a, another by e->b; the walk tests e->a
// reason: split_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
/*
 * A walk's test must compare a field that every add keys its entries by,
 * not one of them: entries added by e->b sit in the masked bucket of b, and
 * a test of e->a finds those whose a shares it; after hash_add() they are
 * elsewhere (split_tab, an eighth review's r81, converted with the output
 * changed before 2026-12-07). Two adds by the same field, in two functions,
 * make a lookup (same_tab).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item {
	unsigned int a, b;
	struct hlist_node node;
	struct hlist_node same_node;
};

static struct item items[] = { { 1, 17 }, { 17, 33 }, { 2, 0x102 }, { 3, 3 }, { 0x104, 4 } };
static struct hlist_head split_tab[16];
static struct hlist_head same_tab[16];

static void put_a(struct item *e)
{
	hlist_add_head(&e->node, &split_tab[e->a & 15]);
}

static void put_b(struct item *e)
{
	hlist_add_head(&e->node, &split_tab[e->b & 15]);
}

static void same_put(struct item *e)
{
	hlist_add_head(&e->same_node, &same_tab[e->a & 15]);
}

static void same_put_again(struct item *e)
{
	hlist_add_head(&e->same_node, &same_tab[e->a & 15]);
}

static struct item *split_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &split_tab[key & 15], node)
		if (e->a == key)
			return e;
	return NULL;
}

static struct item *same_find(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &same_tab[key & 15], same_node)
		if (e->a == key)
			return e;
	return NULL;
}

static long at(const struct item *e)
{
	return e ? (long)(e - items) : -1L;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(items); i++) {
		if (i & 1) {
			put_b(&items[i]);
			same_put(&items[i]);
		} else {
			put_a(&items[i]);
			same_put_again(&items[i]);
		}
	}
	for (i = 0; i < ARRAY_SIZE(items); i++)
		printf("%x: %ld %ld\n", items[i].a, at(split_find(items[i].a)), at(same_find(items[i].a)));
	return 0;
}
