// expect: heads converted
// expect: tag_tab converted
// expect: same_tab skipped: a conditional keys by its bucket number, and another site by a helper's key
// reason: same_tab the index is computed in different ways: bucket number, helper same_hash
/*
 * The bucket of an address is picked by one of two helpers, by the kind of
 * the address: idx = is_wide ? wide_hash(a) : narrow_hash(a) (drivers/net/
 * ipvlan's shape). The key of a conditional is the bucket number itself, and
 * the helpers keep their masks: entries that shared a bucket still share one.
 * tag_tab shows why: an entry added through one branch is looked up through
 * the other (tag_hash() and plain_hash() give one bucket for a key, from
 * different values). same_tab's conditional picks with one helper, which its
 * lookup calls alone: that lookup would key by the helper's argument, the
 * conditional by the bucket number, so it stays. Lookups pick with the
 * conditional written in the index or through an index variable.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define ADDR_HASH_SIZE	(1 << 4)
#define ADDR_HASH_MASK	(ADDR_HASH_SIZE - 1)

struct addr {
	int is_wide;
	unsigned int narrow;
	unsigned long long wide;
	struct hlist_node link;
};

struct port {
	struct hlist_head heads[ADDR_HASH_SIZE];
	unsigned int count;
};

struct tagged {
	u32 k;
	int tag;
	struct hlist_node link;
};

static struct hlist_head tag_tab[ADDR_HASH_SIZE];
static struct hlist_head same_tab[ADDR_HASH_SIZE];

static u32 plain_hash(u32 k)
{
	return k & ADDR_HASH_MASK;
}

static u32 tag_hash(u32 k)
{
	return (k | 0x100) & ADDR_HASH_MASK;
}

static void tag_add(struct tagged *e)
{
	hlist_add_head(&e->link, &tag_tab[e->tag ? tag_hash(e->k) : plain_hash(e->k)]);
}

/* looked up with the other tag: the same bucket either way */
static int tag_find(u32 k, int tag)
{
	struct tagged *e;
	int n = 0;

	hlist_for_each_entry(e, &tag_tab[!tag ? tag_hash(k) : plain_hash(k)], link)
		n += e->k == k;
	return n;
}

static u32 same_hash(u32 k)
{
	return (k ^ (k >> 4)) & ADDR_HASH_MASK;
}

static void same_add(struct tagged *e, u32 other)
{
	hlist_add_head(&e->link, &same_tab[e->tag ? same_hash(other) : same_hash(e->k)]);
}

static int same_find(u32 k)
{
	struct tagged *e;
	int n = 0;

	hlist_for_each_entry(e, &same_tab[same_hash(k)], link)
		n += e->k == k;
	return n;
}

static u8 wide_hash(const void *p)
{
	const unsigned long long *w = p;

	return (*w ^ (*w >> 29)) & ADDR_HASH_MASK;
}

static u8 narrow_hash(const void *p)
{
	const unsigned int *n = p;

	return (*n * 2654435761u >> 7) & ADDR_HASH_MASK;
}

static int same(const struct addr *a, const void *key, int is_wide)
{
	if (a->is_wide != is_wide)
		return 0;
	return is_wide ? a->wide == *(const unsigned long long *)key :
			 a->narrow == *(const unsigned int *)key;
}

static struct addr *lookup(struct port *port, const void *key, int is_wide)
{
	struct addr *a;
	u8 hash;

	hash = is_wide ? wide_hash(key) : narrow_hash(key);
	hlist_for_each_entry(a, &port->heads[hash], link)
		if (same(a, key, is_wide))
			return a;
	return NULL;
}

static int present(struct port *port, const void *key, int is_wide)
{
	struct addr *a;

	hlist_for_each_entry(a, &port->heads[is_wide ? wide_hash(key) : narrow_hash(key)], link)
		if (same(a, key, is_wide))
			return 1;
	return 0;
}

static void add(struct port *port, struct addr *a)
{
	u8 hash;

	hash = a->is_wide ? wide_hash(&a->wide) : narrow_hash(&a->narrow);
	hlist_add_head(&a->link, &port->heads[hash]);
	port->count++;
}

static void drop(struct port *port, const void *key, int is_wide)
{
	struct hlist_node *tmp;
	struct addr *a;
	unsigned int idx = is_wide ? wide_hash(key) : narrow_hash(key);

	hlist_for_each_entry_safe(a, tmp, &port->heads[idx], link) {
		if (same(a, key, is_wide)) {
			hlist_del(&a->link);
			port->count--;
			free(a);
		}
	}
}

int main(void)
{
	struct port *port = calloc(1, sizeof(*port));
	unsigned int i, found = 0, seen = 0;
	int k;

	for (k = 0; k < ADDR_HASH_SIZE; k++)
		INIT_HLIST_HEAD(&port->heads[k]);
	for (i = 0; i < 100; i++) {
		struct addr *a = calloc(1, sizeof(*a));

		a->is_wide = i & 1;
		a->narrow = i * 7;
		a->wide = (unsigned long long)i << 33 | i;
		add(port, a);
	}
	for (i = 0; i < 200; i++) {
		unsigned int n = i * 7;
		unsigned long long w = (unsigned long long)i << 33 | i;

		found += lookup(port, &n, 0) != NULL;
		found += lookup(port, &w, 1) != NULL;
		seen += present(port, &n, 0) + present(port, &w, 1);
	}
	printf("found %u, seen %u, count %u\n", found, seen, port->count);
	for (i = 0; i < 100; i += 3) {
		unsigned int n = i * 7;
		unsigned long long w = (unsigned long long)i << 33 | i;

		drop(port, (i & 1) ? (const void *)&w : (const void *)&n, i & 1);
	}
	for (i = 0, found = 0; i < 100; i++) {
		unsigned int n = i * 7;
		unsigned long long w = (unsigned long long)i << 33 | i;

		found += lookup(port, (i & 1) ? (const void *)&w : (const void *)&n, i & 1) != NULL;
	}
	printf("after drop: found %u, count %u\n", found, port->count);
	for (i = 0; i < 100; i++) {
		unsigned int n = i * 7;
		unsigned long long w = (unsigned long long)i << 33 | i;

		drop(port, (i & 1) ? (const void *)&w : (const void *)&n, i & 1);
	}
	printf("empty: %u\n", port->count);
	free(port);
	{
		static struct tagged tags[64], sames[64];
		int t = 0, m = 0;

		for (i = 0; i < 64; i++) {
			tags[i].k = sames[i].k = i * 3;
			tags[i].tag = i & 1;
			sames[i].tag = i & 2;
			tag_add(&tags[i]);
			same_add(&sames[i], i * 3);
		}
		for (i = 0; i < 200; i++) {
			t += tag_find(i, i & 1) + tag_find(i, !(i & 1));
			m += same_find(i);
		}
		printf("tagged %d, same %d\n", t, m);
	}
	return 0;
}
