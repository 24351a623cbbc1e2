// expect: tbl skipped: the helper reaches the table through a local of its own
// reason: tbl bucket helper bucket(): its table "n->tbl" is reached through its local "n"
/*
 * A bucket helper that reaches its table through a local of its own: the call
 * bucket(which, key) cannot become hash_add(n->tbl, ...), as n there would be
 * the caller's n (find() has one that always points to the first name space:
 * it would find 9 in the wrong one and miss it in its own), or no variable.
 */
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define TBL_BITS 4
#define TBL_SIZE (1 << TBL_BITS)

struct ns {
	int id;
	struct hlist_head tbl[TBL_SIZE];
};

struct item {
	unsigned int key;
	struct hlist_node node;
};

static struct ns spaces[2];

static struct ns *ns_of(int which)
{
	return &spaces[which];
}

static struct hlist_head *bucket(int which, unsigned int key)
{
	struct ns *n = ns_of(which);

	return &n->tbl[hash_32(key, TBL_BITS)];
}

static void add(int which, struct item *it)
{
	struct ns *n = &spaces[which];

	(void)n;
	hlist_add_head(&it->node, bucket(which, it->key));
}

static struct item *find(int which, unsigned int key)
{
	struct ns *n = &spaces[0];
	struct item *it;

	(void)n;
	hlist_for_each_entry(it, bucket(which, key), node)
		if (it->key == key)
			return it;
	return NULL;
}

int main(void)
{
	static struct item a = { .key = 7 }, b = { .key = 9 };

	add(0, &a);
	add(1, &b);
	printf("%d %d %d\n", find(0, 7) != NULL, find(1, 9) != NULL, find(1, 7) != NULL);
	return 0;
}
