/*
 * A member table of a struct of this file, for the tool (tests/test_declare.py):
 * its field becomes DECLARE_HASHTABLE(), and its size macro, which nothing
 * else needs then, becomes the bits macro it names (CACHE_SIZE 16 ->
 * CACHE_BITS 4).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/string.h>

#define CACHE_SIZE	16
#define CACHE_MASK	(CACHE_SIZE - 1)

struct cache_ent {
	unsigned int key;
	unsigned int value;
	struct hlist_node hnode;
};

struct cache {
	const char *name;
	unsigned int nr;
	struct hlist_head buckets[CACHE_SIZE];
};

static struct cache *cache_create(const char *name)
{
	struct cache *c;
	int i;

	c = kmalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return NULL;
	c->name = name;
	c->nr = 0;
	for (i = 0; i < CACHE_SIZE; i++)
		INIT_HLIST_HEAD(&c->buckets[i]);
	return c;
}

static struct cache_ent *cache_lookup(struct cache *c, unsigned int key)
{
	struct cache_ent *e;

	hlist_for_each_entry(e, &c->buckets[key & CACHE_MASK], hnode)
		if (e->key == key)
			return e;
	return NULL;
}

static int cache_store(struct cache *c, unsigned int key, unsigned int value)
{
	struct cache_ent *e = cache_lookup(c, key);

	if (e) {
		e->value = value;
		return 0;
	}
	e = kmalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return -1;
	e->key = key;
	e->value = value;
	hlist_add_head(&e->hnode, &c->buckets[key & CACHE_MASK]);
	c->nr++;
	return 1;
}

static void cache_evict(struct cache *c, unsigned int key)
{
	struct cache_ent *e = cache_lookup(c, key);

	if (e) {
		hlist_del(&e->hnode);
		kfree(e);
		c->nr--;
	}
}

static unsigned long cache_sum(struct cache *c)
{
	struct cache_ent *e;
	unsigned long sum = 0;
	int i;

	for (i = 0; i < CACHE_SIZE; i++)
		hlist_for_each_entry(e, &c->buckets[i], hnode)
			sum += e->value;
	return sum;
}

static void cache_destroy(struct cache *c)
{
	struct cache_ent *e;
	struct hlist_node *tmp;
	int i;

	for (i = 0; i < CACHE_SIZE; i++)
		hlist_for_each_entry_safe(e, tmp, &c->buckets[i], hnode) {
			hlist_del(&e->hnode);
			kfree(e);
		}
	kfree(c);
}

int main(void)
{
	struct cache *small = cache_create("small");
	struct cache *big = cache_create("big");
	unsigned int k;

	if (!small || !big)
		return 1;
	for (k = 0; k < 40; k++)
		cache_store(small, k * 16, k);
	for (k = 0; k < 500; k++)
		cache_store(big, k * 3 + 1, k * 2);
	for (k = 0; k < 40; k += 4)
		cache_store(small, k * 16, 1000);
	for (k = 0; k < 500; k += 5)
		cache_evict(big, k * 3 + 1);

	printf("%s: %u entries, sum %lu, 32 -> %u\n", small->name, small->nr,
	       cache_sum(small), cache_lookup(small, 32) ? cache_lookup(small, 32)->value : 0);
	printf("%s: %u entries, sum %lu, 4 -> %d, 1 -> %d\n", big->name, big->nr,
	       cache_sum(big), cache_lookup(big, 4) ? (int)cache_lookup(big, 4)->value : -1,
	       cache_lookup(big, 1) ? (int)cache_lookup(big, 1)->value : -1);

	cache_destroy(small);
	cache_destroy(big);
	return 0;
}
