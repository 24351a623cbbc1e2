/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/atomic.h>: atomic_t on the compiler's __atomic
 * builtins (sequentially consistent where the kernel implies a full barrier).
 */
#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H

#include <linux/types.h>

typedef struct {
	int counter;
} atomic_t;

#define ATOMIC_INIT(i)		{ (i) }

static inline int atomic_read(const atomic_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_RELAXED);
}

static inline void atomic_set(atomic_t *v, int i)
{
	__atomic_store_n(&v->counter, i, __ATOMIC_RELAXED);
}

static inline void atomic_add(int i, atomic_t *v)
{
	__atomic_fetch_add(&v->counter, i, __ATOMIC_RELAXED);
}

static inline void atomic_sub(int i, atomic_t *v)
{
	__atomic_fetch_sub(&v->counter, i, __ATOMIC_RELAXED);
}

static inline int atomic_add_return(int i, atomic_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_SEQ_CST);
}

static inline int atomic_sub_return(int i, atomic_t *v)
{
	return __atomic_sub_fetch(&v->counter, i, __ATOMIC_SEQ_CST);
}

#define atomic_inc(v)			atomic_add(1, v)
#define atomic_dec(v)			atomic_sub(1, v)
#define atomic_inc_return(v)		atomic_add_return(1, v)
#define atomic_dec_return(v)		atomic_sub_return(1, v)
#define atomic_dec_and_test(v)		(atomic_sub_return(1, v) == 0)
#define atomic_inc_and_test(v)		(atomic_add_return(1, v) == 0)

/* Add @a unless the value is @u; true when it added. */
static inline bool atomic_add_unless(atomic_t *v, int a, int u)
{
	int c = atomic_read(v);

	do {
		if (c == u)
			return false;
	} while (!__atomic_compare_exchange_n(&v->counter, &c, c + a, false,
					      __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
	return true;
}

#define atomic_inc_not_zero(v)		atomic_add_unless(v, 1, 0)

#endif /* _LINUX_ATOMIC_H */
