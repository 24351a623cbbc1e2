// SPDX-License-Identifier: GPL-2.0
/*
 * The non-RCU API of the pre-3.9 header: table definitions and sizes,
 * hash_init (also on garbage memory), hash_add, hash_hashed, hash_empty,
 * hash_del, and the hash_for_each* walks with their node cursor and break
 * semantics, on tables of 1 to 1024 buckets, file-scope, local and struct
 * members, with int, unsigned int and size_t bucket cursors.
 *
 * As with the old hlist iterators, a walk that meets no object leaves the
 * object cursor unset, so it is initialised where it is read after a walk
 * (gcc -O1 says "may be used uninitialized" otherwise).
 */
#include <string.h>
#include <linux/hashtable.h>
#include "../header/check.h"

struct item {
	unsigned int key;
	int visits;
	struct hlist_node node;
};

/* ---- definitions and sizes -------------------------------------------- */

static DEFINE_HASHTABLE(one, 0);
static DEFINE_HASHTABLE(two, 1);
static DEFINE_HASHTABLE(small, 3);
static DEFINE_HASHTABLE(big, 10);
static DEFINE_READ_MOSTLY_HASHTABLE(rm, 4);
DEFINE_HASHTABLE(global_tbl, 2);	/* external linkage works too */
extern DECLARE_HASHTABLE(global_tbl, 2);

struct holder {
	int before;
	DECLARE_HASHTABLE(tbl, 5);
	int after;
	DECLARE_HASHTABLE(tiny, 0);
};

/* HASH_SIZE and HASH_BITS are integer constant expressions. */
typedef char size_of_big[HASH_SIZE(big)];
typedef char bits_of_big[HASH_BITS(big)];
typedef char bits_of_member[HASH_BITS(((struct holder *)0)->tbl)];
_Static_assert(HASH_SIZE(one) == 1 && HASH_BITS(one) == 0, "bits 0");
_Static_assert(HASH_SIZE(rm) == 16 && HASH_BITS(rm) == 4, "read mostly");
_Static_assert(sizeof(((struct holder *)0)->tbl) == 32 * sizeof(struct hlist_head),
	       "member table");

static void test_sizes(void)
{
	DECLARE_HASHTABLE(local, 6);
	DEFINE_HASHTABLE(local_def, 2);
	struct holder h;

	CHECK_EQ(sizeof(size_of_big), 1024);
	CHECK_EQ(sizeof(bits_of_big), 10);
	CHECK_EQ(sizeof(bits_of_member), 5);
	CHECK_EQ(HASH_SIZE(one), 1);
	CHECK_EQ(HASH_BITS(one), 0);
	CHECK_EQ(HASH_SIZE(two), 2);
	CHECK_EQ(HASH_BITS(two), 1);
	CHECK_EQ(HASH_SIZE(small), 8);
	CHECK_EQ(HASH_BITS(small), 3);
	CHECK_EQ(HASH_SIZE(big), 1024);
	CHECK_EQ(HASH_BITS(big), 10);
	CHECK_EQ(HASH_SIZE(rm), 16);
	CHECK_EQ(HASH_BITS(rm), 4);
	CHECK_EQ(HASH_SIZE(global_tbl), 4);
	CHECK_EQ(HASH_SIZE(local), 64);
	CHECK_EQ(HASH_BITS(local), 6);
	CHECK_EQ(HASH_SIZE(local_def), 4);
	CHECK_EQ(HASH_SIZE(h.tbl), 32);
	CHECK_EQ(HASH_BITS(h.tbl), 5);
	CHECK_EQ(HASH_SIZE(h.tiny), 1);
	CHECK_EQ(HASH_BITS(h.tiny), 0);
	CHECK_EQ(sizeof(big), 1024 * sizeof(struct hlist_head));
	CHECK_EQ(sizeof(local), 64 * sizeof(void *));
}

/* DEFINE_*HASHTABLE tables start out empty, no hash_init needed. */
static void test_defined_empty(void)
{
	DEFINE_HASHTABLE(local_def, 4);
	unsigned int i;

	CHECK(hash_empty(one));
	CHECK(hash_empty(big));
	CHECK(hash_empty(rm));
	CHECK(hash_empty(local_def));
	for (i = 0; i < HASH_SIZE(big); i++)
		CHECK(big[i].first == NULL);
	for (i = 0; i < HASH_SIZE(rm); i++)
		CHECK(rm[i].first == NULL);
	for (i = 0; i < HASH_SIZE(local_def); i++)
		CHECK(local_def[i].first == NULL);
}

