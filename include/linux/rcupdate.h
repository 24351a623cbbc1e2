/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/rcupdate.h> for single-threaded test programs:
 * read-side sections are compiler barriers, grace periods are immediate,
 * and publication/dereference use release/consume ordering as RCU requires.
 */
#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H

#include <stdlib.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/kernel.h>

struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};

#define rcu_read_lock()			barrier()
#define rcu_read_unlock()		barrier()
#define rcu_read_lock_bh()		barrier()
#define rcu_read_unlock_bh()		barrier()
#define rcu_read_lock_held()		1
#define rcu_read_lock_bh_held()		1
#define lockdep_is_held(lock)		((void)(lock), 1)
#define synchronize_rcu()		barrier()

/* No reader can be inside a section here: the callback may run at once. */
static inline void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head))
{
	func(head);
}

#define kfree_rcu(ptr, field)		free(ptr)

/* Publish @v through @p: everything written before is visible to readers. */
#define rcu_assign_pointer(p, v)	__atomic_store_n(&(p), (v), __ATOMIC_RELEASE)
#define RCU_INIT_POINTER(p, v)		WRITE_ONCE(p, v)

#define rcu_dereference_raw(p)		__atomic_load_n(&(p), __ATOMIC_CONSUME)
#define rcu_dereference(p)		rcu_dereference_raw(p)
#define rcu_dereference_bh(p)		rcu_dereference_raw(p)
#define rcu_dereference_check(p, c)	rcu_dereference_raw(p)
#define rcu_dereference_protected(p, c)	(p)

#endif /* _LINUX_RCUPDATE_H */
