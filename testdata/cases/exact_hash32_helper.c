// expect: dev_tab converted
// expect: addr_tab converted
// expect: wide_tab converted: wide_hashfn() cuts a 64-bit key, and so does the key (u32)cookie
// expect: byte_tab skipped: byte_hashfn() cuts its key to a u8 first
// reason: byte_tab the result of byte_hashfn() is also used elsewhere
// expect: cut_tab skipped: cut_hashfn() returns a u8, which cuts the bucket number
// reason: cut_tab the result of cut_hashfn() is also used elsewhere
/*
 * An index helper that is exactly hash_32() of a key of 4 bytes or less, to
 * the bits of the table, picks the bucket hash_min() picks: its other uses (a
 * counter per bucket, a value mixed into another hash) still match the
 * buckets after the conversion, and the helper stays for them. wide_hashfn()
 * hashes a 64-bit key with hash_32(), which cuts it; hash_min() of that key
 * would use hash_64(), so the key is (u32)cookie, whose hash_min() is what
 * wide_hashfn() computes: its per-bucket counter still matches.
 * byte_hashfn() takes a u8 (the key is cut before it is hashed) and
 * cut_hashfn() returns a u8 of a 10-bit hash: neither is what hash_min()
 * computes, so their counters would not match either.
 *
 * A macro that opens a block its user closes (for_each_slot ... end_slot)
 * must not hide the functions after it, and two blocks of one function may
 * each declare a bucket pointer "head" for a table of its own.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define DEV_BITS	4
#define DEV_SIZE	(1U << DEV_BITS)
#define ADDR_SIZE	8
#define WIDE_BITS	3

struct dev_ent {
	struct hlist_node byte_node;
	struct hlist_node cut_node;
	u32 ifindex;
	u32 addr;
	u64 cookie;
	struct hlist_node dev_node;
	struct hlist_node addr_node;
	struct hlist_node wide_node;
};

static struct hlist_head dev_tab[DEV_SIZE];
static unsigned int dev_count[DEV_SIZE];
static struct hlist_head addr_tab[ADDR_SIZE];
static struct hlist_head wide_tab[1 << WIDE_BITS];
static unsigned int wide_count[1 << WIDE_BITS];
static struct hlist_head byte_tab[1 << WIDE_BITS];
static unsigned int byte_count[1 << WIDE_BITS];
static struct hlist_head cut_tab[1 << 10];
static unsigned int cut_count[1 << 10];

#define for_each_slot(ents, n) {				\
	unsigned int slot; struct dev_ent *e;			\
	for (slot = 0, e = (ents); slot < (n); slot++, e++)

#define end_slot }

static inline unsigned int dev_hashfn(unsigned int v)
{
	return hash_32(v, DEV_BITS);
}

static inline u32 wide_hashfn(u64 v)
{
	return hash_32(v, WIDE_BITS);
}

static u32 byte_hashfn(u8 v)
{
	return hash_32(v, WIDE_BITS);
}

static u8 cut_hashfn(u32 v)
{
	return hash_32(v, 10);
}

static struct hlist_head *dev_bucket(u32 ifindex, u32 salt)
{
	u32 val = salt ^ ifindex;

	return &dev_tab[dev_hashfn(val)];
}

static unsigned int mix_in(unsigned int a, unsigned int b)
{
	return a * 31 + b;
}

static void link_all(struct dev_ent *ents, unsigned int n, u32 salt)
{
	for_each_slot(ents, n) {
		if (e->addr) {
			struct hlist_head *head;

			head = &addr_tab[e->addr & (ADDR_SIZE - 1)];
			hlist_add_head(&e->addr_node, head);
		}
		{
			struct hlist_head *head;

			head = dev_bucket(e->ifindex, salt);
			hlist_add_head(&e->dev_node, head);
			dev_count[dev_hashfn(salt ^ e->ifindex)]++;
		}
		hlist_add_head(&e->wide_node, &wide_tab[wide_hashfn(e->cookie)]);
		wide_count[wide_hashfn(e->cookie)]++;
		hlist_add_head(&e->byte_node, &byte_tab[byte_hashfn(e->ifindex)]);
		byte_count[byte_hashfn(e->ifindex)]++;
		hlist_add_head(&e->cut_node, &cut_tab[cut_hashfn(e->ifindex * 2654435761u)]);
		cut_count[cut_hashfn(e->ifindex * 2654435761u)]++;
	} end_slot
}

static int dev_bucket_ok(u32 ifindex, u32 salt)
{
	struct hlist_head *head = dev_bucket(ifindex, salt);
	struct dev_ent *e;
	unsigned int n = 0;

	hlist_for_each_entry(e, head, dev_node)
		n++;
	return n == dev_count[dev_hashfn(salt ^ ifindex)];
}

static int wide_bucket_ok(u64 cookie)
{
	struct dev_ent *e;
	unsigned int n = 0;

	hlist_for_each_entry(e, &wide_tab[wide_hashfn(cookie)], wide_node)
		n++;
	return n == wide_count[wide_hashfn(cookie)];
}

static int byte_bucket_ok(u32 ifindex)
{
	struct dev_ent *e;
	unsigned int n = 0;

	hlist_for_each_entry(e, &byte_tab[byte_hashfn(ifindex)], byte_node)
		n++;
	return n == byte_count[byte_hashfn(ifindex)];
}

static int cut_bucket_ok(u32 ifindex)
{
	struct dev_ent *e;
	unsigned int n = 0;

	hlist_for_each_entry(e, &cut_tab[cut_hashfn(ifindex * 2654435761u)], cut_node)
		n++;
	return n == cut_count[cut_hashfn(ifindex * 2654435761u)];
}

static struct dev_ent *addr_find(u32 addr)
{
	struct dev_ent *e;

	hlist_for_each_entry(e, &addr_tab[addr & (ADDR_SIZE - 1)], addr_node)
		if (e->addr == addr)
			return e;
	return NULL;
}

int main(void)
{
	struct dev_ent ents[24];
	unsigned int i, ok = 0, wide_ok = 0, byte_ok = 0, cut_ok = 0;
	u32 salt = 0x5bd1e995;

	for (i = 0; i < ARRAY_SIZE(ents); i++) {
		ents[i].ifindex = 7 * i + 1;
		ents[i].addr = i % 3 ? 0x0a000000 + 5 * i : 0;
		ents[i].cookie = ((u64)i << 33) | (i * 977);
	}
	link_all(ents, ARRAY_SIZE(ents), salt);
	for (i = 0; i < 40; i++) {
		ok += dev_bucket_ok(7 * i + 1, salt);
		wide_ok += wide_bucket_ok(((u64)i << 33) | (i * 977));
		byte_ok += byte_bucket_ok(7 * i + 1);
		cut_ok += cut_bucket_ok(7 * i + 1);
	}
	printf("dev buckets that match their counters: %u of 40\n", ok);
	printf("wide buckets that match their counters: %u of 40\n", wide_ok);
	printf("byte and cut buckets that match: %u and %u of 40\n", byte_ok, cut_ok);
	printf("mixed: %u\n", mix_in(dev_hashfn(salt), 3));
	for (i = 0; i < 60; i += 7)
		printf("addr %u: %s\n", i, addr_find(0x0a000000 + 5 * i) ? "found" : "none");
	return 0;
}
