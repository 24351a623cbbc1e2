/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/jhash.h>: Bob Jenkins' lookup3 hash (public
 * domain, 2006) with the kernel's interface and results: jhash() over
 * bytes, jhash2() over u32 words, jhash_1word()..jhash_3word().
 */
#ifndef _LINUX_JHASH_H
#define _LINUX_JHASH_H

#include <string.h>
#include <linux/types.h>
#include <linux/bitops.h>

/* An arbitrary starting value, the one lookup3 and the kernel use. */
#define JHASH_INITVAL		0xdeadbeef

/* Mix three 32-bit values reversibly (lookup3's mix()). */
#define __jhash_mix(a, b, c)						\
	do {								\
		a -= c;  a ^= rol32(c, 4);  c += b;			\
		b -= a;  b ^= rol32(a, 6);  a += c;			\
		c -= b;  c ^= rol32(b, 8);  b += a;			\
		a -= c;  a ^= rol32(c, 16); c += b;			\
		b -= a;  b ^= rol32(a, 19); a += c;			\
		c -= b;  c ^= rol32(b, 4);  b += a;			\
	} while (0)

/* Final mixing of three 32-bit values into c (lookup3's final()). */
#define __jhash_final(a, b, c)						\
	do {								\
		c ^= b; c -= rol32(b, 14);				\
		a ^= c; a -= rol32(c, 11);				\
		b ^= a; b -= rol32(a, 25);				\
		c ^= b; c -= rol32(b, 16);				\
		a ^= c; a -= rol32(c, 4);				\
		b ^= a; b -= rol32(a, 14);				\
		c ^= b; c -= rol32(b, 24);				\
	} while (0)

/* A host-order 32-bit load from a possibly unaligned address. */
static inline u32 __jhash_load32(const u8 *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/**
 * jhash - hash an arbitrary byte sequence
 * @key: the bytes
 * @length: how many bytes
 * @initval: a previous hash or an arbitrary value
 *
 * Whole 12-byte blocks are read as host-order words; the last 1..12
 * bytes are added byte by byte, least significant first.
 */
static inline u32 jhash(const void *key, u32 length, u32 initval)
{
	const u8 *k = key;
	u32 a, b, c;
	u32 tail[3] = { 0, 0, 0 };
	u32 i;

	a = b = c = JHASH_INITVAL + length + initval;

	while (length > 12) {
		a += __jhash_load32(k);
		b += __jhash_load32(k + 4);
		c += __jhash_load32(k + 8);
		__jhash_mix(a, b, c);
		length -= 12;
		k += 12;
	}

	if (length == 0)
		return c;

	for (i = 0; i < length; i++)
		tail[i / 4] += (u32)k[i] << (8 * (i % 4));
	a += tail[0];
	b += tail[1];
	c += tail[2];
	__jhash_final(a, b, c);
	return c;
}

/**
 * jhash2 - hash an array of u32 words
 * @k: the words
 * @length: how many words
 * @initval: a previous hash or an arbitrary value
 */
static inline u32 jhash2(const u32 *k, u32 length, u32 initval)
{
	u32 a, b, c;

	a = b = c = JHASH_INITVAL + (length << 2) + initval;

	while (length > 3) {
		a += k[0];
		b += k[1];
		c += k[2];
		__jhash_mix(a, b, c);
		length -= 3;
		k += 3;
	}

	if (length == 0)
		return c;

	if (length == 3)
		c += k[2];
	if (length >= 2)
		b += k[1];
	a += k[0];
	__jhash_final(a, b, c);
	return c;
}

/* jhash_3words() and friends: three words with a fixed seed per count. */
static inline u32 __jhash_nwords(u32 a, u32 b, u32 c, u32 initval)
{
	a += initval;
	b += initval;
	c += initval;
	__jhash_final(a, b, c);
	return c;
}

static inline u32 jhash_3words(u32 a, u32 b, u32 c, u32 initval)
{
	return __jhash_nwords(a, b, c, initval + JHASH_INITVAL + (3 << 2));
}

static inline u32 jhash_2words(u32 a, u32 b, u32 initval)
{
	return __jhash_nwords(a, b, 0, initval + JHASH_INITVAL + (2 << 2));
}

static inline u32 jhash_1word(u32 a, u32 initval)
{
	return __jhash_nwords(a, 0, 0, initval + JHASH_INITVAL + (1 << 2));
}

#endif /* _LINUX_JHASH_H */
