// expect: vlan_hash converted
// expect: source_hash converted
// expect: dump_hash skipped: a caller hands the walk a bucket computed from a key
// reason: dump_hash dump_bucket() gets bucket number "i", which is not one reduced key
/*
 * drivers/net/macvlan.c's two tables, one index helper for both:
 * - the helper returns a u32 hash_64() of a u64 it computes: it stays, less
 *   its hash, and returns the u64 (helper_widen.c has the shape alone);
 * - the code already walks the arrays with hash_for_each_safe(): that means
 *   the same after the conversion, whichever bucket a key is in;
 * - source_hash is reached through another struct (vlan->port->source_hash):
 *   the field port of struct vlan points to struct port, which has the table;
 * - fill_bucket() gets a bucket number from a caller that loops over all
 *   buckets: a positional walk, left as it is.
 * dump_hash's walk gets its bucket number from a caller that also passes
 * a masked key: refused.
 */
#include <stdio.h>
#include <string.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/hashtable.h>

#define get_unaligned(ptr) ({ __typeof__(*(ptr)) __v; memcpy(&__v, (ptr), sizeof(__v)); __v; })

#define VLAN_HASH_BITS	3
#define VLAN_HASH_SIZE	(1 << VLAN_HASH_BITS)

struct port {
	struct hlist_head vlan_hash[VLAN_HASH_SIZE];
	struct hlist_head source_hash[VLAN_HASH_SIZE];
};

struct vlan {
	unsigned char addr[8];
	struct hlist_node hlist;
	struct port *port;
};

struct source {
	unsigned char addr[8];
	struct vlan *vlan;
	struct hlist_node hlist;
};

static u32 vlan_eth_hash(const unsigned char *addr)
{
	u64 value = get_unaligned((u64 *)addr);

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

	hlist_for_each_entry(vlan, &port->vlan_hash[idx], hlist)
		if (!memcmp(vlan->addr, addr, 6))
			return vlan;
	return NULL;
}

static void vlan_add(struct vlan *vlan)
{
	struct port *port = vlan->port;
	u32 idx = vlan_eth_hash(vlan->addr);

	hlist_add_head(&vlan->hlist, &port->vlan_hash[idx]);
}

static struct source *source_lookup(struct vlan *vlan, const unsigned char *addr)
{
	struct source *entry;
	u32 idx = vlan_eth_hash(addr);
	struct hlist_head *h = &vlan->port->source_hash[idx];

	hlist_for_each_entry(entry, h, hlist)
		if (!memcmp(entry->addr, addr, 6) && entry->vlan == vlan)
			return entry;
	return NULL;
}

static void source_add(struct vlan *vlan, struct source *entry)
{
	struct port *port = vlan->port;
	struct hlist_head *h;

	entry->vlan = vlan;
	h = &port->source_hash[vlan_eth_hash(entry->addr)];
	hlist_add_head(&entry->hlist, h);
}

static int source_count(struct port *port)
{
	struct source *entry;
	struct hlist_node *next;
	int i, n = 0;

	hash_for_each_safe(port->source_hash, i, next, entry, hlist)
		n++;
	return n;
}

static int fill_bucket(struct vlan *vlan, const int i)
{
	struct hlist_head *h = &vlan->port->source_hash[i];
	struct source *entry;
	int n = 0;

	hlist_for_each_entry(entry, h, hlist)
		n += entry->vlan == vlan;
	return n;
}

static int fill_all(struct vlan *vlan)
{
	int i, n = 0;

	for (i = 0; i < VLAN_HASH_SIZE; i++)
		n += fill_bucket(vlan, i);
	return n;
}

static void port_init(struct port *port)
{
	int i;

	for (i = 0; i < VLAN_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&port->vlan_hash[i]);
	for (i = 0; i < VLAN_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&port->source_hash[i]);
}

#define DUMP_SIZE	8

struct dump_entry {
	unsigned int id;
	struct hlist_node node;
};

static struct hlist_head dump_hash[DUMP_SIZE];

static int dump_bucket(unsigned int bucket)
{
	struct dump_entry *e;
	int n = 0;

	hlist_for_each_entry(e, &dump_hash[bucket], node)
		n++;
	return n;
}

static int dump_all(void)
{
	unsigned int i;
	int n = 0;

	for (i = 0; i < DUMP_SIZE; i++)
		n += dump_bucket(i);
	return n;
}

static int dump_same(unsigned int id)
{
	return dump_bucket(id & (DUMP_SIZE - 1));
}

static void dump_add(struct dump_entry *e)
{
	hlist_add_head(&e->node, &dump_hash[e->id & (DUMP_SIZE - 1)]);
}

int main(void)
{
	static struct port port;
	static struct vlan vlans[12];
	static struct source sources[12];
	static struct dump_entry dumps[6];
	unsigned char addr[8];
	int i, hits = 0;

	port_init(&port);
	for (i = 0; i < 12; i++) {
		memset(vlans[i].addr, 0x02, 8);
		vlans[i].addr[5] = i * 7;
		vlans[i].port = &port;
		vlan_add(&vlans[i]);
		memcpy(sources[i].addr, vlans[i].addr, 8);
		sources[i].addr[4] = 9;
		source_add(&vlans[i / 3], &sources[i]);
	}
	for (i = 0; i < 24; i++) {
		memset(addr, 0x02, 8);
		addr[5] = i * 7;
		hits += vlan_lookup(&port, addr) != NULL;
		addr[4] = 9;
		hits += source_lookup(&vlans[i / 3 % 12], addr) != NULL;
	}
	printf("hits %d, sources %d\n", hits, source_count(&port));
	for (i = 0; i < 4; i++)
		printf("vlan %d: %d sources\n", i, fill_all(&vlans[i]));
	for (i = 0; i < 6; i++) {
		dumps[i].id = i * 5;
		dump_add(&dumps[i]);
	}
	printf("dump %d, same bucket as 5: %d\n", dump_all(), dump_same(5));
	return 0;
}
