/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixed-size hash tables: an array of 2^bits hlist buckets.
 *
 * This is the generation for kernel trees before Linux 3.9, whose hlist
 * iterators take a struct hlist_node * cursor besides the typed one:
 * hlist_for_each_entry(tpos, pos, head, member). Every walk here takes
 * that cursor too, as the hashtable.h of Linux 3.7 and 3.8 did:
 *
 *	hash_for_each(name, bkt, node, obj, member)
 *	hash_for_each_safe(name, bkt, node, tmp, obj, member)
 *	hash_for_each_rcu(name, bkt, node, obj, member)
 *	hash_for_each_possible(name, obj, node, member, key)
 *	hash_for_each_possible_safe(name, obj, node, tmp, member, key)
 *	hash_for_each_possible_rcu(name, obj, node, member, key)
 *
 * How it differs from the modern header (include/linux/hashtable.h, for
 * 3.9 and later):
 *  - the walks above take @node, and it is @node, not @obj, that tells how
 *    a walk ended: NULL after a complete walk, the node broken on after a
 *    break (@obj is then that node's object; after a complete walk @obj is
 *    not meaningful, as with the old hlist iterators);
 *  - hash_for_each_possible_rcu() takes no lockdep condition and there is
 *    no hash_for_each_possible_rcu_notrace(): the hlist iterators these
 *    would need do not exist before 3.10 (notrace) and 5.4 (condition);
 *  - DEFINE_READ_MOSTLY_HASHTABLE() was not in 3.7/3.8; it is provided
 *    anyway, as it needs only __read_mostly.
 * Placement is the same in both generations (bucket = hash_min(key, bits),
 * hash_32() for keys of 4 bytes or less, else hash_long()), and so are the
 * two fixes over mainline:
 *  - a table of one bucket (bits == 0) puts every key in bucket 0 instead
 *    of shifting a 32-bit value by 32 (undefined behaviour);
 *  - the bucket cursor of hash_for_each*() may be int or unsigned int
 *    without a -Wsign-compare warning in the caller.
 *
 * It uses only what those trees have (list.h, rculist.h, hash.h, log2.h,
 * kernel.h) and builds as gnu89 and gnu11; in userspace, put the shims of
 * that era first: cc -I include/pre-3.9 -I include.
 */
#ifndef _LINUX_HASHTABLE_H
#define _LINUX_HASHTABLE_H

#include <linux/list.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/rculist.h>

/**
 * DEFINE_HASHTABLE - define a hash table with every bucket initialised
 * @name: name of the table
 * @bits: the table has 2^@bits buckets
 *
 * Statically initialised: no hash_init() is needed.
 */
#define DEFINE_HASHTABLE(name, bits)					\
	struct hlist_head name[1 << (bits)] =				\
			{ [0 ... ((1 << (bits)) - 1)] = HLIST_HEAD_INIT }

/**
 * DEFINE_READ_MOSTLY_HASHTABLE - DEFINE_HASHTABLE() placed in __read_mostly
 * @name: name of the table
 * @bits: the table has 2^@bits buckets
 *
 * Not part of the 3.7/3.8 header; later mainline has it with this meaning.
 */
#define DEFINE_READ_MOSTLY_HASHTABLE(name, bits)			\
	struct hlist_head name[1 << (bits)] __read_mostly =		\
			{ [0 ... ((1 << (bits)) - 1)] = HLIST_HEAD_INIT }

/**
 * DECLARE_HASHTABLE - declare a hash table without initialising it
 * @name: name of the table (a struct member, an extern, a local)
 * @bits: the table has 2^@bits buckets
 *
 * The buckets must be set up with hash_init() before use.
 */
#define DECLARE_HASHTABLE(name, bits)					\
	struct hlist_head name[1 << (bits)]

/**
 * HASH_SIZE - number of buckets of a table
 * @name: the table (an array, not a pointer)
 */
#define HASH_SIZE(name) (ARRAY_SIZE(name))

