// expect: byte_tab skipped: a u8 index variable would hold the whole key
// reason: byte_tab index variable "idx" (u8) is narrower than 32 bits: it would cut its key
/*
 * An index variable narrower than 32 bits (u8 idx = key & MASK). Converted,
 * it would hold the key itself and keep its low 8 bits: the site that hashes
 * the key directly (the lookup) would then pick another bucket than the one
 * the entry was added to, for every key above 255.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define BYTE_BITS	4
#define BYTE_MASK	((1 << BYTE_BITS) - 1)

struct obj {
	u32 key;
	struct hlist_node node;
};

static struct hlist_head byte_tab[1 << BYTE_BITS];

static void obj_add(struct obj *o)
{
	u8 idx;

	idx = o->key & BYTE_MASK;
	hlist_add_head(&o->node, &byte_tab[idx]);
}

static struct obj *obj_find(u32 key)
{
	struct obj *o;

	hlist_for_each_entry(o, &byte_tab[key & BYTE_MASK], node)
		if (o->key == key)
			return o;
	return NULL;
}

int main(void)
{
	static struct obj objs[32];
	int i, hits = 0;

	for (i = 0; i < 32; i++) {
		objs[i].key = 1000 + i * 37;
		obj_add(&objs[i]);
	}
	for (i = 0; i < 64; i++)
		hits += obj_find(1000 + i * 37) != NULL;
	printf("hits %d\n", hits);
	return 0;
}
