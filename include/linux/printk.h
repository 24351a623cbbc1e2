/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/printk.h>: printk(), the KERN_* levels and the
 * pr_*() helpers live in the kernel.h shim; this header only pulls it in.
 */
#ifndef _LINUX_PRINTK_H
#define _LINUX_PRINTK_H

#include <linux/kernel.h>

#endif /* _LINUX_PRINTK_H */
