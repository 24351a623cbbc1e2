// expect: caller_tab converted
// expect: owner_tab converted
// expect: directive_tab converted
// expect: shadow_tab skipped: the key is stored into another object
// reason: shadow_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: setter_tab skipped: a function other files may call with any key
// reason: setter_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: neighbour_tab skipped: entries added by the key of another element
// reason: neighbour_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: whole_tab skipped: jhash() reads the whole struct, the walk compares one field
// reason: whole_tab the walk of the bucket of "jhash(k, sizeof(*k), 0)" is no lookup ("return" comes before a test of "k")
// expect: shifted_tab skipped: a walk of the key where the adds key by a computation of it
// reason: shifted_tab the walk of the bucket of "key" is no lookup (its key is "*", where entries are added by a computation of their fields ("e->key >> 4"): the two agree under the mask only)
// expect: shifted_same_tab converted
/*
 * What a walk's test must compare is the field its entries were added by:
 * one the add reads (e->key), one its function stores the key in (e->key =
 * key, after a directive line too), one a local of the entry reads (o =
 * e->own; o->id), or one each caller of the adding function stores (put(e,
 * e->key)). An add keyed by a value no field of its entry holds (stored into
 * another object, given by callers in other files, read from another element
 * of the array) proves nothing of the entries, and neither does a test of one
 * field of a struct that jhash() reads whole. A walk keyed by the key itself
 * visits other buckets than the adds that key by a computation of it (key >>
 * 4); one keyed by the same computation is a lookup. The shadow,
 * neighbour, whole and shifted tables converted with the output changed
 * before 2026-12-07 (a sixth review's c23 and c32 among them).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/jhash.h>

struct owner {
	unsigned int id;
};

struct pair {
	unsigned int a;
	unsigned int b;
};

struct item {
	unsigned int key;
	unsigned int alias;
	struct owner *own;
	struct pair pair;
	struct hlist_node caller_node;
	struct hlist_node owner_node;
	struct hlist_node directive_node;
	struct hlist_node shadow_node;
	struct hlist_node setter_node;
	struct hlist_node neighbour_node;
	struct hlist_node whole_node;
	struct hlist_node shifted_node;
	struct hlist_node shifted_same_node;
};

#define NITEMS 8
static struct item items[NITEMS];
static struct owner owners[NITEMS];
static struct item spare;
static struct item *shadow = &spare;
static const unsigned int keys[NITEMS] = { 1, 17, 33, 49, 2, 18, 34, 50 };
static const unsigned int queries[] = { 1, 17, 33, 49, 2, 18, 34, 50, 65, 3 };

static struct hlist_head caller_tab[16];
static struct hlist_head owner_tab[16];
static struct hlist_head directive_tab[16];
static struct hlist_head shadow_tab[16];
static struct hlist_head setter_tab[16];
static struct hlist_head neighbour_tab[16];
static struct hlist_head whole_tab[16];
static struct hlist_head shifted_tab[16];
static struct hlist_head shifted_same_tab[16];

static void caller_put(struct item *e, unsigned int key)
{
	hlist_add_head(&e->caller_node, &caller_tab[key & 15]);
}

static void owner_put(struct item *e)
{
	struct owner *o = e->own;

	hlist_add_head(&e->owner_node, &owner_tab[o->id & 15]);
}

static void directive_put(struct item *e, unsigned int key)
{
#ifdef ITEM_DEBUG
	e->alias = 0;
#endif
	e->key = key;
	hlist_add_head(&e->directive_node, &directive_tab[key & 15]);
}

/* the key goes to another object: the entry keeps the alias it had */
static void shadow_put(struct item *e, unsigned int key)
{
	shadow->alias = key;
	hlist_add_head(&e->shadow_node, &shadow_tab[key & 15]);
}

/* not static: a caller elsewhere may give any key */
void setter_put(struct item *e, unsigned int key);

void setter_put(struct item *e, unsigned int key)
{
	hlist_add_head(&e->setter_node, &setter_tab[key & 15]);
}

static struct item *caller_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &caller_tab[key & 15], caller_node)
		if (it->key == key)
			return it;
	return NULL;
}

static struct item *owner_find(unsigned int id)
{
	struct item *it;

	hlist_for_each_entry(it, &owner_tab[id & 15], owner_node)
		if (it->own->id == id)
			return it;
	return NULL;
}

static struct item *directive_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &directive_tab[key & 15], directive_node)
		if (it->key == key)
			return it;
	return NULL;
}

static struct item *shadow_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &shadow_tab[key & 15], shadow_node)
		if (it->alias == key)
			return it;
	return NULL;
}

static struct item *setter_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &setter_tab[key & 15], setter_node)
		if (it->key == key)
			return it;
	return NULL;
}

static struct item *neighbour_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &neighbour_tab[key & 15], neighbour_node)
		if (it->key == key)
			return it;
	return NULL;
}

static struct item *whole_find(const struct pair *k)
{
	struct item *it;

	hlist_for_each_entry(it, &whole_tab[jhash(k, sizeof(*k), 0) & 15], whole_node)
		if (it->pair.a == k->a)
			return it;
	return NULL;
}

static void shifted_put(struct item *e)
{
	hlist_add_head(&e->shifted_node, &shifted_tab[(e->key >> 4) & 15]);
	hlist_add_head(&e->shifted_same_node, &shifted_same_tab[(e->key >> 4) & 15]);
}

static struct item *shifted_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &shifted_tab[key & 15], shifted_node)
		if (it->key == key)
			return it;
	return NULL;
}

static struct item *shifted_same_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &shifted_same_tab[(key >> 4) & 15], shifted_same_node)
		if (it->key == key)
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
		items[i].key = keys[i];
		items[i].alias = keys[i] ^ 16;
		owners[i].id = keys[i];
		items[i].own = &owners[i];
		items[i].pair.a = 1;
		items[i].pair.b = keys[i];
	}
	for (i = 0; i < NITEMS; i++) {
		struct item *e = &items[i];

		caller_put(&items[i], items[i].key);
		owner_put(e);
		directive_put(e, keys[i]);
		shadow_put(e, keys[i]);
		setter_put(e, keys[i]);
		hlist_add_head(&items[i].neighbour_node,
			       &neighbour_tab[items[i ^ 1].key & 15]);
		hlist_add_head(&e->whole_node,
			       &whole_tab[jhash(&e->pair, sizeof(e->pair), 0) & 15]);
		shifted_put(e);
	}
	for (i = 0; i < ARRAY_SIZE(queries); i++) {
		struct pair p = { 1, queries[i] };

		printf("%u: %ld %ld %ld %ld %ld %ld %ld %ld %ld\n", queries[i],
		       at(caller_find(queries[i])), at(owner_find(queries[i])),
		       at(directive_find(queries[i])), at(shadow_find(queries[i])),
		       at(setter_find(queries[i])), at(neighbour_find(queries[i])),
		       at(whole_find(&p)), at(shifted_find(queries[i])),
		       at(shifted_same_find(queries[i])));
	}
	return 0;
}
