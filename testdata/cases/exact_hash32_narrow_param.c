// expect: vni_tab converted: the key keeps the cut of the u16 parameter, (__force u32)(u16)
/*
 * vni_head() takes a u16 and hashes (__force u32)vni: the call cuts a u32
 * key to 16 bits before the helper casts it. Its bucket is hash_min() of
 * the cut key, so the key written at each site keeps the cut,
 * (__force u32)(u16)n->vni, and the walk that counts the entries of a
 * bucket meets the same ones. The rule once wrote (__force u32)n->vni
 * (a tenth review's rv_force_u16_param: sharing 4549 found 40, then 4554
 * and 0).
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define VNI_BITS	4
#define VNI_SIZE	(1 << VNI_BITS)

struct vni_node {
	u32 vni;
	struct hlist_node node;
};

static struct hlist_head vni_tab[VNI_SIZE];

static inline struct hlist_head *vni_head(u16 vni)
{
	return &vni_tab[hash_32((__force u32)vni, VNI_BITS)];
}

static void vni_add(struct vni_node *n)
{
	hlist_add_head(&n->node, vni_head(n->vni));
}

static unsigned int vni_sharing(u32 vni)
{
	struct vni_node *n;
	unsigned int count = 0;

	hlist_for_each_entry(n, vni_head(vni), node)
		count++;
	return count;
}

static struct vni_node *vni_find(u32 vni)
{
	struct vni_node *n;

	hlist_for_each_entry(n, vni_head(vni), node)
		if ((u16)n->vni == (u16)vni)
			return n;
	return NULL;
}

int main(void)
{
	static struct vni_node nodes[40];
	unsigned int i, sharing = 0, found = 0;

	for (i = 0; i < VNI_SIZE; i++)
		INIT_HLIST_HEAD(&vni_tab[i]);
	for (i = 0; i < ARRAY_SIZE(nodes); i++) {
		nodes[i].vni = i * 0x01000193u + 7;
		vni_add(&nodes[i]);
	}
	for (i = 0; i < 60; i++) {
		u32 vni = i * 0x01000193u + 7 + 0x50000;

		sharing += vni_sharing(vni) * (i + 1);
		found += vni_find(vni) != NULL;
	}
	printf("sharing %u found %u\n", sharing, found);
	return 0;
}
