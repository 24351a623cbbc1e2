/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/export.h>: symbol exports are plain
 * redeclarations, so "EXPORT_SYMBOL(x);" is valid at file scope.
 */
#ifndef _LINUX_EXPORT_H
#define _LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym)		extern __typeof__(sym) sym
#define EXPORT_SYMBOL_GPL(sym)		extern __typeof__(sym) sym
#define EXPORT_SYMBOL_NS(sym, ns)	extern __typeof__(sym) sym
#define EXPORT_SYMBOL_NS_GPL(sym, ns)	extern __typeof__(sym) sym

#endif /* _LINUX_EXPORT_H */
