// expect: vni_tab converted: vni_head() is hash_32() of a 32-bit key, through sparse's __force cast
// expect: half_tab skipped: half_head() hashes vni >> 1, not the key, so its walk must be a lookup
// reason: half_tab the walk of the bucket of "(__force u32)vni >> 1" is no lookup
/*
 * An index helper of a header shape (vxlan's vni_head()): hash_32() of a
 * __be32 key cast by (__force u32), which is sparse's and nothing to the
 * compiler. That is the bucket hash_min() picks for the key, so a walk of
 * it that is no lookup (a count of the entries that share it) meets the
 * same entries after the conversion, and the key keeps its cast for sparse.
 * half_head() hashes vni >> 1 instead: keys that differ share its buckets,
 * which hash_min() of the key would part, so the count would change. Its
 * helper stays: the rule once dropped it, having found it removable before
 * the walk check refused half_tab (the result did not compile).
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
	__be32 vni;
	struct hlist_node node;
	struct hlist_node half_node;
};

static struct hlist_head vni_tab[VNI_SIZE];
static struct hlist_head half_tab[VNI_SIZE];

static inline struct hlist_head *vni_head(__be32 vni)
{
	return &vni_tab[hash_32((__force u32)vni, VNI_BITS)];
}

static inline struct hlist_head *half_head(__be32 vni)
{
	return &half_tab[hash_32((__force u32)vni >> 1, VNI_BITS)];
}

static void vni_add(struct vni_node *n)
{
	hlist_add_head(&n->node, vni_head(n->vni));
	hlist_add_head(&n->half_node, half_head(n->vni));
}

/* every entry of the bucket of vni, whatever its key */
static unsigned int vni_sharing(__be32 vni)
{
	struct vni_node *n;
	unsigned int count = 0;

	hlist_for_each_entry(n, vni_head(vni), node)
		count++;
	return count;
}

static unsigned int half_sharing(__be32 vni)
{
	struct vni_node *n;
	unsigned int count = 0;

	hlist_for_each_entry(n, half_head(vni), half_node)
		count++;
	return count;
}

static struct vni_node *vni_find(__be32 vni)
{
	struct vni_node *n;

	hlist_for_each_entry(n, vni_head(vni), node)
		if (n->vni == vni)
			return n;
	return NULL;
}

int main(void)
{
	static struct vni_node nodes[40];
	unsigned int i, sharing = 0, half = 0, found = 0;

	for (i = 0; i < VNI_SIZE; i++) {
		INIT_HLIST_HEAD(&vni_tab[i]);
		INIT_HLIST_HEAD(&half_tab[i]);
	}
	for (i = 0; i < ARRAY_SIZE(nodes); i++) {
		nodes[i].vni = (__force __be32)(i * 0x01000193u + 7);
		vni_add(&nodes[i]);
	}
	for (i = 0; i < 60; i++) {
		__be32 vni = (__force __be32)(i * 0x01000193u + 7);

		sharing += vni_sharing(vni) * (i + 1);
		half += half_sharing(vni) * (i + 1);
		found += vni_find(vni) != NULL;
	}
	printf("sharing %u half %u found %u\n", sharing, half, found);
	return 0;
}
