// SPDX-License-Identifier: GPL-2.0
/*
 * Named handlers. The table is exported: modules outside this tree may
 * index it with their own masking, so it must stay as it is.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/export.h>
#include <linux/string.h>

#define REGISTRY_SIZE	8

struct handler {
	unsigned int code;
	const char *name;
	struct hlist_node hnode;
};

struct hlist_head registry_hash[REGISTRY_SIZE];
EXPORT_SYMBOL(registry_hash);

void registry_add(struct handler *h)
{
	hlist_add_head(&h->hnode, &registry_hash[h->code & (REGISTRY_SIZE - 1)]);
}

const char *registry_name(unsigned int code)
{
	struct handler *h;

	hlist_for_each_entry(h, &registry_hash[code & (REGISTRY_SIZE - 1)], hnode)
		if (h->code == code)
			return h->name;
	return "unknown";
}