/* DECLARE_HASHTABLE storage holds garbage until hash_init. */
static void test_init(void)
{
	DECLARE_HASHTABLE(local, 4);
	struct holder *h = malloc(sizeof(*h));
	struct item it = { .key = 9 };
	unsigned int i;

	BUG_ON(!h);
	memset(local, 0xa5, sizeof(local));
	memset(h, 0x5a, sizeof(*h));
	h->before = 1;
	h->after = 2;
	CHECK(!hash_empty(local));		/* garbage is not empty */
	hash_init(local);
	hash_init(h->tbl);
	hash_init(h->tiny);
	for (i = 0; i < HASH_SIZE(local); i++)
		CHECK(local[i].first == NULL);
	for (i = 0; i < HASH_SIZE(h->tbl); i++)
		CHECK(h->tbl[i].first == NULL);
	CHECK(h->tiny[0].first == NULL);
	CHECK(hash_empty(local));
	CHECK(hash_empty(h->tbl));
	CHECK(hash_empty(h->tiny));
	/* hash_init touches the table and nothing around it */
	CHECK_EQ(h->before, 1);
	CHECK_EQ(h->after, 2);

	/* a member table works like any other */
	hash_add(h->tbl, &it.node, it.key);
	CHECK(!hash_empty(h->tbl));
	CHECK(h->tbl[hash_min(it.key, 5)].first == &it.node);
	hash_del(&it.node);
	CHECK(hash_empty(h->tbl));
	hash_add(h->tiny, &it.node, it.key);
	CHECK(!hash_empty(h->tiny));
	CHECK(h->tiny[0].first == &it.node);

	/* and hash_init empties a used table again */
	hash_init(h->tiny);
	CHECK(hash_empty(h->tiny));
	free(h);
}

/* ---- add, hashed, empty, del ------------------------------------------ */

static void test_add_del(void)
{
	struct item a = { .key = 1 }, b = { .key = 1 }, c = { .key = 1 };
	struct item *obj;
	struct hlist_node *pos;
	struct item *order[3];
	unsigned int n = 0, bkt = hash_min(1u, HASH_BITS(small)), i;

	hash_init(small);
	INIT_HLIST_NODE(&a.node);
	INIT_HLIST_NODE(&b.node);
	INIT_HLIST_NODE(&c.node);
	CHECK(!hash_hashed(&a.node));
	CHECK(hash_empty(small));

	hash_add(small, &a.node, a.key);
	CHECK(hash_hashed(&a.node));
	CHECK(!hash_empty(small));
	hash_add(small, &b.node, b.key);
	hash_add(small, &c.node, c.key);

	/* hash_add inserts at the head of the bucket: newest first */
	hlist_for_each_entry(obj, pos, &small[bkt], node)
		if (n < 3)
			order[n++] = obj;
	CHECK_EQ(n, 3);
	CHECK(order[0] == &c && order[1] == &b && order[2] == &a);

	/* delete from the middle of the chain: unhashed, not poisoned */
	hash_del(&b.node);
	CHECK(!hash_hashed(&b.node));
	CHECK(b.node.next == NULL && b.node.pprev == NULL);
	CHECK(hash_hashed(&a.node) && hash_hashed(&c.node));
	CHECK(small[bkt].first == &c.node);
	CHECK(c.node.next == &a.node);
	CHECK(a.node.pprev == &c.node.next);

	/* a second hash_del of an unhashed node is harmless */
	hash_del(&b.node);
	CHECK(!hash_hashed(&b.node));
	CHECK(small[bkt].first == &c.node && c.node.next == &a.node);

	/* delete the head, then the last one */
	hash_del(&c.node);
	CHECK(small[bkt].first == &a.node);
	CHECK(a.node.pprev == &small[bkt].first);
	CHECK(!hash_empty(small));
	hash_del(&a.node);
	CHECK(hash_empty(small));
	CHECK(!hash_hashed(&a.node));

	/* an unhashed node can be added again */
	hash_add(small, &b.node, 77u);
	CHECK(hash_hashed(&b.node));
	CHECK(small[hash_min(77u, 3)].first == &b.node);
	hash_del(&b.node);
	CHECK(hash_empty(small));

	/* a zero-filled node counts as unhashed too */
	memset(&a, 0, sizeof(a));
	CHECK(!hash_hashed(&a.node));
	hash_del(&a.node);
	CHECK(!hash_hashed(&a.node));

	/* hash_empty sees an object in any bucket, the last one included */
	for (i = 0; i < HASH_SIZE(small); i++) {
		hash_init(small);
		hlist_add_head(&a.node, &small[i]);
		CHECK(!hash_empty(small));
		hash_del(&a.node);
		CHECK(hash_empty(small));
	}
}

