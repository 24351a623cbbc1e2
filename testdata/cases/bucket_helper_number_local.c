// expect: port_tab converted: the int local holds the bucket number, not the key
// expect: wide_tab converted: a u32 local of the bucket number of a u64 key
// expect: byte_tab converted: a u8 local of a bucket number of 4 bits
/*
 * Bucket helpers that keep the bucket number in a local of their own, as
 * mlx5's arfs_hash_bucket() does (int bucket_idx = hash_long(l, B)). The
 * helper goes with its locals, so the type of the one that receives the
 * bucket number is not the key's: the key is the value hashed (l, here an
 * unsigned long built from two ports), at full width. port_tab would keep
 * all of its key although its local is an int; wide_tab hashes a u64 key
 * into a u32 local; byte_tab keeps its 4-bit bucket number in a u8.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define TAB_BITS	4

struct ent {
	u16 sport, dport;
	u64 id;
	struct hlist_node pnode;
	struct hlist_node wnode;
	struct hlist_node bnode;
};

static struct hlist_head port_tab[1 << TAB_BITS];
static struct hlist_head wide_tab[1 << TAB_BITS];
static struct hlist_head byte_tab[1 << TAB_BITS];

static struct hlist_head *port_bucket(u16 sport, u16 dport)
{
	unsigned long l;
	int bucket_idx;

	l = (unsigned long)sport | ((unsigned long)dport << 2);
	bucket_idx = hash_long(l, TAB_BITS);
	return &port_tab[bucket_idx];
}

static struct hlist_head *wide_bucket(u64 id)
{
	u32 idx = hash_64(id, TAB_BITS);

	return &wide_tab[idx];
}

static struct hlist_head *byte_bucket(u32 k)
{
	u8 idx;

	idx = hash_32(k, TAB_BITS);
	return &byte_tab[idx];
}

static void ent_add(struct ent *e)
{
	hlist_add_head(&e->pnode, port_bucket(e->sport, e->dport));
	hlist_add_head(&e->wnode, wide_bucket(e->id));
	hlist_add_head(&e->bnode, byte_bucket(e->sport));
}

static long port_find(struct ent *base, u16 sport, u16 dport)
{
	struct ent *e;

	hlist_for_each_entry(e, port_bucket(sport, dport), pnode)
		if (e->sport == sport && e->dport == dport)
			return e - base;
	return -1;
}

static long wide_find(struct ent *base, u64 id)
{
	struct hlist_head *head = wide_bucket(id);
	struct ent *e;

	hlist_for_each_entry(e, head, wnode)
		if (e->id == id)
			return e - base;
	return -1;
}

static int byte_count(u16 sport)
{
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, byte_bucket(sport), bnode)
		n += e->sport == sport;
	return n;
}

int main(void)
{
	struct ent ents[40];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ents); i++) {
		ents[i].sport = 40000 + 3 * i;
		ents[i].dport = 443 + (i % 7) * 1000;
		ents[i].id = ((u64)i << 40) | (0x1234u + i % 3);
		ent_add(&ents[i]);
	}
	for (i = 0; i < 48; i++)
		printf("%u: %ld %ld %d\n", i,
		       port_find(ents, 40000 + 3 * i, 443 + (i % 7) * 1000),
		       wide_find(ents, ((u64)i << 40) | (0x1234u + i % 3)),
		       byte_count(40000 + 3 * i));
	return 0;
}
