// expect: mix_tab skipped: a u32 local keeps a hash_64() of a 64-bit mix
// reason: mix_tab it keeps a hash_64() in u32 "h": without the hash it would cut the key
// expect: cursor_tab skipped: the index variable is also the cursor of a walk
// reason: cursor_tab index variable "idx" (u32) is narrower than its key
/*
 * Keys that a conversion would cut to 32 bits.
 * mix_tab: the helper computes a 64-bit mix and keeps its hash in a u32
 * local; without the hash_64() the local would keep the low half of the mix.
 * cursor_tab: the u32 index variable that would hold the u64 key is also the
 * cursor of a walk over every bucket, which reads it (~idx): it cannot take
 * the type of the key.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define MIX_BITS	4

struct obj {
	u64 a, b;
	struct hlist_node node;
};

static struct hlist_head mix_tab[1 << MIX_BITS];

static unsigned long obj_hashfn(u64 a, u64 b)
{
	u32 h = hash_64(a ^ (b << 7) ^ (b >> 3), MIX_BITS);

	return h;
}

static void mix_add(struct obj *o)
{
	hlist_add_head(&o->node, &mix_tab[obj_hashfn(o->a, o->b)]);
}

static int mix_find(u64 a, u64 b)
{
	struct obj *o;

	hlist_for_each_entry(o, &mix_tab[obj_hashfn(a, b)], node)
		if (o->a == a && o->b == b)
			return 1;
	return 0;
}

#define CURSOR_BITS	3

struct tag {
	u64 value;
	struct hlist_node node;
};

static struct hlist_head cursor_tab[1 << CURSOR_BITS];

static unsigned long tag_add_and_sum(struct tag *t)
{
	struct tag *pos;
	unsigned long sum = 0;
	u32 idx;

	idx = hash_64(t->value, CURSOR_BITS);
	hlist_add_head(&t->node, &cursor_tab[idx]);
	for (idx = 0; idx < 1 << CURSOR_BITS; idx++)
		hlist_for_each_entry(pos, &cursor_tab[idx], node)
			sum += ~idx & 0xff;
	return sum;
}

int main(void)
{
	static struct obj objs[8];
	static struct tag tags[8];
	unsigned long sum = 0;
	int i, hits = 0;

	for (i = 0; i < 8; i++) {
		objs[i].a = (u64)i << 40;
		objs[i].b = i * 3;
		mix_add(&objs[i]);
	}
	for (i = 0; i < 16; i++)
		hits += mix_find((u64)i << 40, i * 3);
	for (i = 0; i < 8; i++) {
		tags[i].value = (u64)(i + 1) << 33;
		sum += tag_add_and_sum(&tags[i]);
	}
	printf("hits %d sum %lu\n", hits, sum);
	return 0;
}
