// expect: ops_tab skipped: p->NAME() is a function pointer, not the wrapper of that name
// reason: ops_tab a call may change key "it->key"
// expect: shadow_tab skipped: a parameter named like the wrapper is another function
// reason: shadow_tab a call may change key "it->key"
// expect: getter_tab skipped: the wrapper calls what it is given
// reason: getter_tab a call may change key "it->key"
// expect: last_tab skipped: a bucket pointer of file scope, read by another function
// reason: last_tab bucket pointer "last" is not a variable of its function
// expect: buckets skipped: the struct whose table the pointer was given changes before the use
// reason: buckets table "c->buckets" of bucket pointer "head": "c" changes before the bucket is used
/*
 * What looks like a container_of() wrapper between the pick of a bucket and its
 * use, and is not (bucket_step.c has one that is): a function pointer member of
 * the wrapper's name, a parameter of that name, a wrapper that calls what it is
 * given. And bucket pointers whose pick and use differ in other ways: one of
 * file scope, read by another function, and one given the table of a struct
 * whose pointer moves before the use (hash_add() would name the other table).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define TAB_BITS	3
#define TAB_SIZE	(1 << TAB_BITS)
#define TAB_MASK	(TAB_SIZE - 1)

struct vobj {
	int mode;
};

struct item;

struct item_ops {
	struct item *(*ITEM_I)(struct vobj *v);
};

struct item {
	unsigned int key;
	struct vobj v;
	const struct item_ops *ops;
	struct hlist_node node;
};

struct cache {
	struct hlist_head buckets[TAB_SIZE];
	struct cache *next;
};

static inline struct item *ITEM_I(struct vobj *v)
{
	return container_of(v, struct item, v);
}

#define TO_ITEM(get, p)	container_of(get(p), struct item, v)

static struct item *bump(struct vobj *v)
{
	struct item *it = container_of(v, struct item, v);

	it->key += 1;
	return it;
}

static const struct item_ops bump_ops = { bump };

static struct hlist_head ops_tab[TAB_SIZE];
static struct hlist_head shadow_tab[TAB_SIZE];
static struct hlist_head getter_tab[TAB_SIZE];
static struct hlist_head last_tab[TAB_SIZE];
static struct hlist_head *last;

static void add_ops(struct item *it)
{
	struct hlist_head *head = ops_tab;
	head += it->key & TAB_MASK;
	it->ops->ITEM_I(&it->v);
	hlist_add_head(&it->node, head);
}

static void add_shadow(struct item *it, struct item *(*ITEM_I)(struct vobj *v))
{
	struct hlist_head *head = shadow_tab;
	head += it->key & TAB_MASK;
	ITEM_I(&it->v);
	hlist_add_head(&it->node, head);
}

static void add_getter(struct item *it)
{
	struct hlist_head *head = getter_tab;
	head += it->key & TAB_MASK;
	TO_ITEM(bump, &it->v);
	hlist_add_head(&it->node, head);
}

static void add_again(struct item *it)
{
	hlist_add_head(&it->node, last);
}

static void add_last(struct item *it, struct item *again)
{
	last = last_tab;
	last += it->key & TAB_MASK;
	hlist_add_head(&it->node, last);
	if (again)
		add_again(again);
}

static void add_cached(struct cache *c, struct item *it)
{
	struct hlist_head *head = c->buckets;
	head += it->key & TAB_MASK;
	if (c->next)
		c = c->next;
	hlist_add_head(&it->node, head);
}

int main(void)
{
	static struct item items[6][12];
	static struct cache caches[2];
	unsigned int sums[6] = { 0 };
	struct item *it;
	unsigned int i;

	caches[0].next = &caches[1];
	for (i = 0; i < 12; i++) {
		/* keys that no loop counter gives: not bucket numbers */
		items[0][i] = (struct item){ .key = i * 5, .ops = &bump_ops };
		add_ops(&items[0][i]);
		items[1][i].key = i * 5;
		add_shadow(&items[1][i], bump);
		items[2][i].key = i * 5;
		add_getter(&items[2][i]);
		items[3][i].key = i * 5;
		items[4][i].key = i * 5 + 100;
		add_last(&items[3][i], i == 5 ? &items[4][i] : NULL);
		items[5][i].key = i * 5;
		add_cached(&caches[0], &items[5][i]);
	}
	for (i = 0; i < TAB_SIZE; i++) {
		hlist_for_each_entry(it, &ops_tab[i], node)
			sums[0] += it->key;
		hlist_for_each_entry(it, &shadow_tab[i], node)
			sums[1] += it->key;
		hlist_for_each_entry(it, &getter_tab[i], node)
			sums[2] += it->key;
		hlist_for_each_entry(it, &last_tab[i], node)
			sums[3] += it->key;
		hlist_for_each_entry(it, &caches[0].buckets[i], node)
			sums[4] += it->key;
		hlist_for_each_entry(it, &caches[1].buckets[i], node)
			sums[5] += it->key;
	}
	printf("%u %u %u %u %u %u\n", sums[0], sums[1], sums[2], sums[3], sums[4], sums[5]);
	for (i = 0; i < 12; i++)	/* where each entry is */
		printf("%u %u\n", (unsigned int)(items[0][i].node.pprev != NULL),
		       (unsigned int)(items[5][i].node.pprev != NULL));
	return 0;
}
