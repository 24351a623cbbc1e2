// expect: dev_cache converted
// expect: mix_cache skipped: its purge helper gets the counter of a walk and a keyed bucket number
// reason: mix_cache mix_purge() gets bucket number "h", which is not one reduced key that its caller also indexes mix_cache with
/*
 * A bucket number handed to a function by a walk over the buckets
 * (fs/nfs/pnfs_dev.c): dev_lookup(id, hash) gets a bucket number computed
 * from a key and becomes a keyed lookup, while dev_purge(owner, hash) is only
 * ever called with the counter of a loop over every bucket; it visits bucket
 * by bucket, which is as valid after the conversion, and stays as it is.
 * mix_purge() is called by such a loop and also with the bucket of a key:
 * the table stays.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define DEV_HASH_BITS	4
#define DEV_HASH_SIZE	(1 << DEV_HASH_BITS)
#define DEV_HASH_MASK	(DEV_HASH_SIZE - 1)

struct dev {
	unsigned int id;
	int owner;
	struct hlist_node node;
};

struct mix {
	unsigned int id;
	int owner;
	struct hlist_node link;
};

static struct hlist_head dev_cache[DEV_HASH_SIZE];
static struct hlist_head mix_cache[DEV_HASH_SIZE];

static inline u32 dev_hash(unsigned int id)
{
	return (id * 37) & DEV_HASH_MASK;
}

static struct dev *dev_lookup(unsigned int id, unsigned int hash)
{
	struct dev *d;

	hlist_for_each_entry(d, &dev_cache[hash], node)
		if (d->id == id)
			return d;
	return NULL;
}

static struct dev *dev_get(unsigned int id, int owner)
{
	unsigned int hash = dev_hash(id);
	struct dev *d = dev_lookup(id, hash);

	if (d)
		return d;
	d = kzalloc(sizeof(*d), GFP_KERNEL);
	d->id = id;
	d->owner = owner;
	hlist_add_head(&d->node, &dev_cache[hash]);
	return d;
}

static int dev_purge(int owner, long hash)
{
	struct hlist_node *tmp;
	struct dev *d;
	int n = 0;

	hlist_for_each_entry_safe(d, tmp, &dev_cache[hash], node)
		if (d->owner == owner) {
			hlist_del(&d->node);
			kfree(d);
			n++;
		}
	return n;
}

static int dev_purge_owner(int owner)
{
	long h;
	int n = 0;

	for (h = 0; h < DEV_HASH_SIZE; h++)
		n += dev_purge(owner, h);
	return n;
}

static inline u32 mix_hash(unsigned int id)
{
	return (id * 37) & DEV_HASH_MASK;
}

static void mix_add(struct mix *d)
{
	hlist_add_head(&d->link, &mix_cache[mix_hash(d->id)]);
}

static int mix_purge(int owner, long hash)
{
	struct hlist_node *tmp;
	struct mix *d;
	int n = 0;

	hlist_for_each_entry_safe(d, tmp, &mix_cache[hash], link)
		if (d->owner == owner) {
			hlist_del(&d->link);
			kfree(d);
			n++;
		}
	return n;
}

static int mix_purge_owner(int owner)
{
	long h;
	int n = 0;

	for (h = 0; h < DEV_HASH_SIZE; h++)
		n += mix_purge(owner, h);
	return n;
}

/* the bucket of id: a key's, handed to the same walk */
static int mix_purge_near(int owner, unsigned int id)
{
	return mix_purge(owner, mix_hash(id));
}

int main(void)
{
	unsigned int i;
	int n;

	for (i = 0; i < 60; i += 3) {
		struct mix *m = kzalloc(sizeof(*m), GFP_KERNEL);

		dev_get(i, i % 4);
		m->id = i;
		m->owner = i % 4;
		mix_add(m);
	}
	printf("9 owned by %d, 10 owned by %d\n", dev_get(9, 0)->owner, dev_get(10, 3)->owner);
	n = dev_purge_owner(1);
	printf("purged %d of owner 1; 21 again owned by %d\n", n, dev_get(21, 2)->owner);
	n = mix_purge_near(2, 6);
	printf("mix: purged %d near 6, then %d of owner 2\n", n, mix_purge_owner(2));
	for (i = 0; i < 4; i++) {
		dev_purge_owner(i);
		mix_purge_owner(i);
	}
	return 0;
}
