// expect: hash converted
// expect: renamed_hash skipped: a call given the entry comes between the pick and the use
// reason: renamed_hash a call may change key "e->id"
/*
 * Calls between the pick of a bucket and its use. kzalloc() writes only the
 * memory it returns, spin_lock_init() only the lock it is given (not the
 * key's field) and pr_info() only reads what it prints: the key e->id
 * of hash is the same after them, so it may move to hash_add(). Between two
 * walks of one bucket, strcmp() only reads and atomic_inc_not_zero() writes
 * only the counter it is given, not e->id: both walks may hash the key. The table
 * is named hash: the line that includes <linux/hash.h> names no use of it.
 * renamed_hash picks its bucket before rename_entry(), which is given the
 * entry and changes its id: moving the key there would file the entry
 * under its new id, so it stays.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/atomic.h>
#include <linux/string.h>

#define ENTRY_BITS	4

struct entry {
	u32 id;
	spinlock_t lock;
	atomic_t users;
	char *label;
	struct hlist_node node;
	struct hlist_node rnode;
};

static struct hlist_head hash[1 << ENTRY_BITS];
static struct hlist_head renamed_hash[1 << ENTRY_BITS];

static void rename_entry(struct entry *e)
{
	e->id += 1000;
}

static int add_entry(struct entry *e)
{
	struct hlist_head *head = &hash[hash_32(e->id, ENTRY_BITS)];

	e->label = kzalloc(16, GFP_KERNEL);
	if (!e->label)
		return -1;
	spin_lock_init(&e->lock);
	pr_info("adding entry %u\n", e->id);
	atomic_set(&e->users, 1);
	hlist_add_head(&e->node, head);
	return 0;
}

/* the entry of spec's id (and label, if by_label), with one more user */
static struct entry *get_entry(const struct entry *spec, bool by_label)
{
	struct hlist_head *head = &hash[hash_32(spec->id, ENTRY_BITS)];
	struct entry *e;

	if (by_label) {
		hlist_for_each_entry(e, head, node)
			if (e->id == spec->id && !strcmp(e->label, spec->label) &&
			    atomic_inc_not_zero(&e->users))
				return e;
		return NULL;
	}
	hlist_for_each_entry(e, head, node)
		if (e->id == spec->id && atomic_inc_not_zero(&e->users))
			return e;
	return NULL;
}

static void add_renamed(struct entry *e)
{
	struct hlist_head *head = &renamed_hash[hash_32(e->id, ENTRY_BITS)];

	rename_entry(e);
	hlist_add_head(&e->rnode, head);
}

static struct entry *find_entry(u32 id)
{
	struct entry *e;

	hlist_for_each_entry(e, &hash[hash_32(id, ENTRY_BITS)], node)
		if (e->id == id)
			return e;
	return NULL;
}

static int renamed_bucket_of(u32 id)
{
	struct entry *e;
	int i;

	for (i = 0; i < (1 << ENTRY_BITS); i++)
		hlist_for_each_entry(e, &renamed_hash[i], rnode)
			if (e->id == id)
				return i == (int)hash_32(id, ENTRY_BITS);
	return -1;
}

int main(void)
{
	static struct entry entries[40];
	int i;

	for (i = 0; i < 40; i++) {
		entries[i].id = i * 7;
		if (add_entry(&entries[i]))
			return 1;
		strcpy(entries[i].label, i % 2 ? "odd" : "even");
	}
	for (i = 0; i < 60; i += 3)
		printf("%d: %s\n", i, find_entry(i) ? "found" : "-");
	for (i = 0; i < 60; i += 7) {
		struct entry spec = { .id = i, .label = i % 2 ? "odd" : "even" };
		struct entry *got = get_entry(&spec, i % 3 == 0);

		printf("get %d: %d users\n", i, got ? atomic_read(&got->users) : 0);
	}
	for (i = 0; i < 40; i++)
		add_renamed(&entries[i]);
	for (i = 0; i < 40; i += 5)
		printf("renamed %u in its own bucket: %d\n", entries[i].id,
		       renamed_bucket_of(entries[i].id));
	for (i = 0; i < 40; i++)
		kfree(entries[i].label);
	return 0;
}
