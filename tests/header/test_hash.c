// SPDX-License-Identifier: GPL-2.0
/*
 * hash.h and bucket placement: hash_32/hash_64/hash_long/hash_ptr against
 * literal values and against the kernel's formula written out again here,
 * then hash_min() and hash_add() against the same references, finding each
 * object by scanning the buckets of the table directly.
 */
#include <linux/hashtable.h>
#include "check.h"

/* ---- independent references ------------------------------------------ */

static u32 ref_hash_32(u32 v, unsigned int bits)
{
	return (u32)(v * 0x61C88647u) >> (32 - bits);
}

static u32 ref_hash_64(u64 v, unsigned int bits)
{
#if __SIZEOF_LONG__ == 8
	return (u32)((u64)(v * 0x61C8864680B583EBull) >> (64 - bits));
#else
	u32 folded = (u32)v ^ (u32)((u32)(v >> 32) * 0x61C88647u);

	return ref_hash_32(folded, bits);
#endif
}

static u32 ref_hash_long(unsigned long v, unsigned int bits)
{
#if __SIZEOF_LONG__ == 8
	return ref_hash_64(v, bits);
#else
	return ref_hash_32(v, bits);
#endif
}

/* The bucket of a key in a table of 2^bits buckets; one bucket: bucket 0. */
static u32 ref_bucket_32(u32 v, unsigned int bits)
{
	return bits ? ref_hash_32(v, bits) : 0;
}

static u32 ref_bucket_long(unsigned long v, unsigned int bits)
{
	return bits ? ref_hash_long(v, bits) : 0;
}

/* A fixed pseudo-random sequence (64-bit LCG, Knuth's MMIX constants). */
static u64 rand_state = 0x0123456789abcdefull;

static u64 next_rand(void)
{
	rand_state = rand_state * 6364136223846793005ull + 1442695040888963407ull;
	return rand_state ^ (rand_state >> 29);
}

/* ---- literal values (computed once with Python's big integers) --------- */

static const struct {
	u32 val;
	unsigned int bits;
	u32 want;
} lit32[] = {
	{ 0x0, 1, 0 },
	{ 0x1, 1, 0 },
	{ 0x1, 8, 97 },
	{ 0x2, 8, 195 },
	{ 0x5, 8, 232 },
	{ 0x2a, 10, 43 },
	{ 0xdeadbeef, 16, 28121 },
	{ 0xffffffff, 32, 2654435769u },
	{ 0x12345678, 7, 59 },
	{ 0x3e8, 4, 15 },
	{ 0x80000000, 31, 1073741824 },
	{ 132602, 8, 117 },
	{ 75025, 4, 0 },
};

#if __SIZEOF_LONG__ == 8
static const struct {
	u64 val;
	unsigned int bits;
	u32 want;
} lit64[] = {
	{ 0x1, 1, 0 },
	{ 0x1, 8, 97 },
	{ 0x5, 8, 232 },
	{ 0x2a, 10, 43 },
	{ 0xdeadbeefcafebabeull, 16, 61715 },
	{ 0xffffffffffffffffull, 32, 2654435769u },
	{ 0x123456789ull, 7, 43 },
	{ 0x8000000000000000ull, 31, 1073741824 },
	{ 0xffff888012345678ull, 12, 2870 },
	/* the two where hash_32 and hash_64 of a small key differ */
	{ 132602, 8, 116 },
	{ 75025, 4, 15 },
};
#endif

static void test_constants(void)
{
	CHECK_EQ(GOLDEN_RATIO_32, 0x61C88647u);
	CHECK_EQ(GOLDEN_RATIO_64, 0x61C8864680B583EBull);
#if __SIZEOF_LONG__ == 8
	CHECK_EQ(GOLDEN_RATIO_PRIME, 0x61C8864680B583EBull);
	CHECK_EQ(BITS_PER_LONG, 64);
#else
	CHECK_EQ(GOLDEN_RATIO_PRIME, 0x61C88647u);
	CHECK_EQ(BITS_PER_LONG, 32);
#endif
}

static void test_literals(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lit32); i++) {
		CHECK_EQ(hash_32(lit32[i].val, lit32[i].bits), lit32[i].want);
		CHECK_EQ(ref_hash_32(lit32[i].val, lit32[i].bits), lit32[i].want);
	}
#if __SIZEOF_LONG__ == 8
	for (i = 0; i < ARRAY_SIZE(lit64); i++) {
		CHECK_EQ(hash_64(lit64[i].val, lit64[i].bits), lit64[i].want);
		CHECK_EQ(hash_long(lit64[i].val, lit64[i].bits), lit64[i].want);
		CHECK_EQ(hash_ptr((void *)(unsigned long)lit64[i].val,
				  lit64[i].bits), lit64[i].want);
		CHECK_EQ(ref_hash_64(lit64[i].val, lit64[i].bits), lit64[i].want);
	}
	CHECK_EQ(hash32_ptr((void *)0xffff888012345678ul), 0xffff8880u ^ 0x12345678u);
