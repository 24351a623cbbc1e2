/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compile-only: the pre-3.9 header uses nothing newer than its era. The
 * shims are read first; then the names that came after 3.8 are undefined
 * and poisoned, so the header fails to compile if its text names one of
 * them (the modern shims in include/linux/ define some, e.g. READ_ONCE).
 * The hlist names of later trees are not even defined by the pre-3.9
 * list.h. Nothing after the poisoning expands a shim macro that uses them.
 */
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/hash.h>
#include <linux/rcupdate.h>
#include <linux/list.h>
#include <linux/rculist.h>

/* 3.19 READ_ONCE/WRITE_ONCE; 3.9 hlist_entry_safe; 3.10 _notrace; 3.17
 * hlist_add_behind; 4.7 GOLDEN_RATIO_* and __hash_32; 5.x lockless and
 * lockdep-conditional RCU list walks. */
#undef READ_ONCE
#undef WRITE_ONCE
#undef GOLDEN_RATIO_32
#undef GOLDEN_RATIO_64
#undef lockdep_is_held
#pragma GCC poison READ_ONCE WRITE_ONCE hlist_entry_safe
#pragma GCC poison hlist_for_each_entry_rcu_notrace rcu_dereference_raw_notrace
#pragma GCC poison hlist_for_each_entry_from_rcu hlist_add_behind hlist_add_behind_rcu
#pragma GCC poison hlist_unhashed_lockless hlist_fake hlist_is_singular_node
#pragma GCC poison GOLDEN_RATIO_32 GOLDEN_RATIO_64 __hash_32 hash_32_generic
#pragma GCC poison rcu_dereference_raw_check lockdep_is_held

#include <linux/hashtable.h>

struct obj {
	u32 key;
	struct hlist_node node;
};

static DEFINE_HASHTABLE(tbl, 4);
static DEFINE_READ_MOSTLY_HASHTABLE(rm, 2);

int era(struct obj *o);

int era(struct obj *o)
{
	DECLARE_HASHTABLE(local, 3);
	struct obj *pos;
	struct hlist_node *node, *tmp;
	int bkt, n = 0;

	hash_init(local);
	hash_add(tbl, &o->node, o->key);
	hash_del(&o->node);
	hash_add_rcu(rm, &o->node, o->key);
	n += hash_hashed(&o->node) + hash_empty(local) + (int)HASH_SIZE(tbl) +
	     HASH_BITS(rm) + (int)hash_min(o->key, 3);
	hash_for_each(tbl, bkt, node, pos, node)
		n++;
	hash_for_each_rcu(rm, bkt, node, pos, node)
		n++;
	hash_for_each_safe(tbl, bkt, node, tmp, pos, node)
		n++;
	hash_for_each_possible(tbl, pos, node, node, o->key)
		n++;
	hash_for_each_possible_rcu(rm, pos, node, node, o->key)
		n++;
	hash_for_each_possible_safe(tbl, pos, node, tmp, node, o->key)
		n++;
	hash_del_rcu(&o->node);
	return n;
}
