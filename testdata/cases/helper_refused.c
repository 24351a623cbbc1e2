// expect: lock_tab skipped: the result of lock_hashfn() also picks a lock of lock_locks
// reason: lock_tab the result of lock_hashfn() is also used elsewhere
// expect: side_tab skipped: side_hashfn() calls next_salt(), which may have side effects
// reason: side_tab calls next_salt(), which may have side effects
// expect: pub_tab skipped: pub_hashfn() keeps a seed and is not static: it cannot lose its mask
// reason: pub_tab is not static (other files may call it), so it cannot lose its reduction
// expect: arg_tab skipped: the bucket expression has a side effect
// reason: arg_tab (side effect)
/*
 * Helpers that must not change. lock_hashfn() only folds its key, but its
 * result also picks a per-bucket lock: after the conversion the buckets
 * would no longer match the locks. side_hashfn() keeps a seed and also
 * calls a function with a side effect; pub_hashfn() has a seed and other
 * files may call it, so it cannot lose its mask; arg_hashfn() is called
 * with an argument that changes a variable.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/jhash.h>
#include <linux/spinlock.h>

#define TAB_SIZE	16
#define TAB_MASK	(TAB_SIZE - 1)

struct item {
	u32 key;
	struct hlist_node node;
};

static u32 seed = 0x1234;
static unsigned int salt;
static struct hlist_head lock_tab[TAB_SIZE];
static spinlock_t lock_locks[TAB_SIZE];
static struct hlist_head side_tab[TAB_SIZE];
static struct hlist_head pub_tab[TAB_SIZE];
static struct hlist_head arg_tab[TAB_SIZE];

static unsigned int lock_hashfn(u32 key)
{
	return (key ^ (key >> 4)) & TAB_MASK;
}

static unsigned int next_salt(void)
{
	return salt++ & 0;
}

static unsigned int side_hashfn(u32 key)
{
	return (jhash_1word(key, seed) + next_salt()) & TAB_MASK;
}

u32 pub_hashfn(u32 key);
u32 pub_hashfn(u32 key)
{
	return jhash_1word(key, seed) & TAB_MASK;
}

static unsigned int arg_hashfn(u32 key)
{
	return key & TAB_MASK;
}

static void lock_add(struct item *it)
{
	spin_lock(&lock_locks[lock_hashfn(it->key)]);
	hlist_add_head(&it->node, &lock_tab[lock_hashfn(it->key)]);
	spin_unlock(&lock_locks[lock_hashfn(it->key)]);
}

static int lock_has(u32 key)
{
	struct item *it;
	int found = 0;

	spin_lock(&lock_locks[lock_hashfn(key)]);
	hlist_for_each_entry(it, &lock_tab[lock_hashfn(key)], node)
		if (it->key == key)
			found = 1;
	spin_unlock(&lock_locks[lock_hashfn(key)]);
	return found;
}

static void side_add(struct item *it)
{
	hlist_add_head(&it->node, &side_tab[side_hashfn(it->key)]);
}

static int side_has(u32 key)
{
	struct item *it;

	hlist_for_each_entry(it, &side_tab[side_hashfn(key)], node)
		if (it->key == key)
			return 1;
	return 0;
}

static void pub_add(struct item *it)
{
	hlist_add_head(&it->node, &pub_tab[pub_hashfn(it->key)]);
}

static int pub_has(u32 key)
{
	struct item *it;

	hlist_for_each_entry(it, &pub_tab[pub_hashfn(key)], node)
		if (it->key == key)
			return 1;
	return 0;
}

static void arg_add(struct item *it, unsigned int *calls)
{
	hlist_add_head(&it->node, &arg_tab[arg_hashfn(it->key + 0 * (*calls)++)]);
}

static int arg_has(u32 key)
{
	struct item *it;

	hlist_for_each_entry(it, &arg_tab[arg_hashfn(key)], node)
		if (it->key == key)
			return 1;
	return 0;
}

int main(void)
{
	struct item a[8], b[8], c[8], d[8];
	unsigned int i, calls = 0;

	for (i = 0; i < TAB_SIZE; i++)
		INIT_HLIST_HEAD(&lock_tab[i]);
	for (i = 0; i < TAB_SIZE; i++)
		spin_lock_init(&lock_locks[i]);
	for (i = 0; i < TAB_SIZE; i++)
		INIT_HLIST_HEAD(&side_tab[i]);
	for (i = 0; i < TAB_SIZE; i++)
		INIT_HLIST_HEAD(&pub_tab[i]);
	for (i = 0; i < TAB_SIZE; i++)
		INIT_HLIST_HEAD(&arg_tab[i]);
	for (i = 0; i < 8; i++) {
		a[i].key = b[i].key = c[i].key = d[i].key = 17 * i + 3;
		lock_add(&a[i]);
		side_add(&b[i]);
		pub_add(&c[i]);
		arg_add(&d[i], &calls);
	}
	for (i = 0; i < 12; i++)
		printf("%u: %d %d %d %d\n", 17 * i + 3, lock_has(17 * i + 3), side_has(17 * i + 3),
		       pub_has(17 * i + 3), arg_has(17 * i + 3));
	printf("%u calls\n", calls);
	return 0;
}
