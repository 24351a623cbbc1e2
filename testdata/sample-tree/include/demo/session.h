/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DEMO_SESSION_H
#define DEMO_SESSION_H

#include <linux/types.h>
#include <linux/list.h>

#define SESSION_HASH_BITS	6
#define SESSION_HASH_SIZE	(1 << SESSION_HASH_BITS)

struct session {
	u32 id;
	unsigned int hits;
	struct hlist_node node;
};

/* all sessions, by id; defined in session.c */
extern struct hlist_head session_hash[SESSION_HASH_SIZE];

void session_init(void);
struct session *session_add(u32 id);
struct session *session_find(u32 id);
void session_remove(struct session *s);
unsigned int session_count(void);

#endif
