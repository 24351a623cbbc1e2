/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DEMO_LINK_H
#define DEMO_LINK_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/hash.h>

#define LINK_HASH_BITS	5
#define LINK_BUCKETS	(1 << LINK_HASH_BITS)

struct link {
	u16 port;
	struct hlist_node node;
};

struct link_set {
	struct hlist_head by_port_nr[LINK_BUCKETS];
};

/* The bucket of a port: hash_32() of a u32, the bucket hash_min() picks. */
static inline struct hlist_head *link_head(struct link_set *set, u32 port)
{
	return &set->by_port_nr[hash_32(port, LINK_HASH_BITS)];
}

/*
 * A header's code stays as it is: this walk through link_head() still finds
 * what hash_add() puts in, as hash_add() picks the bucket link_head() picks.
 */
static inline bool link_has(struct link_set *set, u32 port)
{
	struct link *l;

	hlist_for_each_entry(l, link_head(set, port), node)
		if (l->port == port)
			return true;
	return false;
}

void link_set_init(struct link_set *set);
void link_add(struct link_set *set, struct link *l);
struct link *link_find(struct link_set *set, u16 port);

#endif
