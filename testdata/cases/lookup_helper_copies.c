// expect: tab skipped
// reason: tab the walk of the bucket of "key" is no lookup (the test calls item_match() before a test of "key"): hash_for_each_possible() would visit the entries of other keys than before
/*
 * A comparison function of the file that copies with strcpy(): converted by be6eac0 with the
 * program's output changed (a fifth review's q05).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/string.h>
#include <linux/string.h>

struct item { unsigned int key; unsigned int alias; unsigned int owner; int wild; char name[8]; struct hlist_node node; };

static struct item items[] = { { 1, 0,0,0,"a" }, { 17,0,0,0,"b" }, { 33,0,0,0,"c" }, { 9,0,0,0,"d" }, { 22,0,0,0,"e" }, { 30,0,0,0,"f" }, { 3,0,0,0,"g" } };
static const unsigned int keys[] = { 1, 17, 33, 9, 22, 30, 3, 38 };
static struct hlist_head tab[16];
static char last_seen[8];
static bool item_match(const struct item *it, unsigned int k)
{
	strcpy(last_seen, it->name);
	return it->key == k;
}

static struct item *find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &tab[key & 15], node) {
		if (item_match(it, key))
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
		printf("%u:%ld:%s ", keys[i], r ? (long)(r - items) : -1L, last_seen);
	}
	printf("\n");
	printf("last %s\n", last_seen);
	return 0;
}
