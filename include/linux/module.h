/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/module.h>: module entry points are kept
 * referenced, the metadata macros expand to harmless declarations.
 */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/export.h>

#define module_init(fn)							\
	static int (*__module_init_##fn)(void) __maybe_unused = fn
#define module_exit(fn)							\
	static void (*__module_exit_##fn)(void) __maybe_unused = fn

#define __module_info_decl		extern int __module_info_unused
#define MODULE_LICENSE(x)		__module_info_decl
#define MODULE_AUTHOR(x)		__module_info_decl
#define MODULE_DESCRIPTION(x)		__module_info_decl
#define MODULE_ALIAS(x)			__module_info_decl
#define MODULE_VERSION(x)		__module_info_decl

#define THIS_MODULE			((struct module *)0)
struct module;

#endif /* _LINUX_MODULE_H */
