// SPDX-License-Identifier: GPL-2.0
/*
 * Placement: hash_min() picks hash_32() for keys of 4 bytes or less and
 * hash_long() for wider ones, gives bucket 0 in a 1-bucket table, and
 * hash_add()/hash_add_rcu() put each object at the head of exactly that
 * bucket (found by scanning every bucket of the table), for tables of 1 to
 * 1024 buckets and keys of every width; hash_for_each_possible() then walks
 * that bucket and no other.
 */
#include <linux/hashtable.h>
#include "../header/check.h"

/* The bucket the header must pick, from the tree's own hash functions. */
static u32 want_32(u32 v, unsigned int bits)
{
	return bits ? hash_32(v, bits) : 0;
}

static u32 want_long(unsigned long v, unsigned int bits)
{
	return bits ? (u32)hash_long(v, bits) : 0;
}

/* A fixed pseudo-random sequence (64-bit LCG, Knuth's MMIX constants). */
static u64 rand_state = 0x0123456789abcdefull;

static u64 next_rand(void)
{
	rand_state = rand_state * 6364136223846793005ull + 1442695040888963407ull;
	return rand_state ^ (rand_state >> 29);
}

static void test_hash_min(void)
{
	unsigned int bits, i, bad8 = 0, bad16 = 0, bad32 = 0, badi = 0,
		     bad64 = 0, badl = 0, badbig = 0, differ = 0;

	for (bits = 0; bits <= 31; bits++) {
		for (i = 0; i < 200; i++) {
			u64 r = next_rand();
			u8 k8 = (u8)r;
			u16 k16 = (u16)r;
			u32 k32 = (u32)r;
			int ki = (int)r;
			unsigned long kl = (unsigned long)r;

			bad8 += hash_min(k8, bits) != want_32(k8, bits);
			bad16 += hash_min(k16, bits) != want_32(k16, bits);
			bad32 += hash_min(k32, bits) != want_32(k32, bits);
			badi += hash_min(ki, bits) != want_32((u32)ki, bits);
			bad64 += hash_min(r, bits) != want_long((unsigned long)r, bits);
			badl += hash_min(kl, bits) != want_long(kl, bits);
			/* the result fits the table */
			badbig += hash_min(r, bits) >= (1ull << bits);
			badbig += hash_min(k32, bits) >= (1ull << bits);
			/* the width of the key decides the hash, not its value */
			differ += hash_min(k32, bits) != hash_min((u64)k32, bits);
		}
	}
	CHECK_EQ(bad8, 0);
	CHECK_EQ(bad16, 0);
	CHECK_EQ(bad32, 0);
	CHECK_EQ(badi, 0);
	CHECK_EQ(bad64, 0);
	CHECK_EQ(badl, 0);
	CHECK_EQ(badbig, 0);
#if BITS_PER_LONG == 64
	CHECK(differ > 1000);
#else
	(void)differ;
#endif

	/* a 1-bucket table: bucket 0 for every key of every width */
	CHECK_EQ(hash_min((u32)0xffffffffu, 0), 0);
	CHECK_EQ(hash_min((u8)7, 0), 0);
	CHECK_EQ(hash_min(0xfedcba9876543210ull, 0), 0);
	CHECK_EQ(hash_min((unsigned long)&rand_state, 0), 0);
	/* hash_min() is a 32-bit value, in range for a negative key too */
	CHECK_EQ(sizeof(hash_min((u8)1, 3)), 4);
	CHECK_EQ(sizeof(hash_min((u64)1, 3)), 4);
	CHECK(hash_min(-1, 3) < 8);
}

struct obj {
	u64 key;
	struct hlist_node node;
};

/* The bucket @n is in, by scanning every bucket; -1 when it is in none. */
static int bucket_of(struct hlist_head *tbl, unsigned int size, struct hlist_node *n)
{
	struct hlist_node *pos;
	unsigned int b;
	int found = -1, times = 0;

	for (b = 0; b < size; b++)
		hlist_for_each(pos, &tbl[b])
			if (pos == n) {
				found = (int)b;
				times++;
			}
	return times == 1 ? found : -1;
}

#define NOBJ 64

static struct obj objs[NOBJ];

/*
 * Add objects keyed with @keytype values to @tbl with hash_add (even i) and
 * hash_add_rcu (odd i) and check each lands at the head of its bucket;
 * then look each up with hash_for_each_possible(_rcu, _safe).
 */
