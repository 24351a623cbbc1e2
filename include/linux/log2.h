/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/log2.h>. ilog2() of a constant folds to a
 * constant, as in the kernel, so HASH_BITS() costs nothing at run time.
 */
#ifndef _LINUX_LOG2_H
#define _LINUX_LOG2_H

#include <linux/types.h>

/* As the kernel's fls(n) - 1: -1 for 0 (__builtin_clz(0) is undefined). */
static inline int __ilog2_u32(u32 n)
{
	return n ? 31 - __builtin_clz(n) : -1;
}

static inline int __ilog2_u64(u64 n)
{
	return n ? 63 - __builtin_clzll(n) : -1;
}

/**
 * ilog2 - log base 2 of a 32- or 64-bit unsigned value, rounded down
 * @n: the value; ilog2(1) is 0; ilog2(0) is 0 for a constant and -1 at
 *     run time, as in the kernel
 */
#define ilog2(n)							\
	(__builtin_constant_p(n) ?					\
		((n) < 2 ? 0 : 63 - __builtin_clzll(n)) :		\
	 (sizeof(n) <= 4) ? __ilog2_u32(n) : __ilog2_u64(n))

/**
 * is_power_of_2 - true when @n is a power of two (0 is not)
 * @n: the value to test
 */
static inline bool is_power_of_2(unsigned long n)
{
	return n != 0 && (n & (n - 1)) == 0;
}

/**
 * roundup_pow_of_two - round @n up to the next power of two; @n must be > 0
 * @n: the value to round
 */
static inline unsigned long roundup_pow_of_two(unsigned long n)
{
	return n == 1 ? 1UL : 1UL << (__ilog2_u64(n - 1) + 1);
}

/**
 * rounddown_pow_of_two - round @n down to a power of two; @n must be > 0
 * @n: the value to round
 */
static inline unsigned long rounddown_pow_of_two(unsigned long n)
{
	return 1UL << __ilog2_u64(n);
}

/**
 * order_base_2 - the smallest k with 2^k >= @n
 * @n: the value
 */
#define order_base_2(n) ((n) > 1 ? ilog2((n) - 1) + 1 : 0)

#endif /* _LINUX_LOG2_H */