/**
 * HASH_BITS - log2 of the number of buckets of a table
 * @name: the table (an array, not a pointer)
 */
#define HASH_BITS(name) ilog2(HASH_SIZE(name))

/*
 * The bucket of a key. hash_32() and hash_long() keep the top @bits bits of
 * a product, so for a 1-bucket table they would shift by the full width of
 * the word. Zero bits means bucket 0.
 */
static inline u32 __hash_bucket_32(u32 val, unsigned int bits)
{
	return bits ? hash_32(val, bits) : 0;
}

static inline u32 __hash_bucket_long(unsigned long val, unsigned int bits)
{
	return bits ? (u32)hash_long(val, bits) : 0;
}

/**
 * hash_min - bucket of @val in a table of 2^@bits buckets
 * @val: the key; hashed with hash_32() when it fits in 32 bits (faster on
 *       64-bit machines), else with hash_long(); evaluated exactly once
 * @bits: log2 of the number of buckets
 */
#define hash_min(val, bits)						\
	(sizeof(val) <= 4 ? __hash_bucket_32(val, bits) :		\
			    __hash_bucket_long(val, bits))

/*
 * Bucket count as an int constant: comparing a cursor of either
 * signedness with it draws no -Wsign-compare warning.
 */
#define __HASH_SIZE_INT(name) ((int)HASH_SIZE(name))

static inline void __hash_init(struct hlist_head *ht, unsigned int sz)
{
	unsigned int i;

	for (i = 0; i < sz; i++)
		INIT_HLIST_HEAD(&ht[i]);
}

/**
 * hash_init - initialise every bucket of a hash table
 * @hashtable: the table (an array, not a pointer)
 *
 * Needed for tables declared with DECLARE_HASHTABLE(), e.g. struct members
 * or allocated memory; DEFINE_HASHTABLE() tables are already initialised.
 */
#define hash_init(hashtable) __hash_init(hashtable, HASH_SIZE(hashtable))

/**
 * hash_add - add an object to a hash table
 * @hashtable: the table
 * @node: the &struct hlist_node of the object
 * @key: the key the object is found by (cast pointer keys to unsigned long)
 */
#define hash_add(hashtable, node, key)					\
	hlist_add_head(node, &hashtable[hash_min(key, HASH_BITS(hashtable))])

/**
 * hash_add_rcu - add an object to an RCU-protected hash table
 * @hashtable: the table
 * @node: the &struct hlist_node of the object
 * @key: the key the object is found by
 */
#define hash_add_rcu(hashtable, node, key)				\
	hlist_add_head_rcu(node, &hashtable[hash_min(key, HASH_BITS(hashtable))])

/**
 * hash_hashed - is a node on a hash table?
 * @node: the &struct hlist_node of the object
 */
static inline bool hash_hashed(struct hlist_node *node)
{
	return !hlist_unhashed(node);
}

static inline bool __hash_empty(struct hlist_head *ht, unsigned int sz)
{
	unsigned int i;

	for (i = 0; i < sz; i++)
		if (!hlist_empty(&ht[i]))
			return false;

	return true;
}

/**
 * hash_empty - is a hash table empty?
 * @hashtable: the table (an array, not a pointer)
 */
#define hash_empty(hashtable) __hash_empty(hashtable, HASH_SIZE(hashtable))

/**
 * hash_del - remove an object from a hash table
 * @node: the &struct hlist_node of the object
 *
 * The node is left unhashed: hash_hashed() is false afterwards and a second
 * hash_del() does nothing.
 */
static inline void hash_del(struct hlist_node *node)
{
	hlist_del_init(node);
}

/**
 * hash_del_rcu - remove an object from an RCU-protected hash table
 * @node: the &struct hlist_node of the object
 *
 * The node is left unhashed. Readers may still reach the object until a
 * grace period has passed.
 */
static inline void hash_del_rcu(struct hlist_node *node)
{
	hlist_del_init_rcu(node);
}

