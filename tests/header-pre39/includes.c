/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Only preprocessed (cc -M): the Makefile checks which files these names
 * resolve to. Every modern shim comes first, so that one of them pulling in
 * <linux/list.h> or <linux/rculist.h> would show up in the dependencies
 * before the pre-3.9 headers are asked for.
 */
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/poison.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/hash.h>
#include <linux/jhash.h>
#include <linux/bitops.h>
#include <linux/atomic.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/rculist.h>
#include <linux/list.h>
#include <linux/hashtable.h>
