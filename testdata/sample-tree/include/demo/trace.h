/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DEMO_TRACE_H
#define DEMO_TRACE_H

#ifndef CONFIG_DEMO_TRACE_HASH_BITS
#define CONFIG_DEMO_TRACE_HASH_BITS 6
#endif

/* A fixed table on small systems, one sized by the configuration elsewhere. */
#ifdef CONFIG_DEMO_SMALL
#define TRACE_HASH_SIZE	16
#else
#define TRACE_HASH_SIZE	(1 << CONFIG_DEMO_TRACE_HASH_BITS)
#endif

int trace_save(const unsigned long *entries, unsigned int n);
unsigned int trace_count(void);

#endif
