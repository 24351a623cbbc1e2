/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/kernel.h>: the helpers kernel-style code takes
 * for granted (container_of, ARRAY_SIZE, min/max, printk, BUG_ON).
 */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <stdio.h>
#include <stdlib.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/log2.h>

#ifndef offsetof
#define offsetof(type, member)	__builtin_offsetof(type, member)
#endif

/**
 * container_of - cast a member of a structure out to the containing structure
 * @ptr:	the pointer to the member
 * @type:	the type of the container struct this is embedded in
 * @member:	the name of the member within the struct
 */
#define container_of(ptr, type, member)					\
	((type *)(void *)((char *)(ptr) - offsetof(type, member)))

/* Number of elements of an array; refuses to compile for a pointer. */
#define ARRAY_SIZE(arr)	(sizeof(arr) / sizeof((arr)[0]) + __must_be_array(arr))

#define min(x, y)	((x) < (y) ? (x) : (y))
#define max(x, y)	((x) > (y) ? (x) : (y))

#define KERN_EMERG	""
#define KERN_ALERT	""
#define KERN_CRIT	""
#define KERN_ERR	""
#define KERN_WARNING	""
#define KERN_NOTICE	""
#define KERN_INFO	""
#define KERN_DEBUG	""
#define printk(...)		printf(__VA_ARGS__)
#define pr_err(...)		fprintf(stderr, __VA_ARGS__)
#define pr_warn(...)		fprintf(stderr, __VA_ARGS__)
#define pr_info(...)		printf(__VA_ARGS__)
#define pr_debug(...)		do { } while (0)

#define BUG()			abort()
#define BUG_ON(cond)		do { if (cond) abort(); } while (0)
#define WARN_ON(cond)		({ int __w = !!(cond); if (__w) fprintf(stderr, "WARN_ON(%s) at %s:%d\n", #cond, __FILE__, __LINE__); __w; })
#define WARN_ON_ONCE(cond)	({ static int __warned; int __w = !!(cond); if (__w && !__warned) { __warned = 1; fprintf(stderr, "WARN_ON_ONCE(%s) at %s:%d\n", #cond, __FILE__, __LINE__); } __w; })
#define BUILD_BUG_ON(cond)	((void)sizeof(char[1 - 2 * !!(cond)]))

#endif /* _LINUX_KERNEL_H */