/* ---- walks ------------------------------------------------------------ */

#define NITEMS 200

static struct item items[NITEMS];

static void fill(unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		items[i].key = i * 7919u + 3;
		items[i].visits = 0;
	}
}

static void fill_big(void)
{
	unsigned int i;

	hash_init(big);
	fill(NITEMS);
	for (i = 0; i < NITEMS; i++)
		hash_add(big, &items[i].node, items[i].key);
}

/* hash_for_each visits every object once, buckets in ascending order. */
static void test_for_each(void)
{
	struct item *obj;
	struct hlist_node *node;
	unsigned int ubkt, last = 0, visited = 0, wrong_bucket = 0, backwards = 0;
	unsigned int wrong_node = 0;
	int bkt;
	size_t zbkt;
	unsigned int i;

	fill_big();
	hash_for_each(big, ubkt, node, obj, node) {
		obj->visits++;
		visited++;
		if (ubkt != hash_min(obj->key, 10))
			wrong_bucket++;
		if (node != &obj->node)
			wrong_node++;
		if (ubkt < last)
			backwards++;
		last = ubkt;
	}
	CHECK_EQ(visited, NITEMS);
	CHECK_EQ(wrong_bucket, 0);
	CHECK_EQ(wrong_node, 0);
	CHECK_EQ(backwards, 0);
	CHECK(node == NULL);			/* a full walk ends with NULL */
	CHECK_EQ(ubkt, HASH_SIZE(big));
	for (i = 0; i < NITEMS; i++)
		CHECK_EQ(items[i].visits, 1);

	/* same with an int cursor */
	visited = 0;
	wrong_bucket = 0;
	hash_for_each(big, bkt, node, obj, node) {
		visited++;
		wrong_bucket += (u32)bkt != hash_min(obj->key, 10);
	}
	CHECK_EQ(visited, NITEMS);
	CHECK_EQ(wrong_bucket, 0);
	CHECK(node == NULL);
	CHECK_EQ(bkt, 1024);

	/* and a size_t one */
	visited = 0;
	hash_for_each(big, zbkt, node, obj, node)
		visited++;
	CHECK_EQ(visited, NITEMS);
	CHECK(node == NULL);
	CHECK_EQ(zbkt, 1024);

	/* an empty table: no iteration, node NULL */
	hash_init(small);
	node = &items[0].node;
	visited = 0;
	hash_for_each(small, bkt, node, obj, node)
		visited++;
	CHECK_EQ(visited, 0);
	CHECK(node == NULL);
	CHECK_EQ(bkt, 8);
}

/* How many objects a walk meets up to and including @target. */
static unsigned int visits_until(struct hlist_head *tbl, struct item *target)
{
	struct hlist_node *pos;
	unsigned int b, n = 0, tb = hash_min(target->key, 10);

	for (b = 0; b <= tb; b++)
		hlist_for_each(pos, &tbl[b]) {
			n++;
			if (pos == &target->node)
				return n;
		}
	return 0;
}

/*
 * A break ends the whole walk and leaves node and obj at the object broken
 * on. The break leaves only the inner (bucket) loop, so as in mainline the
 * outer loop still steps the cursor once: bkt ends one past obj's bucket.
 */