/**
 * hash_for_each - iterate over every object of a hash table
 * @name: the table
 * @bkt: int or unsigned int to use as the bucket cursor
 * @node: the &struct hlist_node * to use as the node cursor
 * @obj: the type * to use as the object cursor
 * @member: the name of the hlist_node within the object's struct
 *
 * A break in the body ends the whole walk, with @node and @obj at the
 * object broken on; after a complete walk @node is NULL.
 */
#define hash_for_each(name, bkt, node, obj, member)			\
	for ((bkt) = 0, node = NULL;					\
	     node == NULL && (bkt) < __HASH_SIZE_INT(name); (bkt)++)	\
		hlist_for_each_entry(obj, node, &name[bkt], member)

/**
 * hash_for_each_rcu - iterate over every object of an RCU-protected table
 * @name: the table
 * @bkt: int or unsigned int to use as the bucket cursor
 * @node: the &struct hlist_node * to use as the node cursor
 * @obj: the type * to use as the object cursor
 * @member: the name of the hlist_node within the object's struct
 *
 * A break in the body ends the whole walk; after a complete walk @node is
 * NULL.
 */
#define hash_for_each_rcu(name, bkt, node, obj, member)			\
	for ((bkt) = 0, node = NULL;					\
	     node == NULL && (bkt) < __HASH_SIZE_INT(name); (bkt)++)	\
		hlist_for_each_entry_rcu(obj, node, &name[bkt], member)

/**
 * hash_for_each_safe - iterate over every object, safe against removal
 * @name: the table
 * @bkt: int or unsigned int to use as the bucket cursor
 * @node: the &struct hlist_node * to use as the node cursor
 * @tmp: a &struct hlist_node * used as temporary storage
 * @obj: the type * to use as the object cursor
 * @member: the name of the hlist_node within the object's struct
 *
 * The body may hash_del() @obj. A break in the body ends the whole walk;
 * after a complete walk @node is NULL.
 */
#define hash_for_each_safe(name, bkt, node, tmp, obj, member)		\
	for ((bkt) = 0, node = NULL;					\
	     node == NULL && (bkt) < __HASH_SIZE_INT(name); (bkt)++)	\
		hlist_for_each_entry_safe(obj, node, tmp, &name[bkt], member)

/**
 * hash_for_each_possible - iterate over the objects that may match a key
 * @name: the table
 * @obj: the type * to use as the object cursor
 * @node: the &struct hlist_node * to use as the node cursor
 * @member: the name of the hlist_node within the object's struct
 * @key: the key, as given to hash_add(); evaluated once
 *
 * Walks the key's bucket only: the body must still compare the key. After a
 * complete walk @node is NULL.
 */
#define hash_for_each_possible(name, obj, node, member, key)		\
	hlist_for_each_entry(obj, node,					\
		&name[hash_min(key, HASH_BITS(name))], member)

/**
 * hash_for_each_possible_rcu - hash_for_each_possible() for an RCU table
 * @name: the table
 * @obj: the type * to use as the object cursor
 * @node: the &struct hlist_node * to use as the node cursor
 * @member: the name of the hlist_node within the object's struct
 * @key: the key, as given to hash_add_rcu(); evaluated once
 */
#define hash_for_each_possible_rcu(name, obj, node, member, key)	\
	hlist_for_each_entry_rcu(obj, node,				\
		&name[hash_min(key, HASH_BITS(name))], member)

/**
 * hash_for_each_possible_safe - iterate over a key's bucket, safe against removal
 * @name: the table
 * @obj: the type * to use as the object cursor
 * @node: the &struct hlist_node * to use as the node cursor
 * @tmp: a &struct hlist_node * used as temporary storage
 * @member: the name of the hlist_node within the object's struct
 * @key: the key, as given to hash_add(); evaluated once
 */
#define hash_for_each_possible_safe(name, obj, node, tmp, member, key)	\
	hlist_for_each_entry_safe(obj, node, tmp,			\
		&name[hash_min(key, HASH_BITS(name))], member)

#endif /* _LINUX_HASHTABLE_H */
