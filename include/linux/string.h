/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/string.h>: the C library's string functions plus
 * the kernel's allocating copies (kstrdup, kstrndup, kmemdup).
 */
#ifndef _LINUX_STRING_H
#define _LINUX_STRING_H

#include <string.h>
#include <linux/types.h>
#include <linux/slab.h>

static inline char *kstrdup(const char *s, gfp_t gfp)
{
	size_t len;
	char *p;

	if (!s)
		return NULL;
	len = strlen(s) + 1;
	p = kmalloc(len, gfp);
	if (p)
		memcpy(p, s, len);
	return p;
}

static inline char *kstrndup(const char *s, size_t max, gfp_t gfp)
{
	size_t len;
	char *p;

	if (!s)
		return NULL;
	len = strnlen(s, max);
	p = kmalloc(len + 1, gfp);
	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

static inline void *kmemdup(const void *src, size_t len, gfp_t gfp)
{
	void *p = kmalloc(len, gfp);

	if (p)
		memcpy(p, src, len);
	return p;
}

#endif /* _LINUX_STRING_H */
