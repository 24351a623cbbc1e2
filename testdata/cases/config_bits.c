// expect: chain_table converted
// expect: small_table skipped: bucket count "SMALL_SIZE" is not a constant here
// expect: other_table skipped: cannot evaluate
// config: CONFIG_CHAIN_BITS=7
// config: CONFIG_OTHER_BITS=6
// config: CONFIG_SMALL_SIZE=16
// reason: small_table bucket count "SMALL_SIZE" is not a constant here (CONFIG_SMALL_SIZE)
// reason: other_table "c->key & (OTHER_SIZE - 1)": cannot evaluate
/*
 * Sizes from the configuration (kernel/locking/lockdep.c's chainhash_table):
 * the rule does not know CONFIG_CHAIN_BITS, but 1UL << CHAIN_BITS is a power
 * of two whatever it is, and a reduction that names CHAIN_BITS (or the size
 * itself, minus one) fits the table by its very spelling. The table becomes
 * DEFINE_HASHTABLE(chain_table, CHAIN_BITS): the bits stay a name.
 *
 * Refused: small_table, a CONFIG_ size that need not be a power of two, and
 * other_table, masked with another configuration's size (equal in this
 * build, unknown to the rule).
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define CHAIN_BITS		(CONFIG_CHAIN_BITS - 1)
#define CHAIN_SIZE		(1UL << CHAIN_BITS)
#define __chainhashfn(chain)	hash_long(chain, CHAIN_BITS)
#define chainhashentry(chain)	(chain_table + __chainhashfn((chain)))

struct chain {
	u64 key;
	struct hlist_node entry;
};

static struct hlist_head chain_table[CHAIN_SIZE];

static struct chain *chain_lookup(u64 key)
{
	struct hlist_head *hash_head = chainhashentry(key);
	struct chain *c;

	hlist_for_each_entry(c, hash_head, entry)
		if (c->key == key)
			return c;
	return NULL;
}

static void chain_add(struct chain *c)
{
	struct hlist_head *hash_head = chainhashentry(c->key);

	hlist_add_head(&c->entry, hash_head);
}

static void chain_reset(void)
{
	int i;

	for (i = 0; i < CHAIN_SIZE; i++)
		INIT_HLIST_HEAD(chain_table + i);
}

static int chain_count(void)
{
	struct hlist_head *head;
	struct chain *c;
	int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(chain_table); i++) {
		head = chain_table + i;
		hlist_for_each_entry(c, head, entry)
			n++;
	}
	return n;
}

#define SMALL_SIZE	CONFIG_SMALL_SIZE

static struct hlist_head small_table[SMALL_SIZE];

static void small_add(struct chain *c)
{
	hlist_add_head(&c->entry, &small_table[c->key & (SMALL_SIZE - 1)]);
}

#define OTHER_SIZE	(1 << CONFIG_OTHER_BITS)
#define OTHER_TABLE_SIZE	(1 << (CONFIG_CHAIN_BITS - 1))

static struct hlist_head other_table[OTHER_TABLE_SIZE];

static void other_add(struct chain *c)
{
	hlist_add_head(&c->entry, &other_table[c->key & (OTHER_SIZE - 1)]);
}

int main(void)
{
	static struct chain chains[24], smalls[4], others[4];
	int i, hits = 0;

	chain_reset();
	for (i = 0; i < 24; i++) {
		chains[i].key = ((u64)i << 33) ^ (u64)(i * 977);
		chain_add(&chains[i]);
	}
	for (i = 0; i < 48; i++)
		hits += chain_lookup(((u64)i << 33) ^ (u64)(i * 977)) != NULL;
	printf("hits %d, count %d\n", hits, chain_count());
	for (i = 0; i < 4; i++) {
		smalls[i].key = i * 5;
		small_add(&smalls[i]);
		others[i].key = i * 11;
		other_add(&others[i]);
	}
	for (i = 0; i < SMALL_SIZE; i++)
		printf("small %d: %d\n", i, !hlist_empty(&small_table[i]));
	for (i = 0; i < OTHER_TABLE_SIZE; i++)
		printf("other %d: %d\n", i, !hlist_empty(&other_table[i]));
	for (i = 0; i < 1 << (CONFIG_CHAIN_BITS - 1); i++) {
		struct chain *c;
		int n = 0;

		hlist_for_each_entry(c, &chain_table[i], entry)
			n++;
		printf("a bucket of %d\n", n);
	}
	return 0;
}
