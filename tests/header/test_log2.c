// SPDX-License-Identifier: GPL-2.0
/*
 * log2.h: ilog2() of a constant is an integer constant expression (so
 * HASH_BITS() is free and usable in array sizes and static assertions),
 * and at run time matches a plain loop for 32- and 64-bit values; then
 * is_power_of_2, roundup/rounddown_pow_of_two and order_base_2.
 */
#include <linux/log2.h>
#include <linux/kernel.h>
#include "check.h"

/* Integer constant expressions: array sizes, enumerators, assertions. */
typedef char ilog2_of_4096_is_12[ilog2(4096) == 12 ? 1 : -1];
typedef char ilog2_of_1_is_0[ilog2(1) == 0 ? 1 : -1];
typedef char ilog2_of_0_is_0[ilog2(0) == 0 ? 1 : -1];
typedef char ilog2_of_big[ilog2(1ull << 40) == 40 ? 1 : -1];
typedef char ilog2_rounds_down[ilog2(4095u) == 11 ? 1 : -1];
_Static_assert(ilog2(0x80000000u) == 31, "top bit of u32");
_Static_assert(ilog2(~0ull) == 63, "top bit of u64");
_Static_assert(order_base_2(5) == 3, "order_base_2");

enum { BITS_OF_BUCKETS = ilog2(256) };

static int per_bit[ilog2(1024) + 1];

static int ref_ilog2(u64 n)
{
	int r = -1;

	while (n) {
		n >>= 1;
		r++;
	}
	return r;
}

static void test_ilog2(void)
{
	volatile u32 v32;
	volatile u64 v64;
	int i, bad32 = 0, bad64 = 0;

	CHECK_EQ(ARRAY_SIZE(per_bit), 11);
	CHECK_EQ(BITS_OF_BUCKETS, 8);
	for (i = 0; i < (int)ARRAY_SIZE(per_bit); i++)
		per_bit[i] = i;
	CHECK_EQ(per_bit[10], 10);

	for (i = 0; i < 32; i++) {
		u32 p = 1u << i;
		u32 probe[3] = { p, p - 1, p + 1 };
		int j;

		for (j = 0; j < 3; j++) {
			if (!probe[j])
				continue;
			v32 = probe[j];
			bad32 += ilog2(v32) != ref_ilog2(probe[j]);
		}
	}
	for (i = 0; i < 64; i++) {
		u64 p = 1ull << i;
		u64 probe[3] = { p, p - 1, p | 1 };
		int j;

		for (j = 0; j < 3; j++) {
			if (!probe[j])
				continue;
			v64 = probe[j];
			bad64 += ilog2(v64) != ref_ilog2(probe[j]);
		}
	}
	CHECK_EQ(bad32, 0);
	CHECK_EQ(bad64, 0);
	v32 = 0xffffffffu;
	CHECK_EQ(ilog2(v32), 31);
	v64 = ~0ull;
	CHECK_EQ(ilog2(v64), 63);
	/* at run time ilog2(0) is the kernel's fls(0) - 1 */
	v32 = 0;
	CHECK_EQ(ilog2(v32), -1);
	v64 = 0;
	CHECK_EQ(ilog2(v64), -1);
}

static void test_powers(void)
{
	volatile unsigned long v;
	unsigned int i;

	CHECK(!is_power_of_2(0));
	CHECK(is_power_of_2(1));
	CHECK(is_power_of_2(2));
	CHECK(!is_power_of_2(3));
	CHECK(is_power_of_2(4096));
	CHECK(!is_power_of_2(4097));
	CHECK(is_power_of_2(1ul << (BITS_PER_LONG - 1)));
	CHECK(!is_power_of_2(~0ul));

	CHECK_EQ(roundup_pow_of_two(1), 1);
	CHECK_EQ(roundup_pow_of_two(2), 2);
	CHECK_EQ(roundup_pow_of_two(3), 4);
	CHECK_EQ(roundup_pow_of_two(5), 8);
	CHECK_EQ(roundup_pow_of_two(1000), 1024);
	CHECK_EQ(roundup_pow_of_two(1024), 1024);
	CHECK_EQ(roundup_pow_of_two(1025), 2048);
	CHECK_EQ(roundup_pow_of_two(1ul << (BITS_PER_LONG - 1)),
		 1ul << (BITS_PER_LONG - 1));

	CHECK_EQ(rounddown_pow_of_two(1), 1);
	CHECK_EQ(rounddown_pow_of_two(3), 2);
	CHECK_EQ(rounddown_pow_of_two(1000), 512);
	CHECK_EQ(rounddown_pow_of_two(1024), 1024);
	CHECK_EQ(rounddown_pow_of_two(~0ul), 1ul << (BITS_PER_LONG - 1));

	CHECK_EQ(order_base_2(0), 0);
	CHECK_EQ(order_base_2(1), 0);
	CHECK_EQ(order_base_2(2), 1);
	CHECK_EQ(order_base_2(3), 2);
	CHECK_EQ(order_base_2(4), 2);
	CHECK_EQ(order_base_2(5), 3);
	for (i = 1; i < BITS_PER_LONG - 1; i++) {
		v = (1ul << i) + 1;
		CHECK_EQ(roundup_pow_of_two(v), 1ul << (i + 1));
		CHECK_EQ(rounddown_pow_of_two(v), 1ul << i);
		CHECK_EQ(order_base_2(v), i + 1);
		v = 1ul << i;
		CHECK_EQ(order_base_2(v), i);
	}
}

int main(void)
{
	test_ilog2();
	test_powers();
	return check_done("test_log2");
}
