/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/bitops.h>: bit numbering helpers and the
 * 32-bit rotations jhash() is built from.
 */
#ifndef _LINUX_BITOPS_H
#define _LINUX_BITOPS_H

#include <linux/types.h>

#define BITS_PER_BYTE		8
#define BIT(nr)			(1UL << (nr))
#define BIT_ULL(nr)		(1ULL << (nr))

/**
 * rol32 - rotate a 32-bit value left
 * @word: the value
 * @shift: bits to rotate by, 0..31
 */
static inline u32 rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> ((-shift) & 31));
}

/**
 * ror32 - rotate a 32-bit value right
 * @word: the value
 * @shift: bits to rotate by, 0..31
 */
static inline u32 ror32(u32 word, unsigned int shift)
{
	return (word >> (shift & 31)) | (word << ((-shift) & 31));
}

#endif /* _LINUX_BITOPS_H */
