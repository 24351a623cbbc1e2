// expect: qpn_tab converted
// expect: mask_tab skipped: the function it is passed to masks its key
// reason: mask_tab use not understood: "return find_masked ( mask_tab , key )"
// expect: walk_tab converted: the function it is passed to only walks every bucket
/*
 * A table passed whole to a function of the file that looks a key up in it
 * (mlx5's ipoib_vlan.c: mlx5i_find_qpn_to_netdev_node(ht->buckets, qpn)).
 * When that function picks its bucket with hash_32() of a u32 key to the
 * bits of the table, and so does every other access of the table, hash_min()
 * picks the same buckets: the function stays as it is, the rest converts.
 * So does a function that only walks every bucket of what it is given, by
 * number (the buckets are the same array after the conversion). A function
 * that masks the key instead keeps its table refused.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define QPN_BITS	5

struct qpn_node {
	u32 qpn;
	struct hlist_node hlist;
};

struct qpn_ht {
	struct hlist_head qpn_tab[1 << QPN_BITS];
};

static struct hlist_head mask_tab[1 << QPN_BITS];
static struct hlist_head walk_tab[1 << QPN_BITS];

static struct qpn_node *find_node(struct hlist_head *buckets, u32 qpn)
{
	struct hlist_head *h = &buckets[hash_32(qpn, QPN_BITS)];
	struct qpn_node *node;

	hlist_for_each_entry(node, h, hlist)
		if (node->qpn == qpn)
			return node;
	return NULL;
}

static struct qpn_node *find_masked(struct hlist_head *buckets, u32 qpn)
{
	struct qpn_node *node;

	hlist_for_each_entry(node, &buckets[qpn & ((1 << QPN_BITS) - 1)], hlist)
		if (node->qpn == qpn)
			return node;
	return NULL;
}

static unsigned int count_all(struct hlist_head *buckets)
{
	struct qpn_node *node;
	unsigned int i, n = 0;

	for (i = 0; i < (1 << QPN_BITS); i++)
		hlist_for_each_entry(node, &buckets[i], hlist)
			n++;
	return n;
}

static void add_node(struct qpn_ht *ht, struct qpn_node *node)
{
	u8 key = hash_32(node->qpn, QPN_BITS);

	hlist_add_head(&node->hlist, &ht->qpn_tab[key]);
}

static int has_qpn(struct qpn_ht *ht, u32 qpn)
{
	return find_node(ht->qpn_tab, qpn) != NULL;
}

static int has_masked(u32 key)
{
	return find_masked(mask_tab, key) != NULL;
}

int main(void)
{
	static struct qpn_ht ht;
	static struct qpn_node nodes[30], masked[30], walked[30];
	unsigned int i, n = 0, m = 0;

	for (i = 0; i < 30; i++) {
		nodes[i].qpn = 0x100 + 131 * i;
		add_node(&ht, &nodes[i]);
		masked[i].qpn = 7 * i;
		hlist_add_head(&masked[i].hlist, &mask_tab[hash_32(masked[i].qpn, QPN_BITS)]);
		walked[i].qpn = i;
		hlist_add_head(&walked[i].hlist, &walk_tab[hash_32(walked[i].qpn, QPN_BITS)]);
	}
	for (i = 0; i < 60; i++) {
		n += has_qpn(&ht, 0x100 + 131 * i);
		m += has_masked(7 * i);
	}
	printf("found %u of 30, masked %u, walked %u\n", n, m, count_all(walk_tab));
	return 0;
}
