// expect: buckets skipped
// reason: buckets the file defines hash_add() of <linux/hashtable.h> itself: the converted code would use it
/*
 * A file with a hash_add() of its own (not <linux/hashtable.h>'s): its
 * calls are not the API, whatever their name, and the table stays.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define NBUCKETS	8

/* adds at the head of the bucket the caller already picked */
#define hash_add(table, node, bucket)	hlist_add_head(node, &(table)[bucket])

struct item {
	int key;
	struct hlist_node node;
};

static struct hlist_head buckets[NBUCKETS];

static void add_item(struct item *it)
{
	hash_add(buckets, &it->node, it->key & (NBUCKETS - 1));
}

static int count(int key)
{
	struct item *it;
	int n = 0;

	hlist_for_each_entry(it, &buckets[key & (NBUCKETS - 1)], node)
		n += it->key == key;
	return n;
}

int main(void)
{
	static struct item items[10];
	int i;

	for (i = 0; i < 10; i++) {
		items[i].key = i % 4;
		add_item(&items[i]);
	}
	printf("%d %d\n", count(1), count(3));
	return 0;
}
