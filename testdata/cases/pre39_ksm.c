// expect: slots_hash converted
// build: pre-3.9
/*
 * The ksm seed (004) in its own era: mm/ksm.c of Linux 3.6, whose hlist
 * iterators take a struct hlist_node cursor. A static table of 16 buckets
 * keyed by hash_ptr() of the address space through a bucket pointer, a scan
 * list beside it, and hlist_del() when a slot goes. The result uses 3.7's
 * hash_for_each_possible() with the function's own node cursor.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <errno.h>

struct addr_space {
	int id;
	bool exiting;
};

/**
 * struct space_slot - scanner information per address space
 * @link: link to the slots hash list
 * @scan_list: link into the scanner's list of spaces
 * @space: the address space this slot describes
 * @pages: pages scanned so far
 */
struct space_slot {
	struct hlist_node link;
	struct list_head scan_list;
	struct addr_space *space;
	unsigned long pages;
};

#define SLOTS_HASH_SHIFT 4
#define SLOTS_HASH_HEADS (1 << SLOTS_HASH_SHIFT)
static struct hlist_head slots_hash[SLOTS_HASH_HEADS];

static LIST_HEAD(scan_head);
static DEFINE_SPINLOCK(scan_lock);
static struct kmem_cache *slot_cache;

static struct space_slot *get_space_slot(struct addr_space *space)
{
	struct space_slot *slot;
	struct hlist_node *node;
	struct hlist_head *bucket;

	bucket = &slots_hash[hash_ptr(space, SLOTS_HASH_SHIFT)];
	hlist_for_each_entry(slot, node, bucket, link) {
		if (space == slot->space)
			return slot;
	}
	return NULL;
}

static void insert_to_slots_hash(struct addr_space *space,
				 struct space_slot *slot)
{
	struct hlist_head *bucket;

	bucket = &slots_hash[hash_ptr(space, SLOTS_HASH_SHIFT)];
	slot->space = space;
	hlist_add_head(&slot->link, bucket);
}

/* Start scanning @space; a space already known is left alone. */
static int scanner_enter(struct addr_space *space)
{
	struct space_slot *slot;

	slot = kmem_cache_zalloc(slot_cache, GFP_KERNEL);
	if (!slot)
		return -ENOMEM;

	spin_lock(&scan_lock);
	if (get_space_slot(space)) {
		spin_unlock(&scan_lock);
		kmem_cache_free(slot_cache, slot);
		return -EEXIST;
	}
	insert_to_slots_hash(space, slot);
	list_add_tail(&slot->scan_list, &scan_head);
	spin_unlock(&scan_lock);
	return 0;
}

/* Stop scanning @space. */
static void scanner_exit(struct addr_space *space)
{
	struct space_slot *slot;

	spin_lock(&scan_lock);
	slot = get_space_slot(space);
	if (slot) {
		hlist_del(&slot->link);
		list_del(&slot->scan_list);
	}
	spin_unlock(&scan_lock);
	if (slot)
		kmem_cache_free(slot_cache, slot);
}

/* One pass of the scanner: account pages, reap spaces that are exiting. */
static unsigned int scan_pass(unsigned long pages)
{
	struct space_slot *slot, *next;
	unsigned int reaped = 0;

	spin_lock(&scan_lock);
	list_for_each_entry_safe(slot, next, &scan_head, scan_list) {
		if (slot->space->exiting) {
			hlist_del(&slot->link);
			list_del(&slot->scan_list);
			kmem_cache_free(slot_cache, slot);
			reaped++;
			continue;
		}
		slot->pages += pages;
	}
	spin_unlock(&scan_lock);
	return reaped;
}

#define NR_SPACES 40

int main(void)
{
	static struct addr_space spaces[NR_SPACES];
	struct space_slot *slot;
	unsigned long total = 0;
	int i, known = 0, err;

	slot_cache = KMEM_CACHE(space_slot, 0);

	for (i = 0; i < NR_SPACES; i++) {
		spaces[i].id = i;
		if (i % 4 != 3)
			scanner_enter(&spaces[i]);
	}
	err = scanner_enter(&spaces[0]);
	printf("enter space 0 again: %d\n", err);

	scan_pass(10);
	for (i = 0; i < NR_SPACES; i += 5)
		spaces[i].exiting = true;
	printf("reaped: %u\n", scan_pass(1));
	for (i = 1; i < NR_SPACES; i += 7)
		scanner_exit(&spaces[i]);

	for (i = 0; i < NR_SPACES; i++) {
		slot = get_space_slot(&spaces[i]);
		if (slot) {
			known++;
			total += slot->pages;
		}
		if (i < 12)
			printf("space %2d: %s\n", i, slot ? "scanned" : "-");
	}
	printf("known %d, pages %lu\n", known, total);

	for (i = 0; i < NR_SPACES; i++)
		scanner_exit(&spaces[i]);
	printf("left on scan list: %d\n", !list_empty(&scan_head));
	kmem_cache_destroy(slot_cache);
	return 0;
}
