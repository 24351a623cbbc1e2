/* SPDX-License-Identifier: GPL-2.0 */
/* A header whose last <linux/...> include is inside #ifdef: the include of
 * hashtable.h goes after the last one outside it, which every build has. */
#ifndef GUARDED_H
#define GUARDED_H

#include <linux/types.h>
#include <linux/list.h>
#ifdef CONFIG_GUARDED_DEBUG
#include <linux/kernel.h>
#endif

struct guarded {
	int n;
	struct hlist_head by_id[16];
};

#endif
