// expect: tab skipped
// reason: tab the walk of the bucket of "key" is no lookup (it reads the chain (n->next)): hash_for_each_possible() would visit the entries of other keys than before
// expect: tab2 skipped
// reason: tab2 the walk of the bucket of "key" is no lookup (it reads the chain (rcu_dereference_raw(hlist_next_rcu)): hash_for_each_possible() would visit the entries of other keys than before
/*
 * The next entry of the chain read through a local or hlist_next_rcu(): converted by be6eac0 with the
 * program's output changed (a fifth review's q15).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/rculist.h>

struct item { unsigned int key; struct hlist_node node; };

static struct item items[] = { { 1 }, { 17 }, { 33 }, { 9 }, { 22 }, { 30 }, { 3 } };
static const unsigned int keys[] = { 1, 17, 33, 9, 22, 30, 3 };
static struct hlist_head tab[16];
static struct hlist_head tab2[16];

/* the entry after the match (a cursor of a dump) */
static struct item *after(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &tab[key & 15], node) {
		if (it->key == key) {
			struct hlist_node *n = &it->node;

			return hlist_entry_safe(n->next, struct item, node);
		}
	}
	return NULL;
}

static struct item *after2(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &tab2[key & 15], node)
		if (it->key == key)
			return hlist_entry_safe(rcu_dereference_raw(hlist_next_rcu(&it->node)),
						struct item, node);
	return NULL;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < 7; i++)
		hlist_add_head(&items[i].node, &tab[items[i].key & 15]);
	for (i = 0; i < 7; i++) {
		struct item *r = after(keys[i]);
		printf("%u:%ld ", keys[i], r ? (long)(r - items) : -1L);
	}
	printf("\n");
	for (i = 0; i < 7; i++)
		items[i].node.next = NULL, items[i].node.pprev = NULL;
	for (i = 0; i < 7; i++)
		hlist_add_head(&items[i].node, &tab2[items[i].key & 15]);
	for (i = 0; i < 7; i++) {
		struct item *r = after2(keys[i]);
		printf("%u:%ld ", keys[i], r ? (long)(r - items) : -1L);
	}
	printf("\n");
	return 0;
}
