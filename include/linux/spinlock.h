/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/spinlock.h> for single-threaded test programs:
 * a lock is a flag, taking a held lock or releasing a free one is a bug
 * (abort), so unbalanced locking still shows up. Interrupt and bottom-half
 * variants behave as the plain ones; saved flags are always 0.
 */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/kernel.h>

typedef struct spinlock {
	int locked;
} spinlock_t;

typedef struct {
	int writers;
	int readers;
} rwlock_t;

#define __SPIN_LOCK_UNLOCKED(name)	((spinlock_t){ .locked = 0 })
#define DEFINE_SPINLOCK(name)		spinlock_t name = { .locked = 0 }
#define __RW_LOCK_UNLOCKED(name)	((rwlock_t){ .writers = 0, .readers = 0 })
#define DEFINE_RWLOCK(name)		rwlock_t name = { .writers = 0, .readers = 0 }

static inline void spin_lock_init(spinlock_t *lock)
{
	lock->locked = 0;
}

static inline void spin_lock(spinlock_t *lock)
{
	BUG_ON(lock->locked);
	lock->locked = 1;
}

static inline int spin_trylock(spinlock_t *lock)
{
	if (lock->locked)
		return 0;
	lock->locked = 1;
	return 1;
}

static inline void spin_unlock(spinlock_t *lock)
{
	BUG_ON(!lock->locked);
	lock->locked = 0;
}

static inline int spin_is_locked(spinlock_t *lock)
{
	return lock->locked;
}

#define assert_spin_locked(lock)	BUG_ON(!spin_is_locked(lock))

#define spin_lock_irq(lock)		spin_lock(lock)
#define spin_unlock_irq(lock)		spin_unlock(lock)
#define spin_lock_bh(lock)		spin_lock(lock)
#define spin_unlock_bh(lock)		spin_unlock(lock)
#define spin_lock_irqsave(lock, flags)					\
	do { (flags) = 0; spin_lock(lock); } while (0)
#define spin_unlock_irqrestore(lock, flags)				\
	do { (void)(flags); spin_unlock(lock); } while (0)

static inline void rwlock_init(rwlock_t *lock)
{
	lock->writers = 0;
	lock->readers = 0;
}

static inline void read_lock(rwlock_t *lock)
{
	BUG_ON(lock->writers);
	lock->readers++;
}

static inline void read_unlock(rwlock_t *lock)
{
	BUG_ON(lock->readers <= 0);
	lock->readers--;
}

static inline void write_lock(rwlock_t *lock)
{
	BUG_ON(lock->writers || lock->readers);
	lock->writers = 1;
}

static inline void write_unlock(rwlock_t *lock)
{
	BUG_ON(!lock->writers);
	lock->writers = 0;
}

#define read_lock_bh(lock)		read_lock(lock)
#define read_unlock_bh(lock)		read_unlock(lock)
#define write_lock_bh(lock)		write_lock(lock)
#define write_unlock_bh(lock)		write_unlock(lock)
#define write_lock_irq(lock)		write_lock(lock)
#define write_unlock_irq(lock)		write_unlock(lock)

#endif /* _LINUX_SPINLOCK_H */
