// expect: slot_hash skipped: an include after the table may index it
// reason: slot_hash line 26 includes a file after its declaration, which the rule alone cannot read
/*
 * A header or fragment included after a table is declared can index it in
 * code the rule never reads (static inline int has(k) { ... &T[k & 15] ...
 * }): converted here, those lookups would keep the old buckets. Run alone
 * (make coccicheck), the rule refuses any table an #include follows;
 * tool/hashtable-convert reads what is included and says whether it names
 * the table (tests/test_tool_cli.py, IncludedAfterTableTest).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define SLOT_HASH_SIZE	16

struct slot {
	unsigned int id;
	struct hlist_node hash;
};

static struct hlist_head slot_hash[SLOT_HASH_SIZE];

/* names nothing of this file, but the rule cannot know that */
#include <linux/hash.h>

static void slot_add(struct slot *s)
{
	hlist_add_head(&s->hash, &slot_hash[hash_32(s->id, 4)]);
}

static struct slot *slot_find(unsigned int id)
{
	struct slot *s;

	hlist_for_each_entry(s, &slot_hash[hash_32(id, 4)], hash)
		if (s->id == id)
			return s;
	return NULL;
}

int main(void)
{
	static struct slot slots[20];
	unsigned int id, found = 0;

	for (id = 0; id < 20; id++) {
		slots[id].id = id * 3;
		slot_add(&slots[id]);
	}
	for (id = 0; id < 60; id++)
		found += slot_find(id) != NULL;
	printf("found %u of 60\n", found);
	return 0;
}
