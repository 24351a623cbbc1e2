// expect: tab skipped
// reason: tab bucket number "id & 15" is read as a number (tab [ id & 15): hash_min() puts entries in other buckets
/*
 * A counter masked at the index, compared in the body (it was read as a bucket number and left masked while the adds were converted): converted by be6eac0 with the
 * program's output changed (a fifth review's q19).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item { unsigned int key; struct hlist_node node; };

static struct item items[] = { { 1 }, { 17 }, { 33 }, { 9 }, { 22 }, { 30 }, { 3 } };
static struct hlist_head tab[16];

/* print the entries in the order of their ids */
static void dump_in_order(void)
{
	struct item *it;
	unsigned int id;

	for (id = 0; id < 40; id++)
		hlist_for_each_entry(it, &tab[id & 15], node)
			if (it->key == id)
				printf("%u ", it->key);
	printf("\n");
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < 7; i++)
		hlist_add_head(&items[i].node, &tab[items[i].key & 15]);
	dump_in_order();
	return 0;
}
