// expect: twice_tab skipped: the pointer moves a second time after its step
// reason: twice_tab bucket pointer "head" is used for something else
// expect: gap_tab skipped: a statement between the table and the step
// reason: gap_tab use not understood
// expect: branch_tab skipped: the table is assigned in a branch, the step always runs
// reason: branch_tab use not understood
// expect: mod_tab skipped: the step adds a number that is not a reduced key
// reason: mod_tab "it->key % 3" does not reduce to the TAB_SIZE buckets of the table
// expect: key_tab skipped: the key changes between the step and the use
// reason: key_tab key "it->key" changes before the bucket is used
// expect: bump_tab skipped: a helper named in capitals changes the key in the use
// reason: bump_tab a call may change key "it->key"
/*
 * Bucket pointers set to a table and moved by += (bucket_step.c has the shape
 * that converts) where the two statements are not one bucket pointer of a key:
 * the pointer moves again, the assignment is a branch's while the step always
 * runs, the step adds a number that no hash picks, or the key changes before
 * the bucket is used (also in a helper called in the use itself, named in
 * capitals as a container_of() wrapper would be, but writing). The shape is two statements in a row: with another one
 * between them (gap_tab) the table is refused as before, unread.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define TAB_BITS	3
#define TAB_SIZE	(1 << TAB_BITS)
#define TAB_MASK	(TAB_SIZE - 1)

struct item {
	unsigned int key;
	struct hlist_node node;
};

static struct hlist_head twice_tab[TAB_SIZE];
static struct hlist_head gap_tab[TAB_SIZE];
static struct hlist_head branch_tab[TAB_SIZE];
static struct hlist_head mod_tab[TAB_SIZE];
static struct hlist_head key_tab[TAB_SIZE];
static struct hlist_head bump_tab[TAB_SIZE];

static int added;

static void add_twice(struct item *it)
{
	struct hlist_head *head = twice_tab;
	head += it->key & TAB_MASK;

	if (it->key & 1)		/* an odd key: a bucket 1 or more */
		head -= 1;
	hlist_add_head(&it->node, head);
}

static void add_gap(struct item *it)
{
	struct hlist_head *head = gap_tab;
	added++;
	head += it->key & TAB_MASK;
	hlist_add_head(&it->node, head);
}

static void add_branch(struct item *it, struct hlist_head *spare)
{
	struct hlist_head *head = spare;

	if (it->key & 1)
		head = branch_tab;
	head += it->key & TAB_MASK;
	hlist_add_head(&it->node, head);
}

static void add_mod(struct item *it)
{
	struct hlist_head *head = mod_tab;
	head += it->key % 3;
	hlist_add_head(&it->node, head);
}

static inline struct item *ITEM_BUMP(struct item *it)
{
	it->key += TAB_SIZE;
	return it;
}

static void add_bump(struct item *it)
{
	struct hlist_head *head = bump_tab;
	head += it->key & TAB_MASK;
	hlist_add_head(&ITEM_BUMP(it)->node, head);
}

static void add_key(struct item *it)
{
	struct hlist_head *head = key_tab;
	head += it->key & TAB_MASK;
	it->key += TAB_SIZE;
	hlist_add_head(&it->node, head);
}

int main(void)
{
	static struct item items[6][12];
	static struct hlist_head spare[TAB_SIZE * 2];
	unsigned int sums[6] = { 0 };
	struct item *it;
	unsigned int i;

	for (i = 0; i < 12; i++) {
		items[0][i].key = i + 1;
		add_twice(&items[0][i]);
		items[1][i].key = i;
		add_gap(&items[1][i]);
		items[2][i].key = i;
		add_branch(&items[2][i], spare);
		items[3][i].key = i;
		add_mod(&items[3][i]);
		items[4][i].key = i;
		add_key(&items[4][i]);
		items[5][i].key = i;
		add_bump(&items[5][i]);
	}
	for (i = 0; i < TAB_SIZE; i++) {
		hlist_for_each_entry(it, &twice_tab[i], node)
			sums[0] += it->key;
		hlist_for_each_entry(it, &gap_tab[i], node)
			sums[1] += it->key;
		hlist_for_each_entry(it, &branch_tab[i], node)
			sums[2] += it->key;
		hlist_for_each_entry(it, &mod_tab[i], node)
			sums[3] += it->key;
		hlist_for_each_entry(it, &key_tab[i], node)
			sums[4] += it->key;
		hlist_for_each_entry(it, &bump_tab[i], node)
			sums[5] += it->key;
	}
	printf("%u %u %u %u %u %u %d\n", sums[0], sums[1], sums[2], sums[3], sums[4], sums[5],
	       added);
	return 0;
}
