/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Negative compile test of the pre-3.9 header, built with -DNEG_CASE=n.
 * Cases 1-9 hand the table macros a pointer (a table passed to a function,
 * say): each must fail with the __must_be_array() error ("negative width"
 * bit-field). Cases 10-16 use the 3.9+ signatures (no node cursor, the
 * lockdep condition of hash_for_each_possible_rcu): each must fail with a
 * wrong-number-of-macro-arguments error, so that code converted for a
 * modern tree cannot build silently against this header. NEG_CASE=0 is the
 * control: the same code with the right table and signatures compiles.
 */
#include <linux/hashtable.h>

struct obj {
	u32 key;
	struct hlist_node node;
};

static DEFINE_HASHTABLE(tbl, 4);

#if NEG_CASE >= 1 && NEG_CASE <= 9
#define T ptr
#else
#define T tbl
#endif

int neg(struct obj *o);

int neg(struct obj *o)
{
	struct hlist_head *ptr = tbl;
	struct obj *pos;
	struct hlist_node *hn, *tmp;
	int bkt, n = 0;

	(void)ptr;
	(void)tmp;
	(void)hn;
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
	hash_for_each(T, bkt, hn, pos, node)
		n++;
#endif
#if NEG_CASE == 0 || NEG_CASE == 7
	hash_for_each_possible(T, pos, hn, node, o->key)
		n++;
#endif
#if NEG_CASE == 0 || NEG_CASE == 8
	hash_for_each_possible_safe(T, pos, hn, tmp, node, o->key)
		n++;
#endif
#if NEG_CASE == 0 || NEG_CASE == 9
	hash_for_each_possible_rcu(T, pos, hn, node, o->key)
		n++;
#endif
#if NEG_CASE == 10
	hash_for_each(T, bkt, pos, node)
		n++;
#endif
#if NEG_CASE == 11
	hash_for_each_safe(T, bkt, tmp, pos, node)
		n++;
#endif
#if NEG_CASE == 12
	hash_for_each_rcu(T, bkt, pos, node)
		n++;
#endif
#if NEG_CASE == 13
	hash_for_each_possible(T, pos, node, o->key)
		n++;
#endif
#if NEG_CASE == 14
	hash_for_each_possible_safe(T, pos, tmp, node, o->key)
		n++;
#endif
#if NEG_CASE == 15
	hash_for_each_possible_rcu(T, pos, node, o->key)
		n++;
#endif
#if NEG_CASE == 16
	hash_for_each_possible_rcu(T, pos, hn, node, o->key, 1)
		n++;
#endif
	return n;
}