static void test_for_each_break(void)
{
	struct item *obj = NULL, *target = &items[NITEMS / 2];
	struct hlist_node *node, *tmp = NULL;
	unsigned int visited = 0, after = 0, want;
	int bkt;
	unsigned int i;

	fill_big();
	want = visits_until(big, target);
	CHECK(want >= 1);

	hash_for_each(big, bkt, node, obj, node) {
		visited++;
		if (obj == target)
			break;
	}
	CHECK(obj == target);
	CHECK(node == &target->node);
	CHECK_EQ(bkt, hash_min(target->key, 10) + 1);
	CHECK_EQ(visited, want);

	/* break on the first object: exactly one visit */
	visited = 0;
	hash_for_each(big, bkt, node, obj, node) {
		visited++;
		break;
	}
	CHECK_EQ(visited, 1);
	CHECK(node != NULL && node == &obj->node);

	/* hash_for_each_safe breaks the same way */
	visited = 0;
	hash_for_each_safe(big, bkt, node, tmp, obj, node) {
		visited++;
		if (obj == target)
			break;
	}
	CHECK(obj == target);
	CHECK(node == &target->node);
	CHECK(tmp == target->node.next);
	CHECK_EQ(bkt, hash_min(target->key, 10) + 1);
	CHECK_EQ(visited, want);

	/* continue only skips to the next object */
	visited = 0;
	hash_for_each(big, bkt, node, obj, node) {
		if (obj->key % 2)
			continue;
		visited++;
	}
	for (i = 0; i < NITEMS; i++)
		after += !(items[i].key % 2);
	CHECK_EQ(visited, after);
	CHECK(node == NULL);

	/* the idiom of 3.7/3.8 code: found when the node cursor is set */
	hash_for_each(big, bkt, node, obj, node)
		if (obj->key == 12345678u)
			break;
	CHECK(node == NULL);
}

/* hash_for_each_safe lets the body delete (and free) the current object. */
static void test_for_each_safe(void)
{
	struct item *obj;
	struct hlist_node *node, *tmp;
	unsigned int bkt, i, n = 150, deleted = 0, left = 0;
	size_t zbkt;

	hash_init(small);
	for (i = 0; i < n; i++) {
		struct item *it = malloc(sizeof(*it));

		BUG_ON(!it);
		it->key = i;
		hash_add(small, &it->node, it->key);
	}
	/* delete and free the odd keys; ASan catches a touch after free */
	hash_for_each_safe(small, bkt, node, tmp, obj, node) {
		if (obj->key % 2) {
			hash_del(&obj->node);
			free(obj);
			deleted++;
		}
	}
	CHECK(node == NULL);
	CHECK_EQ(bkt, 8);
	CHECK_EQ(deleted, n / 2);
	hash_for_each(small, bkt, node, obj, node) {
		left++;
		CHECK_EQ(obj->key % 2, 0);
	}
	CHECK_EQ(left, n / 2);

	/* delete everything, with a size_t cursor */
	deleted = 0;
	hash_for_each_safe(small, zbkt, node, tmp, obj, node) {
		hash_del(&obj->node);
		free(obj);
		deleted++;
	}
	CHECK_EQ(deleted, n / 2);
	CHECK(node == NULL);
	CHECK(hash_empty(small));
}

/* hash_for_each_possible walks exactly the key's bucket, in its order. */
static void test_for_each_possible(void)
{
	struct item *obj = NULL;
	struct hlist_node *pos, *node;
	unsigned int i, key, in_bucket, visited, matches, out_of_order;

	hash_init(two);
	fill(NITEMS);
	for (i = 0; i < NITEMS; i++)
		hash_add(two, &items[i].node, items[i].key);

	for (i = 0; i < NITEMS; i += 17) {
		key = items[i].key;
		in_bucket = 0;
		hlist_for_each(pos, &two[hash_min(key, 1)])
			in_bucket++;
		visited = 0;
		matches = 0;
		out_of_order = 0;
		pos = two[hash_min(key, 1)].first;
		hash_for_each_possible(two, obj, node, node, key) {
			visited++;
			if (node != pos)
				out_of_order++;
			pos = pos ? pos->next : NULL;
			if (hash_min(obj->key, 1) != hash_min(key, 1))
				CHECK(!"object from another bucket");
			if (obj->key == key)
				matches++;
		}
		CHECK_EQ(visited, in_bucket);
		CHECK_EQ(out_of_order, 0);
		CHECK_EQ(matches, 1);
		CHECK(node == NULL);

		/* the lookup idiom: break on the match, obj is the object */
		hash_for_each_possible(two, obj, node, node, key)
			if (obj->key == key)
				break;
		CHECK(node != NULL);
		CHECK(obj == &items[i]);
	}

	/* a key that is not there: full walk, node NULL */
	hash_for_each_possible(two, obj, node, node, 1u)
		if (obj->key == 1)
			break;
	CHECK(node == NULL);

	/* both buckets together hold everything */
	in_bucket = 0;
	hlist_for_each(pos, &two[0])
		in_bucket++;
	hlist_for_each(pos, &two[1])
		in_bucket++;
	CHECK_EQ(in_bucket, NITEMS);

	/* a bigger table: each lookup meets only its own bucket */
	fill_big();
	for (i = 0; i < NITEMS; i++) {
		visited = 0;
		in_bucket = 0;
		hlist_for_each(pos, &big[hash_min(items[i].key, 10)])
			in_bucket++;
		hash_for_each_possible(big, obj, node, node, items[i].key)
			visited++;
		CHECK_EQ(visited, in_bucket);
		hash_for_each_possible(big, obj, node, node, items[i].key)
			if (obj == &items[i])
				break;
		CHECK(node == &items[i].node);
	}
}

