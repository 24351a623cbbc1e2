/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixed-size hash tables: an array of 2^bits hlist buckets.
 *
 * The API is the one merged in Linux 3.7 and current since. Two sharp
 * edges of mainline are filed off, without changing any placement:
 *  - a table of one bucket (bits == 0) puts every key in bucket 0 instead
 *    of shifting a 32-bit value by 32 (undefined behaviour);
 *  - the bucket cursor of hash_for_each*() may be int or unsigned int
 *    without a -Wsign-compare warning in the caller.
 *
 * This file builds inside a kernel tree and, with the shims beside it, in
 * userspace (cc -I include).
 */
#ifndef _LINUX_HASHTABLE_H
#define _LINUX_HASHTABLE_H

#include <linux/list.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/hash.h>
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
 * The bucket of a key. hash_32()/hash_64() keep the top @bits bits of a
 * product and so shift by 32 - bits or 64 - bits: for a 1-bucket table that
 * shift would be by the full width. Zero bits means bucket 0.
 */
static inline u32 __hash_bucket_32(u32 val, unsigned int bits)
{
	return bits ? hash_32(val, bits) : 0;
}

static inline u32 __hash_bucket_long(unsigned long val, unsigned int bits)
{
	return bits ? hash_long(val, bits) : 0;
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
 * Readers may still reach the object until a grace period has passed.
 */
static inline void hash_del_rcu(struct hlist_node *node)
{
	hlist_del_init_rcu(node);
}

/**
 * hash_for_each - iterate over every object of a hash table
 * @name: the table
 * @bkt: int or unsigned int to use as the bucket cursor
 * @obj: the type * to use as the object cursor
 * @member: the name of the hlist_node within the object's struct
 *
 * A break in the body ends the whole walk, with @obj at the object broken
 * on; after a complete walk @obj is NULL.
 */
#define hash_for_each(name, bkt, obj, member)				\
	for ((bkt) = 0, obj = NULL;					\
	     obj == NULL && (bkt) < __HASH_SIZE_INT(name); (bkt)++)	\
		hlist_for_each_entry(obj, &name[bkt], member)

/**
 * hash_for_each_rcu - iterate over every object of an RCU-protected table
 * @name: the table
 * @bkt: int or unsigned int to use as the bucket cursor
 * @obj: the type * to use as the object cursor
 * @member: the name of the hlist_node within the object's struct
 *
 * A break in the body ends the whole walk.
 */
#define hash_for_each_rcu(name, bkt, obj, member)			\
	for ((bkt) = 0, obj = NULL;					\
	     obj == NULL && (bkt) < __HASH_SIZE_INT(name); (bkt)++)	\
		hlist_for_each_entry_rcu(obj, &name[bkt], member)

/**
 * hash_for_each_safe - iterate over every object, safe against removal
 * @name: the table
 * @bkt: int or unsigned int to use as the bucket cursor
 * @tmp: a &struct hlist_node * used as temporary storage
 * @obj: the type * to use as the object cursor
 * @member: the name of the hlist_node within the object's struct
 *
 * The body may hash_del() @obj. A break in the body ends the whole walk.
 */
#define hash_for_each_safe(name, bkt, tmp, obj, member)		\
	for ((bkt) = 0, obj = NULL;					\
	     obj == NULL && (bkt) < __HASH_SIZE_INT(name); (bkt)++)	\
		hlist_for_each_entry_safe(obj, tmp, &name[bkt], member)

/**
 * hash_for_each_possible - iterate over the objects that may match a key
 * @name: the table
 * @obj: the type * to use as the object cursor
 * @member: the name of the hlist_node within the object's struct
 * @key: the key, as given to hash_add(); evaluated once
 *
 * Walks the key's bucket only: the body must still compare the key.
 */
#define hash_for_each_possible(name, obj, member, key)			\
	hlist_for_each_entry(obj, &name[hash_min(key, HASH_BITS(name))], member)

/**
 * hash_for_each_possible_rcu - hash_for_each_possible() for an RCU table
 * @name: the table
 * @obj: the type * to use as the object cursor
 * @member: the name of the hlist_node within the object's struct
 * @key: the key, as given to hash_add_rcu(); evaluated once
 * @cond: optional lockdep expression, for use outside an RCU read section
 */
#define hash_for_each_possible_rcu(name, obj, member, key, cond...)	\
	hlist_for_each_entry_rcu(obj,					\
		&name[hash_min(key, HASH_BITS(name))], member, ## cond)

/**
 * hash_for_each_possible_rcu_notrace - the same, for code not to be traced
 * @name: the table
 * @obj: the type * to use as the object cursor
 * @member: the name of the hlist_node within the object's struct
 * @key: the key, as given to hash_add_rcu(); evaluated once
 */
#define hash_for_each_possible_rcu_notrace(name, obj, member, key)	\
	hlist_for_each_entry_rcu_notrace(obj,				\
		&name[hash_min(key, HASH_BITS(name))], member)

/**
 * hash_for_each_possible_safe - iterate over a key's bucket, safe against removal
 * @name: the table
 * @obj: the type * to use as the object cursor
 * @tmp: a &struct hlist_node * used as temporary storage
 * @member: the name of the hlist_node within the object's struct
 * @key: the key, as given to hash_add(); evaluated once
 */
#define hash_for_each_possible_safe(name, obj, tmp, member, key)	\
	hlist_for_each_entry_safe(obj, tmp,				\
		&name[hash_min(key, HASH_BITS(name))], member)

#endif /* _LINUX_HASHTABLE_H */
