// expect: cfg_hash converted
/*
 * A size that depends on the configuration: 8 buckets on a small system,
 * 128 otherwise -- a power of two in either branch.
 */
#ifndef CONFIG_BASE_SMALL
#define CONFIG_BASE_SMALL 0
#endif

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#define CFG_HASH_BITS	(CONFIG_BASE_SMALL ? 3 : 7)
#define CFG_HASH_SIZE	(1 << CFG_HASH_BITS)
#define CFG_HASH_MASK	(CFG_HASH_SIZE - 1)

struct cfg_key {
	uid_t uid;
	long quota;
	struct hlist_node node;
};

static struct hlist_head cfg_hash[CFG_HASH_SIZE];
static DEFINE_SPINLOCK(cfg_lock);

static void cfg_init(void)
{
	int n;

	for (n = 0; n < CFG_HASH_SIZE; n++)
		INIT_HLIST_HEAD(&cfg_hash[n]);
}

static struct cfg_key *cfg_find(uid_t uid)
{
	struct cfg_key *k;

	hlist_for_each_entry(k, &cfg_hash[uid & CFG_HASH_MASK], node)
		if (k->uid == uid)
			return k;
	return NULL;
}

static long cfg_charge(uid_t uid, long amount)
{
	struct cfg_key *k, *new;
	unsigned long flags;
	long ret;

	spin_lock_irqsave(&cfg_lock, flags);
	k = cfg_find(uid);
	spin_unlock_irqrestore(&cfg_lock, flags);
	if (!k) {
		new = kzalloc(sizeof(*new), GFP_KERNEL);
		if (!new)
			return -1;
		new->uid = uid;
		spin_lock_irqsave(&cfg_lock, flags);
		k = cfg_find(uid);
		if (k) {
			kfree(new);
		} else {
			hlist_add_head(&new->node, &cfg_hash[uid & CFG_HASH_MASK]);
			k = new;
		}
		spin_unlock_irqrestore(&cfg_lock, flags);
	}
	spin_lock_irqsave(&cfg_lock, flags);
	k->quota += amount;
	ret = k->quota;
	spin_unlock_irqrestore(&cfg_lock, flags);
	return ret;
}

static void cfg_release(uid_t uid)
{
	struct cfg_key *k;

	spin_lock_irq(&cfg_lock);
	k = cfg_find(uid);
	if (k)
		hlist_del_init(&k->node);
	spin_unlock_irq(&cfg_lock);
	kfree(k);
}

int main(void)
{
	static const uid_t probe[] = { 0, 1000, 1128, 1256, 65534, 4000000000u };
	unsigned int i;
	uid_t uid;

	cfg_init();
	for (uid = 1000; uid < 3000; uid += 8)
		cfg_charge(uid, uid / 8);
	for (uid = 1000; uid < 3000; uid += 128)
		cfg_charge(uid, 1);
	cfg_charge(0, 5);
	cfg_charge(65534, 7);
	cfg_charge(4000000000u, -3);
	cfg_release(1256);

	for (i = 0; i < ARRAY_SIZE(probe); i++) {
		struct cfg_key *k = cfg_find(probe[i]);

		printf("uid %u: %ld\n", probe[i], k ? k->quota : -1L);
	}
	for (uid = 0; uid < 3000; uid++)
		cfg_release(uid);
	cfg_release(65534);
	cfg_release(4000000000u);
	printf("left: %d\n", cfg_find(1000) != NULL);
	return 0;
}
