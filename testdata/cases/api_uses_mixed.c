// expect: by_id converted
// expect: by_port skipped
// reason: by_port hash_add() works with the buckets hash_min() picks, and another access of the table picks them otherwise
/*
 * Tables filled with hash_add() (code half converted to <linux/hashtable.h>)
 * and read with an open-coded bucket pick. by_id's lookup hashes its u32 key
 * with hash_32() to the table's bits, the bucket hash_min() picks: it becomes
 * hash_for_each_possible(), and the declaration DEFINE_HASHTABLE(). by_port's
 * lookup masks its key: it looks in another bucket than hash_add() used (a
 * bug of the old code, which a conversion would silently change): refused.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/hashtable.h>

#define ID_BITS		4
#define PORT_BITS	3

struct conn {
	u32 id;
	u32 port;
	struct hlist_node id_node;
	struct hlist_node port_node;
};

static struct hlist_head by_id[1 << ID_BITS];
static struct hlist_head by_port[1 << PORT_BITS];

static void add_conn(struct conn *c)
{
	hash_add(by_id, &c->id_node, c->id);
	hash_add(by_port, &c->port_node, c->port);
}

static struct conn *find_by_id(u32 id)
{
	struct conn *c;

	hlist_for_each_entry(c, &by_id[hash_32(id, ID_BITS)], id_node)
		if (c->id == id)
			return c;
	return NULL;
}

static struct conn *find_by_port(u32 port)
{
	struct conn *c;

	hlist_for_each_entry(c, &by_port[port & ((1 << PORT_BITS) - 1)], port_node)
		if (c->port == port)
			return c;
	return NULL;
}

int main(void)
{
	static struct conn all[12];
	int i, found_id = 0, found_port = 0;

	for (i = 0; i < 12; i++) {
		all[i].id = 1000 + 7 * i;
		all[i].port = 80 + i;
		add_conn(&all[i]);
	}
	for (i = 0; i < 12; i++) {
		found_id += find_by_id(1000 + 7 * i) != NULL;
		found_port += find_by_port(80 + i) != NULL;
	}
	printf("%d %d\n", found_id, found_port);
	return 0;
}
