// expect: inner_tab converted
// expect: outer_tab skipped: its bucket pointer is shadowed by another of the same name
// reason: outer_tab bucket pointer "head" is used for something else
/*
 * Bucket pointers are variables of the block that declares them. Here a
 * function-level "head" (outer_tab) is shadowed by a block's own "head"
 * (inner_tab), and the outer one is used after the block: the inner one is
 * its block's alone and converts; the uses of the outer one cannot be told
 * from those of the inner one by name in the function, so outer_tab stays.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define TAB_BITS	4

struct ent {
	u32 key;
	struct hlist_node onode;
	struct hlist_node inode;
};

static struct hlist_head outer_tab[1 << TAB_BITS];
static struct hlist_head inner_tab[1 << TAB_BITS];

static void link_both(struct ent *e)
{
	struct hlist_head *head = &outer_tab[e->key & ((1 << TAB_BITS) - 1)];

	{
		struct hlist_head *head = &inner_tab[hash_32(e->key, TAB_BITS)];

		hlist_add_head(&e->inode, head);
	}
	hlist_add_head(&e->onode, head);
}

static int has_outer(u32 key)
{
	struct ent *e;

	hlist_for_each_entry(e, &outer_tab[key & ((1 << TAB_BITS) - 1)], onode)
		if (e->key == key)
			return 1;
	return 0;
}

static int has_inner(u32 key)
{
	struct ent *e;

	hlist_for_each_entry(e, &inner_tab[hash_32(key, TAB_BITS)], inode)
		if (e->key == key)
			return 1;
	return 0;
}

int main(void)
{
	static struct ent ents[25];
	unsigned int i, outer = 0, inner = 0;

	for (i = 0; i < 25; i++) {
		ents[i].key = 3 + 41 * i;
		link_both(&ents[i]);
	}
	for (i = 0; i < 50; i++) {
		outer += has_outer(3 + 41 * i);
		inner += has_inner(3 + 41 * i);
	}
	printf("outer %u, inner %u\n", outer, inner);
	return 0;
}