#else
	CHECK_EQ(hash32_ptr((void *)0x12345678ul), 0x12345678u);
#endif
}

/* Every width 1..32 on a few thousand values, against the formulas. */
static void test_formula(void)
{
	unsigned int bits, n;
	int bad = 0;

	for (n = 0; n < 2000; n++) {
		u64 v = next_rand();

		for (bits = 1; bits <= 32; bits++) {
			bad += hash_32((u32)v, bits) != ref_hash_32((u32)v, bits);
			bad += hash_64(v, bits) != ref_hash_64(v, bits);
			bad += hash_long((unsigned long)v, bits) !=
			       ref_hash_long((unsigned long)v, bits);
			bad += hash_ptr((void *)(unsigned long)v, bits) !=
			       ref_hash_long((unsigned long)v, bits);
		}
	}
	CHECK_EQ(bad, 0);
}

enum colour { RED, GREEN, BLUE = 0x7fffffff };

/* hash_min() picks hash_32 for keys of at most 4 bytes, else hash_long. */
static void test_hash_min(void)
{
	u8 k8 = 200;
	u16 k16 = 60000;
	u32 k32 = 132602;
	int ki = -7;
	signed char kc = -7;
	enum colour ke = BLUE;
	u64 k64 = 132602;
	unsigned long kl = 75025;
	long kneg = -7;
	void *p = &k8;
	unsigned int bits;

	CHECK_EQ(hash_min(k32, 8), 117);
	CHECK_EQ(hash_min(75025u, 4), 0);
#if __SIZEOF_LONG__ == 8
	CHECK_EQ(hash_min(k64, 8), 116);
	CHECK_EQ(hash_min(kl, 4), 15);
	CHECK_EQ(hash_min(75025ul, 4), 15);
#endif
	for (bits = 0; bits <= 16; bits++) {
		CHECK_EQ(hash_min(k8, bits), ref_bucket_32(200, bits));
		CHECK_EQ(hash_min(k16, bits), ref_bucket_32(60000, bits));
		CHECK_EQ(hash_min(k32, bits), ref_bucket_32(132602, bits));
		CHECK_EQ(hash_min(ki, bits), ref_bucket_32((u32)-7, bits));
		CHECK_EQ(hash_min(kc, bits), ref_bucket_32((u32)-7, bits));
		CHECK_EQ(hash_min(ke, bits), ref_bucket_32(0x7fffffff, bits));
		CHECK_EQ(hash_min(k64, bits), ref_bucket_long(132602, bits));
		CHECK_EQ(hash_min(kl, bits), ref_bucket_long(75025, bits));
		CHECK_EQ(hash_min(kneg, bits), ref_bucket_long((unsigned long)-7L, bits));
		CHECK_EQ(hash_min((unsigned long)p, bits),
			 bits ? hash_ptr(p, bits) : 0);
	}
	/* one bucket: everything in bucket 0, whatever the key */
	CHECK_EQ(hash_min(0xffffffffu, 0), 0);
	CHECK_EQ(hash_min(~0ull, 0), 0);
}

/* ---- placement by hash_add() ------------------------------------------ */

#define NOBJ 300

struct obj {
	u64 key;
	u32 want;		/* the bucket the reference puts it in */
	int seen;
	struct hlist_node node;
};

static struct obj pool[NOBJ];

/*
 * Scan every bucket: each object must be in the bucket it was expected in,
 * exactly once, and the chain links must be coherent.
 */
static void scan_table(struct hlist_head *t, unsigned int size, unsigned int nobj,
		       const char *what)
{
	struct hlist_node *pos;
	unsigned int i, found = 0, misplaced = 0, badlink = 0, dup = 0;

	for (i = 0; i < nobj; i++)
		pool[i].seen = 0;
	for (i = 0; i < size; i++) {
		hlist_for_each(pos, &t[i]) {
			struct obj *o = hlist_entry(pos, struct obj, node);

			found++;
			if (o->seen++)
				dup++;
			if (o->want != i)
				misplaced++;
			if (*pos->pprev != pos)
				badlink++;
		}
	}
	CHECK_EQ(found, nobj);
	CHECK_EQ(misplaced, 0);
	CHECK_EQ(badlink, 0);
	CHECK_EQ(dup, 0);
	if (found != nobj || misplaced || badlink || dup)
		printf("  ... while checking %s in a %u-bucket table\n", what, size);
}

