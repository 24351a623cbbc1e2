// expect: tab skipped
// reason: tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key"): hash_for_each_possible() would visit the entries of other keys than before
/*
 * A *cmp function of the file with a wildcard return: converted by be6eac0 with the
 * program's output changed (a fifth review's q09).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/string.h>
#include <linux/string.h>

struct item { unsigned int key; unsigned int alias; unsigned int owner; int wild; char name[8]; struct hlist_node node; };

static struct item items[] = { { 1, 17, 1 }, { 17, 1, 1 }, { 33, 2, 17, 1 }, { 9, 9, 9 }, { 22, 1, 1 }, { 30, 30, 17 }, { 3, 3, 3 } };
static const unsigned int keys[] = { 1, 17, 33, 9, 22, 30, 3, 5 };
static struct hlist_head tab[16];
static int item_key_cmp(const struct item *it, unsigned int k)
{
	if (it->wild)
		return 0;
	return it->key != k;
}

static struct item *find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &tab[key & 15], node) {
		if (item_key_cmp(it, key))
			continue;
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
		struct item *r = find(keys[i]);
		printf("%u:%ld ", keys[i], r ? (long)(r - items) : -1L);
	}
	printf("\n");

	return 0;
}
