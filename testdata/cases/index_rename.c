// expect: name_tab converted
// expect: slot_tab converted
/*
 * An index variable that now holds a key takes a name that says so, as the
 * seed 9p conversion did (int bucket became u32 hash).
 * name_tab: int bucket, given a u32 key, becomes u32 hash; in name_find()
 * a parameter is already called hash, so the variable keeps its name and type.
 * slot_tab: u32 slot is declared with another variable (u32 slot, n;): it
 * keeps its name, as a declaration of several is not rewritten.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define NAME_BITS	3
#define SLOT_BITS	4
#define SLOT_MASK	((1 << SLOT_BITS) - 1)

struct name {
	u32 id;
	struct hlist_node node;
};

static struct hlist_head name_tab[1 << NAME_BITS];
static struct hlist_head slot_tab[1 << SLOT_BITS];

static void name_add(struct name *n)
{
	int bucket;

	bucket = hash_32(n->id, NAME_BITS);
	hlist_add_head(&n->node, &name_tab[bucket]);
}

static struct name *name_find(u32 id, u32 hash)
{
	struct name *n;
	int bucket;

	bucket = hash_32(id, NAME_BITS);
	hlist_for_each_entry(n, &name_tab[bucket], node)
		if (n->id == id && hash == 0)
			return n;
	return NULL;
}

static void slot_add(struct name *n)
{
	u32 slot, count = 0;

	slot = n->id & SLOT_MASK;
	hlist_add_head(&n->node, &slot_tab[slot]);
	count++;
}

static int slot_has(u32 id)
{
	struct name *n;

	hlist_for_each_entry(n, &slot_tab[id & SLOT_MASK], node)
		if (n->id == id)
			return 1;
	return 0;
}

int main(void)
{
	static struct name names[20], slots[20];
	int i, hits = 0;

	for (i = 0; i < 20; i++) {
		names[i].id = i * 131 + 7;
		name_add(&names[i]);
		slots[i].id = i * 29 + 3;
		slot_add(&slots[i]);
	}
	for (i = 0; i < 40; i++) {
		hits += name_find(i * 131 + 7, 0) != NULL;
		hits += slot_has(i * 29 + 3);
	}
	printf("hits %d\n", hits);
	return 0;
}