/* Add NOBJ objects with keys of type @ktype, then scan. */
#define PLACE_ALL(tbl, ktype, ref)					\
	do {								\
		unsigned int __i;					\
									\
		hash_init(tbl);						\
		for (__i = 0; __i < NOBJ; __i++) {			\
			ktype __k = (ktype)next_rand();			\
									\
			pool[__i].key = (u64)__k;			\
			pool[__i].want = ref(__k, HASH_BITS(tbl));	\
			hash_add(tbl, &pool[__i].node, __k);		\
		}							\
		scan_table(tbl, HASH_SIZE(tbl), NOBJ, #ktype);		\
	} while (0)

static DEFINE_HASHTABLE(t0, 0);
static DEFINE_HASHTABLE(t1, 1);
static DEFINE_HASHTABLE(t5, 5);
static DEFINE_HASHTABLE(t8, 8);
static DEFINE_HASHTABLE(t10, 10);

#define PLACE_TYPES(tbl)						\
	do {								\
		PLACE_ALL(tbl, u8, ref_bucket_32);			\
		PLACE_ALL(tbl, u16, ref_bucket_32);			\
		PLACE_ALL(tbl, u32, ref_bucket_32);			\
		PLACE_ALL(tbl, int, ref_bucket_32);			\
		PLACE_ALL(tbl, signed char, ref_bucket_32);		\
		PLACE_ALL(tbl, u64, ref_bucket_long);			\
		PLACE_ALL(tbl, unsigned long, ref_bucket_long);		\
		PLACE_ALL(tbl, long, ref_bucket_long);			\
	} while (0)

static void test_placement(void)
{
	unsigned int i;

	PLACE_TYPES(t0);
	PLACE_TYPES(t1);
	PLACE_TYPES(t5);
	PLACE_TYPES(t8);
	PLACE_TYPES(t10);

	/* pointer keys, the way kernel code passes them */
	hash_init(t8);
	for (i = 0; i < NOBJ; i++) {
		pool[i].want = hash_ptr(&pool[i], 8);
		hash_add(t8, &pool[i].node, (unsigned long)&pool[i]);
	}
	scan_table(t8, HASH_SIZE(t8), NOBJ, "pointer keys");

	/* the keys where hash_32 and hash_64 disagree, as literals */
	hash_init(t8);
	pool[0].want = 117;
	hash_add(t8, &pool[0].node, 132602);
	scan_table(t8, HASH_SIZE(t8), 1, "int literal 132602");
#if __SIZEOF_LONG__ == 8
	hash_init(t8);
	pool[0].want = 116;
	hash_add(t8, &pool[0].node, 132602ul);
	scan_table(t8, HASH_SIZE(t8), 1, "unsigned long literal 132602");
#endif
}

/*
 * Every entry that takes a key hashes it the same way: with 4 bits, key
 * 75025 goes to bucket 0 as a u32 (hash_32) and to bucket 15 as an
 * unsigned long (hash_64) on 64-bit machines.
 */
static DEFINE_HASHTABLE(t4, 4);

#define ONLY_VISITS(walk, want)						\
	do {								\
		int __n = 0, __other = 0;				\
									\
		walk {							\
			__n++;						\
			__other += pos != (want);			\
		}							\
		CHECK_EQ(__n, 1);					\
		CHECK_EQ(__other, 0);					\
	} while (0)

static void test_dispatch_everywhere(void)
{
	struct obj *a = &pool[0], *b = &pool[1], *pos;
	struct hlist_node *tmp;
	u32 k32 = 75025;
	unsigned long kl = 75025;

	CHECK_EQ(hash_min(k32, 4), 0);
	CHECK_EQ(hash_min(kl, 4), __SIZEOF_LONG__ == 8 ? 15 : 0);
	if (hash_min(k32, 4) == hash_min(kl, 4))
		return;		/* 32-bit long: the two hashes are the same */

	hash_init(t4);
	hash_add(t4, &a->node, k32);
	hash_add(t4, &b->node, kl);
	CHECK(t4[0].first == &a->node && t4[15].first == &b->node);
	hash_del(&a->node);
	hash_del(&b->node);
	CHECK(hash_empty(t4));
	hash_add_rcu(t4, &a->node, k32);
	hash_add_rcu(t4, &b->node, kl);
	CHECK(t4[0].first == &a->node && t4[15].first == &b->node);

	ONLY_VISITS(hash_for_each_possible(t4, pos, node, k32), a);
	ONLY_VISITS(hash_for_each_possible(t4, pos, node, kl), b);
	ONLY_VISITS(hash_for_each_possible_safe(t4, pos, tmp, node, k32), a);
	ONLY_VISITS(hash_for_each_possible_safe(t4, pos, tmp, node, kl), b);
	ONLY_VISITS(hash_for_each_possible_rcu(t4, pos, node, k32), a);
	ONLY_VISITS(hash_for_each_possible_rcu(t4, pos, node, kl), b);
	ONLY_VISITS(hash_for_each_possible_rcu(t4, pos, node, k32, true), a);
	ONLY_VISITS(hash_for_each_possible_rcu(t4, pos, node, kl, true), b);
	ONLY_VISITS(hash_for_each_possible_rcu_notrace(t4, pos, node, k32), a);
	ONLY_VISITS(hash_for_each_possible_rcu_notrace(t4, pos, node, kl), b);
	hash_del_rcu(&a->node);
	hash_del_rcu(&b->node);
	CHECK(hash_empty(t4));
}

int main(void)
{
	test_constants();
	test_literals();
	test_formula();
	test_hash_min();
	test_placement();
	test_dispatch_everywhere();
	return check_done("test_hash");
}
