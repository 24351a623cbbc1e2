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
// expect: redef_tab skipped: the wrapper's name is redefined to a function that writes
// reason: redef_tab a call may change key "it->key"
// expect: paren_tab skipped: (f)(x) is a call too
// reason: paren_tab a call may change key "it->key"
// expect: static_tab skipped: a static bucket pointer, which a call in between sets again
// reason: static_tab bucket pointer "head" is not a variable of its function (or a static one)
// expect: alias_tab skipped: the key changes through a pointer to it
// reason: alias_tab key "k" may change through a pointer before the bucket is used
/*
 * What looks like a container_of() wrapper between the pick of a bucket and its
 * use, and is not (bucket_step.c has one that is): a function pointer member of
 * the wrapper's name, a parameter of that name, a wrapper that calls what it is
 * given. And bucket pointers whose pick and use differ in other ways: one of
 * file scope, read by another function, and one given the table of a struct
 * whose pointer moves before the use (hash_add() would name the other table).
 * A second review added: the wrapper's name #undef'd and defined again as a
 * function that writes, a call written (f)(x), a static bucket pointer that a
 * recursive call sets again, and a key written through a pointer to it.
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
static struct hlist_head redef_tab[TAB_SIZE];
static struct hlist_head paren_tab[TAB_SIZE];
static struct hlist_head static_tab[TAB_SIZE];
static struct hlist_head alias_tab[TAB_SIZE];

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

#define TO_I(p)	container_of(p, struct item, v)
#undef TO_I
#define TO_I bump

static void add_redef(struct item *it)
{
	struct hlist_head *head = redef_tab;
	head += it->key & TAB_MASK;
	TO_I(&it->v);
	hlist_add_head(&it->node, head);
}

static void add_paren(struct item *it)
{
	struct hlist_head *head = paren_tab;
	head += it->key & TAB_MASK;
	(bump)(&it->v);
	hlist_add_head(&it->node, head);
}

static void add_static(struct item *it, struct item *next)
{
	static struct hlist_head *head;
	unsigned int k = it->key;

	head = static_tab;
	head += k & TAB_MASK;
	if (next)
		add_static(next, NULL);
	hlist_add_head(&it->node, head);
}

static void add_alias(struct item *it)
{
	unsigned int k = it->key, *kp = &k;
	struct hlist_head *head = alias_tab;

	head += k & TAB_MASK;
	if (k == 10)
		*kp = 11;
	it->key = k;
	hlist_add_head(&it->node, head);
}

int main(void)
{
	static struct item items[11][12];
	static struct cache caches[2];
	unsigned int sums[10] = { 0 };
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
		items[6][i].key = i * 5;
		add_redef(&items[6][i]);
		items[7][i].key = i * 5;
		add_paren(&items[7][i]);
		items[8][i].key = i * 5;
		items[9][i].key = i * 5 + 1;
		if (i % 2)
			add_static(&items[8][i], &items[9][i]);
		items[10][i].key = i * 5;
		add_alias(&items[10][i]);
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
		hlist_for_each_entry(it, &redef_tab[i], node)
			sums[6] += it->key;
		hlist_for_each_entry(it, &paren_tab[i], node)
			sums[7] += it->key;
		hlist_for_each_entry(it, &static_tab[i], node)
			sums[8] += it->key;
		hlist_for_each_entry(it, &alias_tab[i], node)
			sums[9] += it->key;
	}
	for (i = 0; i < 10; i++)
		printf("%u ", sums[i]);
	printf("\n");
	for (i = 0; i < 12; i++)	/* where each entry is */
		printf("%u %u\n", (unsigned int)(items[0][i].node.pprev != NULL),
		       (unsigned int)(items[5][i].node.pprev != NULL));
	return 0;
}
