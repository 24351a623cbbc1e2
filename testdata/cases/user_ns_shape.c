// expect: acct_hash_table converted
/*
 * The shape of kernel/user.c: the bucket is computed by a helper macro
 * (fold, add, mask) and the bucket pointer is handed to the insert and
 * find functions, which never see the table. The size depends on the
 * configuration. The 2012 hand conversion of this shape made the table
 * a global and dropped a ';' after DEFINE_HASHTABLE(). Here the find
 * function hashes the uid it already gets, and the insert function gets
 * the uid instead of the bucket (the account it inserts need not hold it
 * yet, as far as the code shows).
 */
#ifndef CONFIG_BASE_SMALL
#define CONFIG_BASE_SMALL 0
#endif

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/atomic.h>

struct acct {
	atomic_t count;
	uid_t uid;
	unsigned long files;
	struct hlist_node acct_node;
};

#define ACCTHASH_BITS	(CONFIG_BASE_SMALL ? 3 : 7)
#define ACCTHASH_SZ	(1 << ACCTHASH_BITS)
#define ACCTHASH_MASK	(ACCTHASH_SZ - 1)
#define __accthashfn(uid)	(((uid >> ACCTHASH_BITS) + uid) & ACCTHASH_MASK)
#define accthashentry(uid)	(acct_hash_table + __accthashfn((uid)))

static struct kmem_cache *acct_cachep;
static struct hlist_head acct_hash_table[ACCTHASH_SZ];
static DEFINE_SPINLOCK(acct_hash_lock);

/* The root account, present from init on and never freed. */
static struct acct root_acct = {
	.count = ATOMIC_INIT(1),
	.uid = 0,
};

/*
 * These routines must be called with acct_hash_lock held.
 */
static void acct_hash_insert(struct acct *a, struct hlist_head *hashent)
{
	hlist_add_head(&a->acct_node, hashent);
}

static void acct_hash_remove(struct acct *a)
{
	hlist_del_init(&a->acct_node);
}

static struct acct *acct_hash_find(uid_t uid, struct hlist_head *hashent)
{
	struct acct *a;

	hlist_for_each_entry(a, hashent, acct_node) {
		if (a->uid == uid) {
			atomic_inc(&a->count);
			return a;
		}
	}
	return NULL;
}

static struct acct *find_acct(uid_t uid)
{
	struct acct *ret;
	unsigned long flags;

	spin_lock_irqsave(&acct_hash_lock, flags);
	ret = acct_hash_find(uid, accthashentry(uid));
	spin_unlock_irqrestore(&acct_hash_lock, flags);
	return ret;
}

static void free_acct(struct acct *a)
{
	unsigned long flags;

	if (!a)
		return;
	spin_lock_irqsave(&acct_hash_lock, flags);
	if (atomic_dec_and_test(&a->count)) {
		acct_hash_remove(a);
		spin_unlock_irqrestore(&acct_hash_lock, flags);
		kmem_cache_free(acct_cachep, a);
		return;
	}
	spin_unlock_irqrestore(&acct_hash_lock, flags);
}

static struct acct *alloc_acct(uid_t uid)
{
	struct hlist_head *hashent = accthashentry(uid);
	struct acct *a, *new;

	spin_lock_irq(&acct_hash_lock);
	a = acct_hash_find(uid, hashent);
	spin_unlock_irq(&acct_hash_lock);

	if (!a) {
		new = kmem_cache_zalloc(acct_cachep, GFP_KERNEL);
		if (!new)
			return NULL;
		new->uid = uid;
		atomic_set(&new->count, 1);

		/*
		 * Someone may have added the same account meanwhile:
		 * look again before inserting.
		 */
		spin_lock_irq(&acct_hash_lock);
		a = acct_hash_find(uid, hashent);
		if (a) {
			kmem_cache_free(acct_cachep, new);
		} else {
			acct_hash_insert(new, hashent);
			a = new;
		}
		spin_unlock_irq(&acct_hash_lock);
	}
	return a;
}

static int __init acct_cache_init(void)
{
	int n;

	acct_cachep = kmem_cache_create("acct_cache", sizeof(struct acct),
					0, SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);

	for (n = 0; n < ACCTHASH_SZ; ++n)
		INIT_HLIST_HEAD(acct_hash_table + n);

	/* Insert the root account immediately (init already runs as root) */
	spin_lock_irq(&acct_hash_lock);
	acct_hash_insert(&root_acct, accthashentry(0));
	spin_unlock_irq(&acct_hash_lock);

	return 0;
}
subsys_initcall(acct_cache_init);

int main(void)
{
	static const uid_t probe[] = { 0, 1000, 1001, 1128, 65534, 99 };
	struct acct *held[64];
	struct acct *a;
	unsigned int i, n = 0;

	acct_cache_init();
	for (i = 0; i < 32; i++)
		held[n++] = alloc_acct(1000 + i * 64);
	for (i = 0; i < 16; i++)
		held[n++] = alloc_acct(1000 + i * 128);
	held[n++] = alloc_acct(65534);
	held[n++] = alloc_acct(0);
	for (i = 0; i < n; i++)
		held[i]->files += i;

	for (i = 0; i < ARRAY_SIZE(probe); i++) {
		a = find_acct(probe[i]);
		printf("uid %5u: ", probe[i]);
		if (a)
			printf("count %d files %lu\n", atomic_read(&a->count) - 1, a->files);
		else
			printf("none\n");
		free_acct(a);
	}
	for (i = 0; i < n; i++)
		free_acct(held[i]);
	printf("1000 after release: %d, root count %d\n", find_acct(1000) != NULL,
	       atomic_read(&root_acct.count));
	kmem_cache_destroy(acct_cachep);
	return 0;
}
