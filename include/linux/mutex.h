/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/mutex.h> for single-threaded test programs:
 * a mutex is a flag; taking a held mutex or releasing a free one aborts.
 */
#ifndef _LINUX_MUTEX_H
#define _LINUX_MUTEX_H

#include <linux/types.h>
#include <linux/kernel.h>

struct mutex {
	int locked;
};

#define __MUTEX_INITIALIZER(name)	{ .locked = 0 }
#define DEFINE_MUTEX(name)		struct mutex name = __MUTEX_INITIALIZER(name)

static inline void mutex_init(struct mutex *lock)
{
	lock->locked = 0;
}

static inline void mutex_lock(struct mutex *lock)
{
	BUG_ON(lock->locked);
	lock->locked = 1;
}

static inline int mutex_trylock(struct mutex *lock)
{
	if (lock->locked)
		return 0;
	lock->locked = 1;
	return 1;
}

static inline void mutex_unlock(struct mutex *lock)
{
	BUG_ON(!lock->locked);
	lock->locked = 0;
}

static inline bool mutex_is_locked(struct mutex *lock)
{
	return lock->locked;
}

#define lockdep_assert_held(lock)	BUG_ON(!(lock)->locked)

#endif /* _LINUX_MUTEX_H */
