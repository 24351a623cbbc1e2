// expect: tab skipped: a flag turned over in place
// reason: tab the walk of the bucket of "key" is no lookup ("found = !found;" comes before a test of "key")
/*
 * A flag given a test of the key, then turned over: the body finds the first
 * entry of another key. A first reading followed the flag into itself until
 * Python gave up (a RecursionError, and spatch abandoned the file).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item {
	unsigned int key;
	struct hlist_node node;
};

static struct item items[] = { { 1 }, { 17 }, { 33 }, { 9 }, { 30 }, { 22 }, { 3 } };
static const unsigned int keys[] = { 1, 17, 33, 9, 22, 30, 3, 5 };

static struct hlist_head tab[16];

/* the first entry of another key: the flag turned over in place */
static struct item *other_of(unsigned int key)
{
	struct item *it;
	bool found;

	hlist_for_each_entry(it, &tab[key & 15], node) {
		found = it->key == key;
		found = !found;
		if (found)
			return it;
	}
	return NULL;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < 7; i++)
		hlist_add_head(&items[i].node, &tab[items[i].key & 15]);
	for (i = 0; i < 8; i++) {
		struct item *r = other_of(keys[i]);
		printf("%u:%ld ", keys[i], r ? (long)(r - items) : -1L);
	}
	printf("\n");
	return 0;
}
