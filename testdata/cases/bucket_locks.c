// expect: lk_hash skipped: bucket index also indexes lk_locks
// reason: lk_hash index variable "h" is used for something else
/*
 * Per-bucket locking: a lock array parallel to the table, indexed by the
 * same masked hash. hash_min() would move objects to other buckets while
 * the locks stay where the mask put them, so the table is left alone.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#define LK_HASH_BITS	4
#define LK_HASH_SIZE	(1 << LK_HASH_BITS)
#define LK_HASH_MASK	(LK_HASH_SIZE - 1)

struct lk_obj {
	unsigned int key;
	int val;
	struct hlist_node node;
};

static struct hlist_head lk_hash[LK_HASH_SIZE];
static spinlock_t lk_locks[LK_HASH_SIZE];

static void lk_init(void)
{
	int i;

	for (i = 0; i < LK_HASH_SIZE; i++) {
		INIT_HLIST_HEAD(&lk_hash[i]);
		spin_lock_init(&lk_locks[i]);
	}
}

static void lk_insert(struct lk_obj *o)
{
	unsigned int h = o->key & LK_HASH_MASK;

	spin_lock(&lk_locks[h]);
	hlist_add_head(&o->node, &lk_hash[h]);
	spin_unlock(&lk_locks[h]);
}

static int lk_get(unsigned int key, int *val)
{
	unsigned int h = key & LK_HASH_MASK;
	struct lk_obj *o;
	int ret = -1;

	spin_lock(&lk_locks[h]);
	hlist_for_each_entry(o, &lk_hash[h], node) {
		if (o->key == key) {
			*val = o->val;
			ret = 0;
			break;
		}
	}
	spin_unlock(&lk_locks[h]);
	return ret;
}

static struct lk_obj *lk_remove(unsigned int key)
{
	unsigned int h = key & LK_HASH_MASK;
	struct lk_obj *o, *found = NULL;

	spin_lock(&lk_locks[h]);
	hlist_for_each_entry(o, &lk_hash[h], node) {
		if (o->key == key) {
			hlist_del(&o->node);
			found = o;
			break;
		}
	}
	spin_unlock(&lk_locks[h]);
	return found;
}

int main(void)
{
	unsigned int key;
	int val, sum = 0, missing = 0;
	struct lk_obj *o;

	lk_init();
	for (key = 0; key < 100; key++) {
		o = kzalloc(sizeof(*o), GFP_KERNEL);
		if (!o)
			return 1;
		o->key = key * 17;
		o->val = (int)key;
		lk_insert(o);
	}
	for (key = 0; key < 100; key += 4)
		kfree(lk_remove(key * 17));
	for (key = 0; key < 100; key++) {
		if (lk_get(key * 17, &val))
			missing++;
		else
			sum += val;
	}
	printf("sum %d, missing %d\n", sum, missing);
	for (key = 0; key < 100; key++)
		kfree(lk_remove(key * 17));
	return 0;
}
