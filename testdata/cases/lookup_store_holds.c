// expect: kept_tab converted
// expect: guarded_tab converted
// expect: over_tab skipped: the stored field is overwritten on a branch before the add
// reason: over_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: branch_tab skipped: the key is stored on one branch only
// reason: branch_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: moved_tab skipped: the key variable changes after it is stored
// reason: moved_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: twin_tab skipped: the entry variable points elsewhere when it is added
// reason: twin_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: macro_tab skipped: a macro calls the adding function with another key
// reason: macro_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: sized_tab skipped: jhash() reads a range of the key, the walk compares one field
// reason: sized_tab the walk of the bucket of "jhash(k, sizeof(struct pair), 0)" is no lookup ("return" comes before a test of "k")
/*
 * A store of the key in the entry (e->key = id) says what the entry was added
 * by only where it holds at the add: before it, on every path to it, with no
 * later write of the field, of the stored variable or of the entry variable
 * between (an error path that returns does not count), and where every call
 * of the adding function is a call of the file. A call given the key and a
 * size reads a range of it that a field does not cover. From a seventh
 * review (d01, d02, d04, d07, d08, d20): the rule of 72bc442 converted all six,
 * over_tab, moved_tab, macro_tab and sized_tab with the output changed here.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/jhash.h>

struct pair {
	unsigned int a;
	unsigned int b;
};

struct item {
	unsigned int kept_key, guarded_key, over_key, branch_key, moved_key, twin_key;
	unsigned int macro_key;
	unsigned int alias;
	struct item *twin;
	struct pair pair;
	struct hlist_node kept_node;
	struct hlist_node guarded_node;
	struct hlist_node over_node;
	struct hlist_node branch_node;
	struct hlist_node moved_node;
	struct hlist_node twin_node;
	struct hlist_node macro_node;
	struct hlist_node sized_node;
};

#define NITEMS 6
static struct item items[NITEMS];
static const unsigned int aliases[NITEMS] = { 0x11, 0x21, 1, 0x12, 2, 0x32 };
static const unsigned int queries[] = { 1, 0x11, 0x21, 0x31, 2, 0x12, 0x22, 0x32 };

static struct hlist_head kept_tab[16];
static struct hlist_head guarded_tab[16];
static struct hlist_head over_tab[16];
static struct hlist_head branch_tab[16];
static struct hlist_head moved_tab[16];
static struct hlist_head twin_tab[16];
static struct hlist_head macro_tab[16];
static struct hlist_head sized_tab[16];

static int fail_at = -1;

static int kept_add(struct item *e, unsigned int key)
{
	e->kept_key = key;
	if ((int)(e - items) == fail_at) {
		e->kept_key = 0;              /* an error path that leaves */
		return -1;
	}
	hlist_add_head(&e->kept_node, &kept_tab[key & 15]);
	return 0;
}

static struct item *guarded_new(struct item *e, unsigned int key)
{
	if (e)
		e->guarded_key = key;
	return e;
}

static void guarded_add(struct item *e, unsigned int key)
{
	struct item *n = guarded_new(e, key);

	if (n)
		hlist_add_head(&n->guarded_node, &guarded_tab[key & 15]);
}

static void over_add(struct item *e, unsigned int key)
{
	e->over_key = key;
	if (e->alias > 0x10)
		e->over_key = e->alias;
	hlist_add_head(&e->over_node, &over_tab[key & 15]);
}

static void branch_add(struct item *e, unsigned int key, int set)
{
	if (set)
		e->branch_key = key;
	hlist_add_head(&e->branch_node, &branch_tab[key & 15]);
}

static void moved_add(struct item *e, unsigned int key)
{
	e->moved_key = key;
	key = e->alias;
	hlist_add_head(&e->moved_node, &moved_tab[key & 15]);
}

static void twin_add(struct item *e, unsigned int key)
{
	e->twin_key = key;
	e = e->twin;
	hlist_add_head(&e->twin_node, &twin_tab[key & 15]);
}

static void macro_put(struct item *e, unsigned int key)
{
	hlist_add_head(&e->macro_node, &macro_tab[key & 15]);
}

#define MACRO_PUT_ALIAS(e) macro_put(e, (e)->alias)

static struct item *kept_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &kept_tab[key & 15], kept_node)
		if (it->kept_key == key)
			return it;
	return NULL;
}

static struct item *guarded_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &guarded_tab[key & 15], guarded_node)
		if (it->guarded_key == key)
			return it;
	return NULL;
}

static struct item *over_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &over_tab[key & 15], over_node)
		if (it->over_key == key)
			return it;
	return NULL;
}

static struct item *branch_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &branch_tab[key & 15], branch_node)
		if (it->branch_key == key)
			return it;
	return NULL;
}

static struct item *moved_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &moved_tab[key & 15], moved_node)
		if (it->moved_key == key)
			return it;
	return NULL;
}

static struct item *twin_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &twin_tab[key & 15], twin_node)
		if (it->twin_key == key)
			return it;
	return NULL;
}

static struct item *macro_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &macro_tab[key & 15], macro_node)
		if (it->macro_key == key)
			return it;
	return NULL;
}

static struct item *sized_find(const struct pair *k)
{
	struct item *it;

	hlist_for_each_entry(it, &sized_tab[jhash(k, sizeof(struct pair), 0) & 15], sized_node)
		if (it->pair.a == k->a)
			return it;
	return NULL;
}

static long at(const struct item *e)
{
	return e ? (long)(e - items) : -1L;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < NITEMS; i++) {
		items[i].alias = aliases[i];
		items[i].macro_key = aliases[i] & 15;
		items[i].twin = &items[(i + 1) % NITEMS];
		items[i].pair.a = 1;
		items[i].pair.b = aliases[i];
	}
	for (i = 0; i < NITEMS; i++) {
		struct item *e = &items[i];

		kept_add(e, aliases[i] & 15);
		guarded_add(e, aliases[i] & 15);
		over_add(e, aliases[i] & 15);
		branch_add(e, aliases[i] & 15, i & 1);
		moved_add(e, aliases[i] & 15);
		twin_add(e, aliases[i] & 15);
		if (i & 1)
			MACRO_PUT_ALIAS(e);
		else
			macro_put(e, e->macro_key);
		hlist_add_head(&e->sized_node,
			       &sized_tab[jhash(&e->pair, sizeof(e->pair), 0) & 15]);
	}
	for (i = 0; i < ARRAY_SIZE(queries); i++) {
		struct pair p = { 1, queries[i] };

		printf("%x: %ld %ld %ld %ld %ld %ld %ld %ld\n", queries[i],
		       at(kept_find(queries[i])), at(guarded_find(queries[i])),
		       at(over_find(queries[i])), at(branch_find(queries[i])),
		       at(moved_find(queries[i])), at(twin_find(queries[i])),
		       at(macro_find(queries[i])), at(sized_find(&p)));
	}
	return 0;
}
