// expect: peer_hash converted
// expect: port_hash converted
// expect: tag_hash converted
/*
 * Index helpers over several statements: peer_hashfn() mixes a seed into
 * a local and masks it last (it stays, without the mask), port_hashfn()
 * folds its argument in a local, where numbers that differ may meet
 * (h += h >> 7): it stays too, without its mask (fold_kept.c has a fold
 * through a local that is one-to-one, and goes). The port index is kept in
 * a local variable declared with its value, which then holds the key.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/jhash.h>
#include <linux/hash.h>

#define PEER_HASH_SIZE	32
#define PEER_HASH_MASK	(PEER_HASH_SIZE - 1)
#define PORT_HASH_SIZE	8
#define TAG_BITS	3

struct peer {
	u32 id;
	struct hlist_node node;
};

struct port {
	unsigned int nr;
	struct hlist_node node;
};

static u32 peer_seed;
static struct hlist_head peer_hash[PEER_HASH_SIZE];
static struct hlist_head port_hash[PORT_HASH_SIZE];
static struct hlist_head tag_hash[1 << TAG_BITS];

static u32 tag_hashfn(u32 tag)
{
	u32 h;

	h = hash_32(tag ^ peer_seed, TAG_BITS);
	return h;
}

static u32 peer_hashfn(u32 id)
{
	u32 v = jhash_1word(id, peer_seed);

	v &= PEER_HASH_MASK;
	return v;
}

static unsigned int port_hashfn(unsigned int nr)
{
	unsigned int h = nr;

	h ^= h >> 3;
	h += h >> 7;
	return h % PORT_HASH_SIZE;
}

static int __init tables_init(void)
{
	int i;

	i = 0;
	while (i < PEER_HASH_SIZE) {
		INIT_HLIST_HEAD(&peer_hash[i]);
		i++;
	}
	for (i = 0; i < PORT_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&port_hash[i]);
	for (i = 0; i < (1 << TAG_BITS); i++)
		INIT_HLIST_HEAD(&tag_hash[i]);
	return 0;
}

static struct peer *peer_find(u32 id)
{
	struct peer *p;

	hlist_for_each_entry(p, &peer_hash[peer_hashfn(id)], node)
		if (p->id == id)
			return p;
	return NULL;
}

static void peer_add(struct peer *p)
{
	hlist_add_head(&p->node, &peer_hash[peer_hashfn(p->id)]);
}

static struct port *port_find(unsigned int nr)
{
	unsigned int idx = port_hashfn(nr);
	struct port *pt;

	hlist_for_each_entry(pt, &port_hash[idx], node)
		if (pt->nr == nr)
			return pt;
	return NULL;
}

static void port_add(struct port *pt)
{
	hlist_add_head(&pt->node, &port_hash[port_hashfn(pt->nr)]);
}

static int tag_seen(u32 tag)
{
	struct peer *p;

	hlist_for_each_entry(p, &tag_hash[tag_hashfn(tag)], node)
		if (p->id == tag)
			return 1;
	return 0;
}

int main(void)
{
	struct peer tags[6];
	struct peer peers[20];
	struct port ports[12];
	unsigned int i;

	peer_seed = 0xfeed;
	tables_init();
	for (i = 0; i < ARRAY_SIZE(peers); i++) {
		peers[i].id = 3 * i * i + 1;
		peer_add(&peers[i]);
	}
	for (i = 0; i < ARRAY_SIZE(tags); i++) {
		tags[i].id = 100 + 9 * i;
		hlist_add_head(&tags[i].node, &tag_hash[tag_hashfn(tags[i].id)]);
	}
	for (i = 0; i < 9; i++)
		printf("tag %u: %d\n", 100 + 9 * i, tag_seen(100 + 9 * i));
	for (i = 0; i < ARRAY_SIZE(ports); i++) {
		ports[i].nr = 1024 + 100 * i;
		port_add(&ports[i]);
	}
	for (i = 0; i < 30; i++) {
		struct peer *p = peer_find(3 * i * i + 1);

		printf("peer %u: %s\n", i, p ? "found" : "none");
	}
	for (i = 0; i < 14; i++) {
		struct port *pt = port_find(1024 + 100 * i);

		printf("port %u: %s\n", 1024 + 100 * i, pt ? "found" : "none");
	}
	return 0;
}
