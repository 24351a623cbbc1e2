// expect: ext_hash_tab converted
// expect: key_buckets converted
// expect: aligned_tab skipped: DEFINE_HASHTABLE() cannot carry an alignment
// reason: aligned_tab declared with ____cacheline_aligned, which DEFINE_HASHTABLE() cannot carry
/*
 * Helpers that reduce by the table's own size: "& (ARRAY_SIZE(T) - 1)" after
 * a BUILD_BUG_ON() that it is a power of two (arch/s390/kernel/irq.c), and
 * "% ARRAY_SIZE(E->T)" of a member table, whose bucket pointer is used
 * inside rcu_read_lock() (fs/crypto/keyring.c): a lock or an RCU read
 * section writes nothing that the key reads, so the key may move past it.
 * A table declared ____cacheline_aligned stays: DEFINE_HASHTABLE() has no
 * place for the attribute.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/compiler.h>
#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/rcupdate.h>
#include <linux/log2.h>
#include <linux/slab.h>

struct ext_handler {
	u16 code;
	int calls;
	struct hlist_node entry;
};

static struct hlist_head ext_hash_tab[32];
static struct hlist_head aligned_tab[16] ____cacheline_aligned;

static inline int ext_hash(u16 code)
{
	BUILD_BUG_ON(!is_power_of_2(ARRAY_SIZE(ext_hash_tab)));

	return (code + (code >> 9)) & (ARRAY_SIZE(ext_hash_tab) - 1);
}

static void ext_register(struct ext_handler *h)
{
	int index = ext_hash(h->code);

	hlist_add_head_rcu(&h->entry, &ext_hash_tab[index]);
	hlist_add_head(&h[1].entry, &aligned_tab[h->code & 15]);
}

static struct ext_handler *ext_find(u16 code)
{
	struct ext_handler *h;
	int index = ext_hash(code);

	rcu_read_lock();
	hlist_for_each_entry_rcu(h, &ext_hash_tab[index], entry)
		if (h->code == code) {
			rcu_read_unlock();
			return h;
		}
	rcu_read_unlock();
	hlist_for_each_entry(h, &aligned_tab[code & 15], entry)
		if (h->code == code)
			return h - 1;
	return NULL;
}

struct key_spec {
	u64 id;
};

struct master_key {
	struct key_spec spec;
	struct hlist_node node;
};

struct keyring {
	int nr;
	struct hlist_head key_buckets[128];
};

static struct hlist_head *key_bucket(struct keyring *ring, const struct key_spec *spec)
{
	unsigned long i = (unsigned long)spec->id;

	return &ring->key_buckets[i % ARRAY_SIZE(ring->key_buckets)];
}

static struct master_key *key_find(struct keyring *ring, const struct key_spec *spec)
{
	struct hlist_head *bucket;
	struct master_key *mk;

	bucket = key_bucket(ring, spec);
	rcu_read_lock();
	hlist_for_each_entry_rcu(mk, bucket, node) {
		if (mk->spec.id == spec->id) {
			rcu_read_unlock();
			return mk;
		}
	}
	rcu_read_unlock();
	return NULL;
}

static void key_add(struct keyring *ring, struct master_key *mk)
{
	hlist_add_head_rcu(&mk->node, key_bucket(ring, &mk->spec));
	ring->nr++;
}

int main(void)
{
	static struct ext_handler handlers[6][2];
	static struct master_key keys[5];
	struct keyring *ring = kzalloc(sizeof(*ring), GFP_KERNEL);
	static const u16 codes[] = { 0x1004, 0x1200, 0x2401, 0x1407, 0x4000, 0x8001 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(codes); i++) {
		handlers[i][0].code = codes[i];
		ext_register(handlers[i]);
	}
	for (i = 0; i < ARRAY_SIZE(codes); i++)
		ext_find(codes[i])->calls++;
	printf("miss: %s\n", ext_find(0x7777) ? "found" : "none");
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		keys[i].spec.id = 0x1234567890ULL * (i + 1);
		key_add(ring, &keys[i]);
	}
	for (i = 0; i < ARRAY_SIZE(keys); i++)
		printf("key %u: %s\n", i, key_find(ring, &keys[i].spec) == &keys[i] ? "ok" : "lost");
	printf("keys %d, calls %d\n", ring->nr, handlers[3][0].calls);
	kfree(ring);
	return 0;
}
