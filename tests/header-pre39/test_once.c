// SPDX-License-Identifier: GPL-2.0
/*
 * Side effects in arguments happen once: the key of hash_add, hash_add_rcu,
 * hash_min and every hash_for_each_possible* (whatever the key's size and
 * however many objects the bucket holds), and the table expression of the
 * macros that take the table once in mainline.
 */
#include <linux/hashtable.h>
#include "../header/check.h"

static int key_calls;
static int table_calls;

static u32 key32(u32 k)
{
	key_calls++;
	return k;
}

static u64 key64(u64 k)
{
	key_calls++;
	return k;
}

static u8 key8(u8 k)
{
	key_calls++;
	return k;
}

struct thing {
	u64 key;
	struct hlist_node node;
};

struct ctx {
	DECLARE_HASHTABLE(tbl, 3);
	DECLARE_HASHTABLE(one, 0);
};

static struct ctx the_ctx;

static struct ctx *get_ctx(void)
{
	table_calls++;
	return &the_ctx;
}

#define ONCE(what, expr)						\
	do {								\
		key_calls = 0;						\
		expr;							\
		if (key_calls != 1)					\
			printf("  key of %s evaluated %d times\n",	\
			       what, key_calls);			\
		CHECK_EQ(key_calls, 1);					\
	} while (0)

/* Walk a bucket with several objects, counting key evaluations. */
#define WALK_ONCE(what, walk)						\
	do {								\
		int __n = 0;						\
									\
		key_calls = 0;						\
		walk							\
			__n++;						\
		CHECK(__n >= 1);					\
		if (key_calls != 1)					\
			printf("  key of %s evaluated %d times\n",	\
			       what, key_calls);			\
		CHECK_EQ(key_calls, 1);					\
	} while (0)

static void test_keys(void)
{
	struct thing t[9], *obj;
	struct hlist_node *node, *tmp;
	struct ctx *c = &the_ctx;
	unsigned int i, k = 5;
	u64 k64 = 5;
	volatile u32 sink;

	hash_init(c->tbl);
	hash_init(c->one);
	for (i = 0; i < 4; i++) {
		t[i].key = 5;
		ONCE("hash_add (u32)", hash_add(c->tbl, &t[i].node, key32(5)));
	}
	for (i = 4; i < 6; i++) {
		t[i].key = 5;
		ONCE("hash_add (u64)", hash_add(c->tbl, &t[i].node, key64(5)));
	}
	t[6].key = 5;
	ONCE("hash_add_rcu", hash_add_rcu(c->tbl, &t[6].node, key32(5)));
	t[7].key = 5;
	ONCE("hash_add (1 bucket)", hash_add(c->one, &t[7].node, key64(5)));
	t[8].key = 5;
	ONCE("hash_add_rcu (1 bucket)", hash_add_rcu(c->one, &t[8].node, key8(5)));

	ONCE("hash_min (u8)", sink = hash_min(key8(5), 3));
	ONCE("hash_min (u32)", sink = hash_min(key32(5), 3));
	ONCE("hash_min (u64)", sink = hash_min(key64(5), 3));
	ONCE("hash_min (bits 0)", sink = hash_min(key32(5), 0));
	ONCE("hash_min (u64, bits 0)", sink = hash_min(key64(5), 0));
	(void)sink;

	WALK_ONCE("hash_for_each_possible",
		  hash_for_each_possible(c->tbl, obj, node, node, key32(5)));
	WALK_ONCE("hash_for_each_possible (u64)",
		  hash_for_each_possible(c->tbl, obj, node, node, key64(5)));
	WALK_ONCE("hash_for_each_possible (1 bucket)",
		  hash_for_each_possible(c->one, obj, node, node, key32(5)));
	WALK_ONCE("hash_for_each_possible_rcu",
		  hash_for_each_possible_rcu(c->tbl, obj, node, node, key32(5)));
	WALK_ONCE("hash_for_each_possible_rcu (u64)",
		  hash_for_each_possible_rcu(c->tbl, obj, node, node, key64(5)));
	WALK_ONCE("hash_for_each_possible_rcu (1 bucket)",
		  hash_for_each_possible_rcu(c->one, obj, node, node, key8(5)));
	WALK_ONCE("hash_for_each_possible_safe",
		  hash_for_each_possible_safe(c->tbl, obj, node, tmp, node, key64(5)));
	WALK_ONCE("hash_for_each_possible_safe (1 bucket)",
		  hash_for_each_possible_safe(c->one, obj, node, tmp, node, key32(5)));

	/* plain increments in the key */
	hash_del(&t[0].node);
	hash_add(c->tbl, &t[0].node, k++);
	CHECK_EQ(k, 6);
	hash_del(&t[0].node);
	hash_add_rcu(c->tbl, &t[0].node, k64++);
	CHECK_EQ(k64, 6);
	hash_for_each_possible(c->tbl, obj, node, node, k++)
		;
	CHECK_EQ(k, 7);
	hash_for_each_possible_safe(c->tbl, obj, node, tmp, node, k64++)
		;
	CHECK_EQ(k64, 7);
	hash_for_each_possible_rcu(c->tbl, obj, node, node, k++)
		;
	CHECK_EQ(k, 8);
}

/* The table expression, for the entries that take the table once. */
static void test_table_expr(void)
{
	struct thing a = { .key = 3 }, *obj;
	struct hlist_node *node, *tmp;

	table_calls = 0;
	hash_init(get_ctx()->tbl);
	CHECK_EQ(table_calls, 1);

	table_calls = 0;
	CHECK(hash_empty(get_ctx()->tbl));
	CHECK_EQ(table_calls, 1);

	table_calls = 0;
	hash_add(get_ctx()->tbl, &a.node, a.key);
	CHECK_EQ(table_calls, 1);

	table_calls = 0;
	hash_for_each_possible(get_ctx()->tbl, obj, node, node, a.key)
		;
	CHECK_EQ(table_calls, 1);

	table_calls = 0;
	hash_for_each_possible_safe(get_ctx()->tbl, obj, node, tmp, node, a.key)
		;
	CHECK_EQ(table_calls, 1);

	table_calls = 0;
	hash_for_each_possible_rcu(get_ctx()->tbl, obj, node, node, a.key)
		;
	CHECK_EQ(table_calls, 1);

	table_calls = 0;
	hash_del(&a.node);
	hash_add_rcu(get_ctx()->tbl, &a.node, a.key);
	CHECK_EQ(table_calls, 1);
	hash_del_rcu(&a.node);
	CHECK(hash_empty(the_ctx.tbl));
}

int main(void)
{
	test_keys();
	test_table_expr();
	return check_done("test_once");
}
