/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/types.h>: the kernel's fixed-width integer
 * names and the list node types, for programs built with -I include.
 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

typedef u8 __u8;
typedef u16 __u16;
typedef u32 __u32;
typedef u64 __u64;
typedef s32 __s32;
typedef s64 __s64;

/* byte-order types: sparse tells them apart (__bitwise), the compiler does not */
typedef u16 __be16;
typedef u16 __le16;
typedef u32 __be32;
typedef u32 __le32;
typedef u64 __be64;
typedef u64 __le64;

#ifndef __cplusplus
#ifndef __bool_true_false_are_defined
typedef _Bool bool;
#define true	1
#define false	0
#define __bool_true_false_are_defined 1
#endif
#endif

typedef unsigned int gfp_t;

#ifndef BITS_PER_LONG
#define BITS_PER_LONG	(__SIZEOF_LONG__ * 8)
#endif

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_head {
	struct hlist_node *first;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

#endif /* _LINUX_TYPES_H */
