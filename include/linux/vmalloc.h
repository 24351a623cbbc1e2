/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/vmalloc.h>: vmalloc() and friends are the C
 * allocator here (no virtually contiguous mapping to build).
 */
#ifndef _LINUX_VMALLOC_H
#define _LINUX_VMALLOC_H

#include <linux/slab.h>

#define vmalloc(size)		kmalloc(size, GFP_KERNEL)
#define vzalloc(size)		kzalloc(size, GFP_KERNEL)
#define vfree(p)		kfree(p)

#endif /* _LINUX_VMALLOC_H */
