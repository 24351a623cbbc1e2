/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/slab.h>: kmalloc() and friends on top of the C
 * allocator, and a minimal kmem_cache that hands out fixed-size objects.
 * GFP flags are accepted and ignored.
 */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <stdlib.h>
#include <string.h>
#include <linux/types.h>
#include <linux/compiler.h>

#define GFP_KERNEL		((gfp_t)0x01u)
#define GFP_ATOMIC		((gfp_t)0x02u)
#define GFP_NOWAIT		((gfp_t)0x04u)
#define __GFP_ZERO		((gfp_t)0x100u)

#define SLAB_HWCACHE_ALIGN	0x00002000UL
#define SLAB_PANIC		0x00040000UL
#define SLAB_ACCOUNT		0x04000000UL

static inline void *kmalloc(size_t size, gfp_t flags)
{
	if (flags & __GFP_ZERO)
		return calloc(1, size ? size : 1);
	return malloc(size ? size : 1);
}

static inline void *kzalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags | __GFP_ZERO);
}

/* n * size bytes, or NULL when the product overflows. */
static inline void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	return kmalloc(bytes, flags);
}

static inline void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array(n, size, flags | __GFP_ZERO);
}

static inline void kfree(const void *p)
{
	free((void *)p);
}

#define kvmalloc(size, flags)	kmalloc(size, flags)
#define kvzalloc(size, flags)	kzalloc(size, flags)
#define kvmalloc_array(n, size, flags)	kmalloc_array(n, size, flags)
#define kvcalloc(n, size, flags)	kcalloc(n, size, flags)
#define kvfree(p)		kfree(p)

/* A cache of objects of one size; the constructor runs on each allocation. */
struct kmem_cache {
	const char *name;
	size_t size;
	void (*ctor)(void *obj);
};

static inline struct kmem_cache *kmem_cache_create(const char *name, unsigned int size,
						   unsigned int align, unsigned long flags,
						   void (*ctor)(void *obj))
{
	struct kmem_cache *s = malloc(sizeof(*s));

	(void)align;
	if (!s) {
		if (flags & SLAB_PANIC)
			abort();
		return NULL;
	}
	s->name = name;
	s->size = size;
	s->ctor = ctor;
	return s;
}

#define KMEM_CACHE(type, flags)						\
	kmem_cache_create(#type, sizeof(struct type), __alignof__(struct type), \
			  (flags), NULL)

static inline void kmem_cache_destroy(struct kmem_cache *s)
{
	free(s);
}

static inline void *kmem_cache_alloc(struct kmem_cache *s, gfp_t flags)
{
	void *obj = kmalloc(s->size, flags);

	if (obj && s->ctor)
		s->ctor(obj);
	return obj;
}

static inline void *kmem_cache_zalloc(struct kmem_cache *s, gfp_t flags)
{
	return kmem_cache_alloc(s, flags | __GFP_ZERO);
}

static inline void kmem_cache_free(struct kmem_cache *s, void *obj)
{
	(void)s;
	free(obj);
}

#endif /* _LINUX_SLAB_H */
