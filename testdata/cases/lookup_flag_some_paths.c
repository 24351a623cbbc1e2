// expect: tab skipped
// reason: tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key"): hash_for_each_possible() would visit the entries of other keys than before
/*
 * A flag given its test on some paths only keeps what another entry gave it: converted by be6eac0 with the
 * program's output changed (a fifth review's q02).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item { unsigned int key; unsigned int prio; unsigned int busy; struct hlist_node node; };

/* walk order is reverse of insertion within a bucket */
static struct item items[] = { { 30, 0 }, { 22, 0 }, { 17, 0 }, { 9, 0 }, { 1, 5, 1 }, { 33, 0 }, { 3, 0 } };
static const unsigned int keys[] = { 1, 17, 33, 9, 22, 30, 3 };
static struct hlist_head tab[16];

/* only prioritised entries are matched; a busy match hands over to the next entry */
static struct item *find(unsigned int key)
{
	struct item *it;
	bool match = false;

	hlist_for_each_entry(it, &tab[key & 15], node) {
		if (it->prio > 3)
			match = it->key == key;
		if (match && !it->busy)
			return it;
	}
	return NULL;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < 7; i++)
		hlist_add_head(&items[i].node, &tab[items[i].key & 15]);
	for (i = 0; i < 7; i++) {
		struct item *r = find(keys[i]);
		printf("%u:%ld ", keys[i], r ? (long)(r - items) : -1L);
	}
	printf("\n");
	return 0;
}