#define PLACE(tbl, keytype, want)					\
	do {								\
		unsigned int __i, __bits = HASH_BITS(tbl);		\
		unsigned int __misplaced = 0, __nothead = 0, __found = 0,\
			     __stray = 0, __found_rcu = 0, __found_safe = 0;\
		struct obj *__o;					\
		struct hlist_node *__pos, *__tmp;			\
									\
		hash_init(tbl);						\
		for (__i = 0; __i < NOBJ; __i++) {			\
			keytype __k = (keytype)next_rand();		\
									\
			objs[__i].key = (u64)__k;			\
			if (__i % 2)					\
				hash_add_rcu(tbl, &objs[__i].node, __k);\
			else						\
				hash_add(tbl, &objs[__i].node, __k);	\
			if (bucket_of(tbl, HASH_SIZE(tbl), &objs[__i].node) !=\
			    (int)want(__k, __bits))			\
				__misplaced++;				\
			if (tbl[want(__k, __bits)].first != &objs[__i].node)\
				__nothead++;				\
		}							\
		for (__i = 0; __i < NOBJ; __i++) {			\
			keytype __k = (keytype)objs[__i].key;		\
									\
			hash_for_each_possible(tbl, __o, __pos, node, __k) {\
				if (want((keytype)__o->key, __bits) !=	\
				    want(__k, __bits))			\
					__stray++;			\
				if (__o == &objs[__i])			\
					__found++;			\
			}						\
			hash_for_each_possible_rcu(tbl, __o, __pos, node, __k)\
				if (__o == &objs[__i])			\
					__found_rcu++;			\
			hash_for_each_possible_safe(tbl, __o, __pos, __tmp, node, __k)\
				if (__o == &objs[__i])			\
					__found_safe++;			\
		}							\
		if (__misplaced || __nothead || __stray)		\
			printf("  %s, %s keys: %u misplaced, %u not at the head, %u strays\n",\
			       #tbl, #keytype, __misplaced, __nothead, __stray);\
		CHECK_EQ(__misplaced, 0);				\
		CHECK_EQ(__nothead, 0);					\
		CHECK_EQ(__stray, 0);					\
		CHECK_EQ(__found, NOBJ);				\
		CHECK_EQ(__found_rcu, NOBJ);				\
		CHECK_EQ(__found_safe, NOBJ);				\
		for (__i = 0; __i < NOBJ; __i++)			\
			hash_del(&objs[__i].node);			\
		CHECK(hash_empty(tbl));					\
	} while (0)

static DEFINE_HASHTABLE(t0, 0);
static DEFINE_HASHTABLE(t1, 1);
static DEFINE_HASHTABLE(t3, 3);
static DEFINE_HASHTABLE(t8, 8);
static DEFINE_READ_MOSTLY_HASHTABLE(t10, 10);

struct holder {
	int x;
	DECLARE_HASHTABLE(t5, 5);
};

static void test_placement(void)
{
	struct holder *h = malloc(sizeof(*h));

	BUG_ON(!h);
	PLACE(t0, u32, want_32);
	PLACE(t0, u64, want_long);
	PLACE(t1, u8, want_32);
	PLACE(t1, u64, want_long);
	PLACE(t3, u16, want_32);
	PLACE(t3, unsigned long, want_long);
	PLACE(t8, u32, want_32);
	PLACE(t8, u64, want_long);
	PLACE(t10, int, want_32);
	PLACE(t10, u64, want_long);
	PLACE(h->t5, u32, want_32);
	PLACE(h->t5, u64, want_long);
	free(h);
}

/* Pointer keys, cast to unsigned long as the kernel's users do. */
static void test_pointer_keys(void)
{
	unsigned int i, misplaced = 0;
	struct obj *o;
	struct hlist_node *pos;

	hash_init(t8);
	for (i = 0; i < NOBJ; i++)
		hash_add(t8, &objs[i].node, (unsigned long)&objs[i]);
	for (i = 0; i < NOBJ; i++) {
		if (bucket_of(t8, HASH_SIZE(t8), &objs[i].node) !=
		    (int)want_long((unsigned long)&objs[i], 8))
			misplaced++;
		hash_for_each_possible(t8, o, pos, node, (unsigned long)&objs[i])
			if (o == &objs[i])
				break;
		CHECK(pos != NULL && o == &objs[i]);
	}
	CHECK_EQ(misplaced, 0);
}

int main(void)
{
	test_hash_min();
	test_placement();
	test_pointer_keys();
	return check_done("test_hash");
}
