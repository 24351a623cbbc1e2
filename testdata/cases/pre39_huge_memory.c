// expect: slots_hash converted
// build: pre-3.9
/*
 * The huge_memory seed (006) in its own era, mm/huge_memory.c of Linux 3.6
 * with its struct hlist_node cursors: the table is a pointer to a
 * kzalloc()ed block of HEADS buckets, set up by an __init function and
 * indexed with "(address / object size) % HEADS". It is allocated once,
 * with a constant count, and only freed: as the 2012 hand conversion did,
 * it becomes a static table, and the allocation, its failure branch and the
 * free go (the functions that held them stay, empty, for a person to fold).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <errno.h>

struct space {
	int id;
	char pad[120];
};

struct space_slot {
	struct hlist_node hash;
	struct list_head scan_node;
	struct space *space;
};

#define SLOTS_HASH_HEADS 1024
static struct hlist_head *slots_hash __read_mostly;
static struct kmem_cache *slot_cache __read_mostly;
static DEFINE_SPINLOCK(scan_lock);
static LIST_HEAD(scan_list);

static int __init slots_hash_init(void)
{
	slots_hash = kzalloc(SLOTS_HASH_HEADS * sizeof(struct hlist_head),
			     GFP_KERNEL);
	if (!slots_hash)
		return -ENOMEM;
	return 0;
}

static void slots_hash_free(void)
{
	kfree(slots_hash);
	slots_hash = NULL;
}

static struct space_slot *get_space_slot(struct space *space)
{
	struct space_slot *slot;
	struct hlist_node *node;
	struct hlist_head *bucket;

	bucket = &slots_hash[((unsigned long)space / sizeof(struct space))
			     % SLOTS_HASH_HEADS];
	hlist_for_each_entry(slot, node, bucket, hash) {
		if (space == slot->space)
			return slot;
	}
	return NULL;
}

static void insert_to_slots_hash(struct space *space, struct space_slot *slot)
{
	struct hlist_head *bucket;

	bucket = &slots_hash[((unsigned long)space / sizeof(struct space))
			     % SLOTS_HASH_HEADS];
	slot->space = space;
	hlist_add_head(&slot->hash, bucket);
}

static int space_enter(struct space *space)
{
	struct space_slot *slot = kmem_cache_zalloc(slot_cache, GFP_KERNEL);

	if (!slot)
		return -ENOMEM;
	spin_lock(&scan_lock);
	insert_to_slots_hash(space, slot);
	list_add_tail(&slot->scan_node, &scan_list);
	spin_unlock(&scan_lock);
	return 0;
}

static bool space_exit(struct space *space)
{
	struct space_slot *slot;

	spin_lock(&scan_lock);
	slot = get_space_slot(space);
	if (slot) {
		hlist_del(&slot->hash);
		list_del(&slot->scan_node);
	}
	spin_unlock(&scan_lock);
	if (slot)
		kmem_cache_free(slot_cache, slot);
	return slot != NULL;
}

#define NR_SPACES 50

int main(void)
{
	struct space *spaces = kcalloc(NR_SPACES, sizeof(*spaces), GFP_KERNEL);
	int i, known = 0, exited = 0;

	if (!spaces || slots_hash_init())
		return 1;
	slot_cache = KMEM_CACHE(space_slot, 0);

	for (i = 0; i < NR_SPACES; i++) {
		spaces[i].id = i;
		if (i % 3)
			space_enter(&spaces[i]);
	}
	for (i = 0; i < NR_SPACES; i += 4)
		exited += space_exit(&spaces[i]);
	for (i = 0; i < NR_SPACES; i++)
		known += get_space_slot(&spaces[i]) != NULL;
	printf("exited %d, known %d, space 1 %d, space 3 %d\n", exited, known,
	       get_space_slot(&spaces[1]) != NULL, get_space_slot(&spaces[3]) != NULL);

	for (i = 0; i < NR_SPACES; i++)
		space_exit(&spaces[i]);
	printf("scan list empty: %d\n", list_empty(&scan_list));
	kmem_cache_destroy(slot_cache);
	slots_hash_free();
	kfree(spaces);
	return 0;
}
