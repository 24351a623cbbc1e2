/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/compiler.h>: annotations that mean nothing
 * outside the kernel, and the once-only access primitives.
 */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

#ifndef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#endif
#define __read_mostly
#define __rcu
#define __must_check		__attribute__((__warn_unused_result__))
#define __maybe_unused		__attribute__((__unused__))
#define __used			__attribute__((__used__))
#define __init
#define __exit
#define __initdata
#define __user
#define __force
#define __iomem
#define __percpu
#define __acquires(x)
#define __releases(x)
#define __cacheline_aligned
#define ____cacheline_aligned	__attribute__((__aligned__(64)))
#define __aligned(x)		__attribute__((__aligned__(x)))
#define notrace

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)

#define barrier()		__asm__ __volatile__("" : : : "memory")

/* True when a and b have the same type (qualifiers count). */
#define __same_type(a, b)	__builtin_types_compatible_p(__typeof__(a), __typeof__(b))

/* A zero-valued constant expression that fails to compile when e is true. */
#define BUILD_BUG_ON_ZERO(e)	((int)(sizeof(struct { int:(-!!(e)); })))
#define __must_be_array(a)	BUILD_BUG_ON_ZERO(__same_type((a), &(a)[0]))

/*
 * READ_ONCE/WRITE_ONCE: one untorn access through a volatile lvalue, as the
 * kernel's generic versions do for scalar types.
 */
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)						\
	do {								\
		*(volatile __typeof__(x) *)&(x) = (val);		\
	} while (0)

#endif /* _LINUX_COMPILER_H */
