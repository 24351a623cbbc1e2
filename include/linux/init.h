/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/init.h>: section annotations (from compiler.h)
 * and initcall registration. A test program calls its init functions from
 * main(); the registration only keeps a static function referenced.
 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#include <linux/compiler.h>

#define __initconst
#define __exitdata
#define __ro_after_init

#define __define_initcall(fn, id)					\
	static int (*__initcall_##fn##id)(void) __maybe_unused = fn

#define core_initcall(fn)		__define_initcall(fn, 1)
#define postcore_initcall(fn)		__define_initcall(fn, 2)
#define arch_initcall(fn)		__define_initcall(fn, 3)
#define subsys_initcall(fn)		__define_initcall(fn, 4)
#define fs_initcall(fn)			__define_initcall(fn, 5)
#define device_initcall(fn)		__define_initcall(fn, 6)
#define late_initcall(fn)		__define_initcall(fn, 7)
#define __initcall(fn)			device_initcall(fn)

#endif /* _LINUX_INIT_H */
