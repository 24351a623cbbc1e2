// expect: byte_tab converted
// expect: init_tab converted
// expect: wide_tab converted
// expect: macro_tab skipped: a u8 index variable would hold a key of unknown type
// reason: macro_tab index variable "slot" (u8) is narrower than 32 bits: it would cut its key
/*
 * An index variable narrower than 32 bits (u8 idx = key & MASK). Converted,
 * it holds the key itself: kept a u8, it would keep the low 8 bits of the key,
 * and the site that hashes the key directly (the lookup) would pick another
 * bucket than the one the entry was added to, for every key above 255. So it
 * takes the type of its key (u32 hash = o->key). Where the type of the key is
 * not known (a macro gives it), the table is refused. An index variable
 * declared with its index (u8 slot = hash_32(k, B); u32 slot = hash_64(w, B))
 * is declared with the key instead, in the type of the key: keeping the hash
 * there would hash the key twice.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define BYTE_BITS	4
#define BYTE_MASK	((1 << BYTE_BITS) - 1)

struct obj {
	u32 key;
	struct hlist_node node;
	struct hlist_node mnode;
	struct hlist_node inode;
	struct hlist_node wnode;
	u64 wkey;
};

static struct hlist_head byte_tab[1 << BYTE_BITS];
static struct hlist_head macro_tab[1 << BYTE_BITS];
static struct hlist_head init_tab[1 << BYTE_BITS];
static struct hlist_head wide_tab[1 << BYTE_BITS];

#define OBJ_KEY(o)	((o)->key * 3)

static void obj_add(struct obj *o)
{
	u8 idx;

	idx = o->key & BYTE_MASK;
	hlist_add_head(&o->node, &byte_tab[idx]);
}

static void obj_add_macro(struct obj *o)
{
	u8 slot;

	slot = OBJ_KEY(o) & BYTE_MASK;
	hlist_add_head(&o->mnode, &macro_tab[slot]);
}

static int macro_has(struct obj *o)
{
	struct obj *p;

	hlist_for_each_entry(p, &macro_tab[OBJ_KEY(o) & BYTE_MASK], mnode)
		if (p == o)
			return 1;
	return 0;
}

static void obj_add_init(struct obj *o)
{
	u8 slot = hash_32(o->key, BYTE_BITS);

	hlist_add_head(&o->inode, &init_tab[slot]);
}

static void obj_add_wide(struct obj *o)
{
	u32 slot = hash_64(o->wkey, BYTE_BITS);

	hlist_add_head(&o->wnode, &wide_tab[slot]);
}

static int init_has(u32 key)
{
	struct obj *o;

	hlist_for_each_entry(o, &init_tab[hash_32(key, BYTE_BITS)], inode)
		if (o->key == key)
			return 1;
	return 0;
}

static int wide_has(u64 key)
{
	struct obj *o;

	hlist_for_each_entry(o, &wide_tab[hash_64(key, BYTE_BITS)], wnode)
		if (o->wkey == key)
			return 1;
	return 0;
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
		obj_add_macro(&objs[i]);
		objs[i].wkey = (u64)(i + 1) << 37;
		obj_add_init(&objs[i]);
		obj_add_wide(&objs[i]);
	}
	for (i = 0; i < 64; i++)
		hits += obj_find(1000 + i * 37) != NULL;
	printf("hits %d\n", hits);
	for (i = hits = 0; i < 32; i++)
		hits += macro_has(&objs[i]);
	printf("macro hits %d\n", hits);
	for (i = hits = 0; i < 64; i++)
		hits += init_has(1000 + i * 37) + wide_has((u64)(i + 1) << 37);
	printf("init and wide hits %d\n", hits);
	return 0;
}
