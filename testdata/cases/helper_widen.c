// expect: vlan_hash converted
// expect: pair_tab converted
/*
 * A u32 index helper that returns hash_64() of a u64 it computes
 * (drivers/net/macvlan.c's macvlan_eth_hash()). Kept without its hash it
 * returns the u64 key, so it takes that type (static u64 ...), and so do
 * the index variables that hold its result (u32 idx = ... -> u64 idx = ...):
 * hash_min() then hashes all 64 bits with hash_64(), as before. Kept at u32,
 * the key would lose its upper half and the buckets would change.
 * pair_tab: the same with a key that is an expression of two u64 (a ^ b).
 * helper_branches_refused.c keeps the refusal for a pointer key.
 */
#include <stdio.h>
#include <string.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

/* <asm/unaligned.h> */
#define get_unaligned(ptr) ({ __typeof__(*(ptr)) __v; memcpy(&__v, (ptr), sizeof(__v)); __v; })

#define VLAN_HASH_BITS	4
#define VLAN_HASH_SIZE	(1 << VLAN_HASH_BITS)

struct vlan {
	unsigned char addr[8];
	struct hlist_node hlist;
};

struct port {
	struct hlist_head vlan_hash[VLAN_HASH_SIZE];
};

/* Hash an address: the six bytes of it that count */
static u32 vlan_eth_hash(const unsigned char *addr)
{
	u64 value = get_unaligned((u64 *)addr);

	/* only want 6 bytes */
#ifdef __BIG_ENDIAN
	value >>= 16;
#else
	value <<= 16;
#endif
	return hash_64(value, VLAN_HASH_BITS);
}

static struct vlan *vlan_lookup(const struct port *port, const unsigned char *addr)
{
	struct vlan *vlan;
	u32 idx = vlan_eth_hash(addr);

	hlist_for_each_entry(vlan, &port->vlan_hash[idx], hlist) {
		if (!memcmp(vlan->addr, addr, 6))
			return vlan;
	}
	return NULL;
}

static void vlan_add(struct port *port, struct vlan *vlan)
{
	hlist_add_head(&vlan->hlist, &port->vlan_hash[vlan_eth_hash(vlan->addr)]);
}

static void port_init(struct port *port)
{
	int i;

	for (i = 0; i < VLAN_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&port->vlan_hash[i]);
}

#define PAIR_BITS	3

struct pair {
	u64 a, b;
	struct hlist_node node;
};

static struct hlist_head pair_tab[1 << PAIR_BITS];

static u32 pair_hashfn(u64 a, u64 b)
{
	return hash_64(a ^ b, PAIR_BITS);
}

static void pair_add(struct pair *p)
{
	hlist_add_head(&p->node, &pair_tab[pair_hashfn(p->a, p->b)]);
}

static int pair_count(u64 a, u64 b)
{
	struct pair *p;
	int n = 0;

	hlist_for_each_entry(p, &pair_tab[pair_hashfn(a, b)], node)
		n += p->a == a && p->b == b;
	return n;
}

int main(void)
{
	static struct pair pairs[16];
	static struct port port;
	static struct vlan vlans[24];
	unsigned char addr[8];
	int i, hits = 0;

	port_init(&port);
	for (i = 0; i < 24; i++) {
		/* addresses that differ in their last bytes only */
		memset(vlans[i].addr, 0x02, 8);
		vlans[i].addr[4] = i;
		vlans[i].addr[5] = i * 3;
		vlan_add(&port, &vlans[i]);
	}
	for (i = 0; i < 48; i++) {
		memset(addr, 0x02, 8);
		addr[4] = i;
		addr[5] = i * 3;
		hits += vlan_lookup(&port, addr) != NULL;
	}
	printf("hits %d\n", hits);
	for (i = 0; i < 16; i++) {
		pairs[i].a = (u64)i << 40;
		pairs[i].b = (u64)(i % 3) << 36;
		pair_add(&pairs[i]);
	}
	for (i = 0; i < 1 << PAIR_BITS; i++) {
		struct pair *p;
		int n = 0;

		hlist_for_each_entry(p, &pair_tab[i], node)
			n++;
		printf("a pair bucket of %d\n", n);
	}
	for (i = 0; i < 1 << PAIR_BITS; i++)
		printf("pair %d found %d\n", i, pair_count((u64)i << 40, (u64)(i % 3) << 36));
	for (i = 0; i < VLAN_HASH_SIZE; i++) {
		struct vlan *v;
		int n = 0;

		hlist_for_each_entry(v, &port.vlan_hash[i], hlist)
			n++;
		printf("a bucket of %d\n", n);
	}
	return 0;
}
