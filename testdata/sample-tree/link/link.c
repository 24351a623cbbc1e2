// SPDX-License-Identifier: GPL-2.0
#include <linux/types.h>
#include <linux/list.h>
#include "demo/link.h"

void link_set_init(struct link_set *set)
{
	unsigned int i;

	for (i = 0; i < LINK_BUCKETS; i++)
		INIT_HLIST_HEAD(&set->by_port_nr[i]);
}

void link_add(struct link_set *set, struct link *l)
{
	hlist_add_head(&l->node, link_head(set, l->port));
}

/* For main.c, which does not include demo/link.h (it has a hash_add() of its own). */
int link_demo(void)
{
	static struct link links[] = { { .port = 80 }, { .port = 443 }, { .port = 8080 },
				       { .port = 22 }, { .port = 53 } };
	static struct link_set set;
	unsigned int i;
	int found = 0;

	link_set_init(&set);
	for (i = 0; i < 5; i++)
		link_add(&set, &links[i]);
	for (i = 0; i < 5; i++)
		found += link_find(&set, links[i].port) == &links[i] && link_has(&set, links[i].port);
	return found * 10 + (!link_find(&set, 81) && !link_has(&set, 81));
}
