#ifndef DEMO_V_H
#define DEMO_V_H
#include <linux/types.h>
#include <linux/list.h>

#define V_BITS	3

/* filled and read through <linux/hashtable.h> already: only the field changes */
struct vcache {
	int hits;
	struct hlist_head vtbl[1 << V_BITS];
};

/* filled by hash_add(), read by a masked bucket: a bug the tool must not touch */
#define W_SIZE	8

struct wcache {
	struct hlist_head wtbl[W_SIZE];
};

struct vitem {
	u32 key;
	struct hlist_node node;
	struct hlist_node wnode;
};

void v_add(struct vcache *vc, struct wcache *wc, struct vitem *it);
int v_count(struct vcache *vc, struct wcache *wc, u32 key);
#endif
