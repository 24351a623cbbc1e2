// expect: heads skipped: its branches reduce with two helpers
// reason: heads reduce in different ways: helper wide_hash, helper narrow_hash
// expect: tag_tab skipped: its branches reduce with two helpers
// reason: tag_tab reduce in different ways: helper tag_hash, helper plain_hash
// expect: same_tab converted
// expect: salt_tab converted
/*
 * Conditional indexes. same_tab picks with one helper in both branches
 * (e->tag ? same_hash(other) : same_hash(e->k)), which only folds its key:
 * the key is e->tag ? other : e->k, and its lookup keys by the argument of
 * same_hash(k), as two sites of that helper would (the callers give other
 * from the entry's own key). salt_tab's helper mixes a seed into its key: it
 * stays, less its mask, and the seed stays in the key.
 * heads has drivers/net/ipvlan's shape, idx = is_wide ? wide_hash(a) :
 * narrow_hash(a): two helpers, whose unreduced values may differ where their
 * buckets agree, and tag_tab shows such a pair (tag_hash() and plain_hash()
 * give one bucket for a key, from different values; an entry added through
 * one branch is looked up through the other): both stay, as two sites of two
 * helpers do, since the bucket number itself is no key.
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
	struct hlist_node alink;
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

static u32 salt = 0x9e37;
static struct hlist_head salt_tab[ADDR_HASH_SIZE];

static u32 salt_hash(u32 k)
{
	return ((k * 2654435761u) ^ salt) >> 7 & ADDR_HASH_MASK;
}

static void salt_add(struct tagged *e, u32 other)
{
	hlist_add_head(&e->link, &salt_tab[e->tag ? salt_hash(other) : salt_hash(e->k)]);
}

static int salt_find(u32 k)
{
	struct tagged *e;
	int n = 0;

	hlist_for_each_entry(e, &salt_tab[salt_hash(k)], link)
		n += e->k == k;
	return n;
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
	hlist_for_each_entry(a, &port->heads[hash], alink)
		if (same(a, key, is_wide))
			return a;
	return NULL;
}

static int present(struct port *port, const void *key, int is_wide)
{
	struct addr *a;

	hlist_for_each_entry(a, &port->heads[is_wide ? wide_hash(key) : narrow_hash(key)], alink)
		if (same(a, key, is_wide))
			return 1;
	return 0;
}

static void add(struct port *port, struct addr *a)
{
	u8 hash;

	hash = a->is_wide ? wide_hash(&a->wide) : narrow_hash(&a->narrow);
	hlist_add_head(&a->alink, &port->heads[hash]);
	port->count++;
}

static void drop(struct port *port, const void *key, int is_wide)
{
	struct hlist_node *tmp;
	struct addr *a;
	unsigned int idx = is_wide ? wide_hash(key) : narrow_hash(key);

	hlist_for_each_entry_safe(a, tmp, &port->heads[idx], alink) {
		if (same(a, key, is_wide)) {
			hlist_del(&a->alink);
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
		static struct tagged tags[64], sames[64], salts[64];
		int t = 0, m = 0, q = 0;

		for (i = 0; i < 64; i++) {
			tags[i].k = sames[i].k = i * 3;
			tags[i].tag = i & 1;
			sames[i].tag = i & 2;
			tag_add(&tags[i]);
			same_add(&sames[i], sames[i].k);
			salts[i].k = i * 5;
			salts[i].tag = i & 1;
			salt_add(&salts[i], salts[i].k);
		}
		for (i = 0; i < 200; i++) {
			t += tag_find(i, i & 1) + tag_find(i, !(i & 1));
			m += same_find(i);
			q += salt_find(i);
		}
		printf("tagged %d, same %d, salted %d\n", t, m, q);
	}
	return 0;
}
