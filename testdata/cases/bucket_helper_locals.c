// expect: byte_tab converted: the key keeps the cut of the u8 local, ((u8)e->k) ^ salt
// expect: port_tab converted: a local declared bare and given its value once is that value
// expect: step_tab skipped: its helper computes the key over two statements
// reason: step_tab bucket helper step_bucket() computes its key in "l" over several statements, which no one expression gives the key
/*
 * The locals of a bucket helper that goes: its key at each call is the value
 * the helper hashed, written over the call's arguments. byte_bucket() hashes
 * a u8 copy of its key, so keys that differ above the low byte shared a
 * bucket, and byte_count() counts on it (it compares the low bytes only,
 * and the salt):
 * the key keeps that cut, ((u8)e->k) ^ salt. port_bucket() declares its local
 * and assigns it once. step_bucket() builds its value in two steps
 * (mlx4's filter_hash_bucket(): l = ...; l ^= ...;): no one expression at
 * the call gives it, and a key naming the helper's local would not even
 * build, so that table stays.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define TAB_BITS	4

struct ent {
	u32 k;
	u32 salt;
	u16 sport, dport;
	struct hlist_node bnode;
	struct hlist_node pnode;
	struct hlist_node snode;
};

static struct hlist_head byte_tab[1 << TAB_BITS];
static struct hlist_head port_tab[1 << TAB_BITS];
static struct hlist_head step_tab[1 << TAB_BITS];

static struct hlist_head *byte_bucket(u32 k, u32 salt)
{
	u8 v = k;

	return &byte_tab[hash_32(v ^ salt, TAB_BITS)];
}

static struct hlist_head *port_bucket(u16 sport, u16 dport)
{
	unsigned long l;
	unsigned long idx;

	l = (unsigned long)sport | ((unsigned long)dport << 16);
	idx = hash_long(l, TAB_BITS);
	return &port_tab[idx];
}

static struct hlist_head *step_bucket(u16 sport, u16 dport)
{
	unsigned long l;
	unsigned long idx;

	l = (unsigned long)sport;
	l ^= (unsigned long)dport << 2;
	idx = hash_long(l, TAB_BITS);
	return &step_tab[idx];
}

static void ent_add(struct ent *e, u32 salt)
{
	e->salt = salt;
	hlist_add_head(&e->bnode, byte_bucket(e->k, salt));
	hlist_add_head(&e->pnode, port_bucket(e->sport, e->dport));
	hlist_add_head(&e->snode, step_bucket(e->sport, e->dport));
}

/* entries whose key has the low byte of k */
static int byte_count(u32 k, u32 salt)
{
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, byte_bucket(k, salt), bnode)
		n += (u8)e->k == (u8)k && e->salt == salt;
	return n;
}

static struct ent *port_find(u16 sport, u16 dport)
{
	struct hlist_head *head;
	struct ent *e;

	head = port_bucket(sport, dport);
	hlist_for_each_entry(e, head, pnode)
		if (e->sport == sport && e->dport == dport)
			return e;
	return NULL;
}

static struct ent *step_find(u16 sport, u16 dport)
{
	struct ent *e;

	hlist_for_each_entry(e, step_bucket(sport, dport), snode)
		if (e->sport == sport && e->dport == dport)
			return e;
	return NULL;
}

int main(void)
{
	struct ent ents[24];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ents); i++) {
		ents[i].k = 7 + 256 * i + (i & 3);
		ents[i].sport = 1000 + i;
		ents[i].dport = 80 + (i % 5);
		ent_add(&ents[i], 0x5a);
	}
	for (i = 0; i < 30; i++) {
		struct ent *p = port_find(1000 + i, 80 + (i % 5));
		struct ent *s = step_find(1000 + i, 80 + (i % 5));

		printf("%u: %d %ld %ld\n", i, byte_count(7 + 256 * i + (i & 3), 0x5a),
		       p ? (long)(p - ents) : -1L, s ? (long)(s - ents) : -1L);
	}
	return 0;
}
