/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DEMO_PEER_H
#define DEMO_PEER_H

#include <linux/types.h>
#include <linux/bitops.h>
#include <linux/list.h>
#include "demo/peer_config.h"

#define PEER_BUCKETS	BIT(PEER_HASH_BITS)

struct peer {
	u32 id;
	char name[PEER_NAME_MAX];
	struct hlist_node node;
};

/* peers by id; main.c sees only the functions, not this struct */
struct peer_set {
	unsigned int count;
	struct hlist_head by_id[PEER_BUCKETS];
};

void peer_set_init(struct peer_set *set);
void peer_add(struct peer_set *set, struct peer *p);
struct peer *peer_find(struct peer_set *set, u32 id);
unsigned int peer_dump(struct peer_set *set, char *buf, unsigned int len);

#endif
