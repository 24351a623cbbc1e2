// expect: tab skipped
// reason: tab the walk of the bucket of "head" is no lookup ("return" comes before a test of "new->key"): hash_for_each_possible() would visit the entries of other keys than before
/*
 * An entry about to be added, compared by a helper that reads another field: converted by be6eac0 with the
 * program's output changed (a fifth review's q23).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item { unsigned int key; unsigned int owner; struct hlist_node node; };

static struct item items[] = { { 1, 5 }, { 17, 6 }, { 22, 6 }, { 33, 5 }, { 9, 7 }, { 30, 7 } };
static struct hlist_head tab[16];

static bool same_owner(const struct item *a, const struct item *b)
{
	return a->owner == b->owner;
}

/* one entry per owner within a bucket */
static int item_insert(struct item *new)
{
	struct hlist_head *head = &tab[new->key & 15];
	struct item *it;

	hlist_for_each_entry(it, head, node)
		if (same_owner(it, new))
			return -1;
	hlist_add_head(&new->node, head);
	return 0;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < 6; i++)
		printf("%u:%d ", items[i].key, item_insert(&items[i]));
	printf("\n");
	return 0;
}
