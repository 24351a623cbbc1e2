// expect: heads converted
// expect: slow_tab converted
// config: CONFIG_SLOW_MIX=1
/*
 * Index helpers with a second body that only returns a constant, under
 * #else (drivers/net/ipvlan's ipvlan_get_v6_hash() without CONFIG_IPV6).
 * The helper stays and loses its mask in its one real body; the stub gives
 * every key bucket 0, and hash_min(0) is bucket 0 too. The real bodies are
 * built here (wide_hash() unless CONFIG_ADDR_NO_WIDE, slow_hash() with
 * CONFIG_SLOW_MIX); both lose their masks there.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define ADDR_HASH_SIZE	(1 << 4)
#define ADDR_HASH_MASK	(ADDR_HASH_SIZE - 1)
#define SLOW_SIZE	32

struct addr {
	int is_wide;
	unsigned int narrow;
	unsigned long long wide;
	struct hlist_node link;
};

struct port {
	struct hlist_head heads[ADDR_HASH_SIZE];
};

static struct hlist_head slow_tab[SLOW_SIZE];

#ifndef CONFIG_ADDR_NO_WIDE
static u8 wide_hash(const void *p)
{
	const unsigned long long *w = p;

	return (*w ^ (*w >> 29)) & ADDR_HASH_MASK;
}
#else
static u8 wide_hash(const void *p)
{
	return 0;
}
#endif

#ifdef CONFIG_SLOW_MIX
static unsigned int slow_hash(const struct addr *a)
{
	return (a->narrow * 40503u + a->is_wide) % SLOW_SIZE;
}
#else
static unsigned int slow_hash(const struct addr *a)
{
	return 0;
}
#endif

static struct addr *lookup(struct port *port, const unsigned long long *key)
{
	struct addr *a;
	u8 hash;

	hash = wide_hash(key);
	hlist_for_each_entry(a, &port->heads[hash], link)
		if (a->wide == *key)
			return a;
	return NULL;
}

static void add(struct port *port, struct addr *a)
{
	u8 hash;

	hash = wide_hash(&a->wide);
	hlist_add_head(&a->link, &port->heads[hash]);
}

static int slow_count(const struct addr *like)
{
	struct addr *a;
	int n = 0;

	hlist_for_each_entry(a, &slow_tab[slow_hash(like)], link)
		n += a->narrow == like->narrow && a->is_wide == like->is_wide;
	return n;
}

int main(void)
{
	static struct addr addrs[100], again[100];
	struct port *port = calloc(1, sizeof(*port));
	unsigned int i, found = 0, slow = 0;
	int k;

	for (k = 0; k < ADDR_HASH_SIZE; k++)
		INIT_HLIST_HEAD(&port->heads[k]);
	for (i = 0; i < 100; i++) {
		addrs[i].is_wide = again[i].is_wide = i & 1;
		addrs[i].narrow = again[i].narrow = i * 7;
		addrs[i].wide = (unsigned long long)i << 33 | i;
		add(port, &addrs[i]);
		hlist_add_head(&again[i].link, &slow_tab[slow_hash(&again[i])]);
	}
	for (i = 0; i < 200; i++) {
		unsigned int n = i * 7;
		unsigned long long w = (unsigned long long)i << 33 | i;
		struct addr like = { .is_wide = i & 1, .narrow = n };

		found += lookup(port, &w) != NULL;
		slow += slow_count(&like);
	}
	printf("found %u, slow %u\n", found, slow);
	free(port);
	return 0;
}
