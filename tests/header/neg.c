/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Negative compile test. The table macros size the table with ARRAY_SIZE,
 * so handing them a pointer (a table passed to a function, say) must not
 * compile: built with -DNEG_CASE=n for n >= 1, each case must fail with
 * the __must_be_array() error ("negative width" bit-field). NEG_CASE=0 is
 * the control: the same code on a real array compiles cleanly.
 */
#include <linux/hashtable.h>

struct obj {
	u32 key;
	struct hlist_node node;
};

static DEFINE_HASHTABLE(tbl, 4);

#if NEG_CASE == 0
#define T tbl
#else
#define T ptr
#endif

int neg(struct obj *o);

int neg(struct obj *o)
{
	struct hlist_head *ptr = tbl;
	struct obj *pos;
	struct hlist_node *tmp;
	int bkt, n = 0;

	(void)ptr;
	(void)tmp;
	(void)bkt;
	(void)pos;
#if NEG_CASE == 0 || NEG_CASE == 1
	n += (int)HASH_SIZE(T);
#endif
#if NEG_CASE == 0 || NEG_CASE == 2
	n += HASH_BITS(T);
#endif
#if NEG_CASE == 0 || NEG_CASE == 3
	hash_init(T);
#endif
#if NEG_CASE == 0 || NEG_CASE == 4
	n += hash_empty(T);
#endif
#if NEG_CASE == 0 || NEG_CASE == 5
	hash_add(T, &o->node, o->key);
#endif
#if NEG_CASE == 0 || NEG_CASE == 6
	hash_for_each(T, bkt, pos, node)
		n++;
#endif
#if NEG_CASE == 0 || NEG_CASE == 7
	hash_for_each_possible(T, pos, node, o->key)
		n++;
#endif
#if NEG_CASE == 0 || NEG_CASE == 8
	hash_for_each_possible_safe(T, pos, tmp, node, o->key)
		n++;
#endif
#if NEG_CASE == 0 || NEG_CASE == 9
	hash_for_each_possible_rcu(T, pos, node, o->key)
		n++;
#endif
	return n;
}
