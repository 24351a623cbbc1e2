/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/hash.h>: multiplicative (Fibonacci) hashing,
 * bit-exact with the kernel's generic hash_32/hash_64/hash_long/hash_ptr.
 */
#ifndef _LINUX_HASH_H
#define _LINUX_HASH_H

#include <linux/types.h>
#include <linux/compiler.h>

#define GOLDEN_RATIO_32 0x61C88647
#define GOLDEN_RATIO_64 0x61C8864680B583EBull

#if BITS_PER_LONG == 32
#define GOLDEN_RATIO_PRIME GOLDEN_RATIO_32
#define hash_long(val, bits) hash_32(val, bits)
#else
#define GOLDEN_RATIO_PRIME GOLDEN_RATIO_64
#define hash_long(val, bits) hash_64(val, bits)
#endif

/* The full 32-bit product; hash_32() keeps its top @bits. */
static inline u32 __hash_32(u32 val)
{
	return val * GOLDEN_RATIO_32;
}

/**
 * hash_32 - hash a 32-bit value into @bits bits
 * @val: the value
 * @bits: how many bits of result, 1..32
 */
static inline u32 hash_32(u32 val, unsigned int bits)
{
	/* High bits are more random, so use them. */
	return __hash_32(val) >> (32 - bits);
}

/**
 * hash_64 - hash a 64-bit value into @bits bits
 * @val: the value
 * @bits: how many bits of result, 1..32
 */
static __always_inline u32 hash_64(u64 val, unsigned int bits)
{
#if BITS_PER_LONG == 64
	return val * GOLDEN_RATIO_64 >> (64 - bits);
#else
	return hash_32((u32)val ^ __hash_32(val >> 32), bits);
#endif
}

/**
 * hash_ptr - hash a pointer into @bits bits
 * @ptr: the pointer
 * @bits: how many bits of result
 */
static inline u32 hash_ptr(const void *ptr, unsigned int bits)
{
	return hash_long((unsigned long)ptr, bits);
}

/* A 32-bit hash of a pointer, no bit reduction. */
static inline u32 hash32_ptr(const void *ptr)
{
	unsigned long val = (unsigned long)ptr;

#if BITS_PER_LONG == 64
	val ^= (val >> 32);
#endif
	return (u32)val;
}

#endif /* _LINUX_HASH_H */
