// expect: tbl skipped: the helper reads a global the caller declares as well
// reason: tbl bucket helper bucket(): its table "cur->tbl" reads "cur", which the caller declares as well
/*
 * A bucket helper that reaches its table through a global pointer, cur: at the
 * call in find(), hash_for_each_possible(cur->tbl, ...) would read the local cur
 * of find(), which points to the other name space (7 would not be found).
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
static struct ns *cur = &spaces[1];

static struct hlist_head *bucket(unsigned int key)
{
	return &cur->tbl[hash_32(key, TBL_BITS)];
}

static void add(struct item *it)
{
	hlist_add_head(&it->node, bucket(it->key));
}

static struct item *find(unsigned int key)
{
	struct ns *cur = &spaces[0];
	struct item *it;

	(void)cur;
	hlist_for_each_entry(it, bucket(key), node)
		if (it->key == key)
			return it;
	return NULL;
}

int main(void)
{
	static struct item a = { .key = 7 };

	add(&a);
	printf("%d\n", find(7) != NULL);
	return 0;
}