/* hash_for_each_possible_safe lets the body delete the current object. */
static void test_for_each_possible_safe(void)
{
	struct item *obj;
	struct hlist_node *node, *tmp;
	unsigned int i, deleted = 0, bkt, left = 0;

	hash_init(two);
	for (i = 0; i < 40; i++) {
		struct item *it = malloc(sizeof(*it));

		BUG_ON(!it);
		it->key = i % 4;	/* ten objects per key */
		hash_add(two, &it->node, it->key);
	}
	hash_for_each_possible_safe(two, obj, node, tmp, node, 2u) {
		if (obj->key == 2) {
			hash_del(&obj->node);
			free(obj);
			deleted++;
		}
	}
	CHECK(node == NULL);
	CHECK_EQ(deleted, 10);
	hash_for_each_possible_safe(two, obj, node, tmp, node, 3u)
		if (obj->key == 3)
			break;
	CHECK(node != NULL && node == &obj->node && obj->key == 3);

	hash_for_each_safe(two, bkt, node, tmp, obj, node) {
		CHECK(obj->key != 2);
		left++;
		hash_del(&obj->node);
		free(obj);
	}
	CHECK_EQ(left, 30);
	CHECK(hash_empty(two));
}

/* A 1-bucket table: everything lands in bucket 0 and every walk works. */
static void test_one_bucket(void)
{
	struct item *obj;
	struct hlist_node *node, *tmp;
	unsigned int i, visited = 0, found = 0;
	int bkt;
	u64 big_key = 0xfedcba9876543210ull;

	CHECK(hash_empty(one));
	fill(20);
	for (i = 0; i < 20; i++)
		hash_add(one, &items[i].node, items[i].key);
	hash_add(one, &items[20].node, big_key);
	for (i = 0; i <= 20; i++)
		CHECK(hash_hashed(&items[i].node));

	hlist_for_each_entry(obj, node, &one[0], node)
		visited++;
	CHECK_EQ(visited, 21);

	visited = 0;
	hash_for_each(one, bkt, node, obj, node)
		visited++;
	CHECK_EQ(visited, 21);
	CHECK_EQ(bkt, 1);
	CHECK(node == NULL);

	for (i = 0; i < 20; i++) {
		hash_for_each_possible(one, obj, node, node, items[i].key)
			if (obj->key == items[i].key)
				break;
		found += node != NULL && obj == &items[i];
	}
	CHECK_EQ(found, 20);
	hash_for_each_possible(one, obj, node, node, big_key)
		if (obj == &items[20])
			break;
	CHECK(node != NULL && obj == &items[20]);

	hash_for_each_possible_safe(one, obj, node, tmp, node, big_key)
		if (obj == &items[20])
			hash_del(&obj->node);
	CHECK(!hash_hashed(&items[20].node));

	hash_for_each_safe(one, bkt, node, tmp, obj, node)
		hash_del(&obj->node);
	CHECK(hash_empty(one));
	CHECK_EQ(bkt, 1);
}

/* The read-mostly table behaves as any other. */
static void test_read_mostly(void)
{
	struct item a = { .key = 5 }, *obj;
	struct hlist_node *node;

	CHECK(hash_empty(rm));
	hash_add(rm, &a.node, a.key);
	CHECK(rm[hash_min(5u, 4)].first == &a.node);
	hash_for_each_possible(rm, obj, node, node, 5u)
		break;
	CHECK(node == &a.node && obj == &a);
	hash_del(&a.node);
	CHECK(hash_empty(rm));
}

int main(void)
{
	test_sizes();
	test_defined_empty();
	test_init();
	test_add_del();
	test_for_each();
	test_for_each_break();
	test_for_each_safe();
	test_for_each_possible();
	test_for_each_possible_safe();
	test_one_bucket();
	test_read_mostly();
	(void)global_tbl;
	return check_done("test_basic");
}
