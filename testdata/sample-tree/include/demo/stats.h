/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DEMO_STATS_H
#define DEMO_STATS_H

#define STATS_HASH_BITS	3
#define STATS_HASH_SIZE	(1 << STATS_HASH_BITS)

void stats_hit(unsigned int cpu, unsigned int event);
unsigned int stats_get(unsigned int cpu, unsigned int event);

#endif
