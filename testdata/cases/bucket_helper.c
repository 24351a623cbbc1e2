// expect: chunk_hash converted
// expect: conn_hash converted
/*
 * Buckets picked by helpers (the shapes of dm-snap and rds): a macro
 * that masks the chunk number, used through a bucket pointer, and a
 * function that returns the bucket of a connection, folding the two
 * halves of the address first. The helpers go; the macro only masks its
 * key, which is the key of each access, but the fold of the two halves
 * keeps 16 bits of 32, which addresses that differ share: it is written
 * into each key.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define CHUNK_HASH_SIZE	16
#define CHUNK_HASH(x)	((unsigned long)(x) & (CHUNK_HASH_SIZE - 1))

#define CONN_HASH_ENTRIES	64

struct chunk {
	unsigned long chunk;
	struct hlist_node node;
};

struct conn {
	u32 addr;
	int port;
	struct hlist_node hash;
};

static struct hlist_head chunk_hash[CHUNK_HASH_SIZE];
static struct hlist_head conn_hash[CONN_HASH_ENTRIES];

static struct hlist_head *conn_bucket(u32 addr)
{
	u32 h = (addr >> 16) ^ (addr & 0xffff);

	return &conn_hash[h & (CONN_HASH_ENTRIES - 1)];
}

static void chunk_track(struct chunk *c)
{
	struct hlist_head *head = &chunk_hash[CHUNK_HASH(c->chunk)];

	hlist_add_head(&c->node, head);
}

static int chunk_busy(unsigned long chunk)
{
	struct chunk *c;

	hlist_for_each_entry(c, &chunk_hash[CHUNK_HASH(chunk)], node)
		if (c->chunk == chunk)
			return 1;
	return 0;
}

static struct conn *conn_find(u32 addr, int port)
{
	struct conn *c;

	hlist_for_each_entry(c, conn_bucket(addr), hash)
		if (c->addr == addr && c->port == port)
			return c;
	return NULL;
}

static void conn_add(struct conn *c)
{
	struct hlist_head *head = conn_bucket(c->addr);

	hlist_add_head(&c->hash, head);
}

int main(void)
{
	struct chunk chunks[40];
	struct conn conns[30];
	unsigned int i;

	for (i = 0; i < CHUNK_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&chunk_hash[i]);
	for (i = 0; i < CONN_HASH_ENTRIES; i++)
		INIT_HLIST_HEAD(&conn_hash[i]);

	for (i = 0; i < ARRAY_SIZE(chunks); i++) {
		chunks[i].chunk = 1000 + 7 * i;
		chunk_track(&chunks[i]);
	}
	for (i = 990; i < 1300; i += 13)
		printf("chunk %u: %d\n", i, chunk_busy(i));

	for (i = 0; i < ARRAY_SIZE(conns); i++) {
		conns[i].addr = 0x0a000000u + (i << 12) + i;
		conns[i].port = 80 + (i & 3);
		conn_add(&conns[i]);
	}
	for (i = 0; i < 34; i++) {
		struct conn *c = conn_find(0x0a000000u + (i << 12) + i, 80 + (i & 3));

		printf("conn %u: %s\n", i, c ? "found" : "none");
	}
	return 0;
}
