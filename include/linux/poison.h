/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/poison.h>: the values a deleted list node's
 * pointers are set to, so that a use after deletion faults at once.
 */
#ifndef _LINUX_POISON_H
#define _LINUX_POISON_H

#define LIST_POISON1	((void *)0x100)
#define LIST_POISON2	((void *)0x122)

#endif /* _LINUX_POISON_H */
