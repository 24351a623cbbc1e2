// expect: tab skipped
// reason: tab the walk of the bucket of "*key" is no lookup (it changes "key"): hash_for_each_possible() would visit the entries of other keys than before
/*
 * A pointer key stepped through (*key) after the match: converted by be6eac0 with the
 * program's output changed (a fifth review's q25).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item { unsigned int key; struct hlist_node node; };

static struct item items[] = { { 33 }, { 17 }, { 1 }, { 9 }, { 22 }, { 30 }, { 3 } };
static struct hlist_head tab[16];

/* count the entries of *key and of the keys that follow it 16 apart, as they are met */
static int chase(unsigned int *key)
{
	struct item *it;
	int n = 0;

	hlist_for_each_entry(it, &tab[*key & 15], node)
		if (it->key == *key) {
			n++;
			(*key) += 16;
		}
	return n;
}

int main(void)
{
	unsigned int i, k = 1;

	for (i = 0; i < 7; i++)
		hlist_add_head(&items[i].node, &tab[items[i].key & 15]);
	printf("%d %u\n", chase(&k), k);
	return 0;
}
