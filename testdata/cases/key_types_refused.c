// expect: sib_tab skipped: a key declared twice in one function, with two widths
// reason: sib_tab keys differ in width: expression c
// expect: lit_tab skipped: a constant that needs 64 bits, which spatch types as an int
// reason: lit_tab keys differ in width: long (line 62), small (line 69)
// expect: enum_tab skipped: an enum with a value over 32 bits is 8 bytes wide
// reason: enum_tab keys differ in width: small (line 86), type enum big_e
/*
 * Keys whose width the declarations and spatch do not tell right. Each table
 * is hashed with hash_32(), which takes 32 bits of its key, at one site with
 * a u16 and at another with a wider key of the same low 32 bits; hash_min()
 * would hash the wider key with hash_long(), into another bucket. sib_tab's
 * wider key is a c declared u64 in a block beside the block of a u16 c;
 * lit_tab's adds 0x100000000 (a long, whatever spatch says); enum_tab's is an
 * enum that GCC makes 8 bytes wide for its value over 32 bits.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define BITS	5

enum big_e { BIG_V = 0x100000000ULL };

struct item {
	u16 port;
	struct hlist_node node;
	struct hlist_node lit;
	struct hlist_node en;
};

static struct hlist_head sib_tab[1 << BITS];
static struct hlist_head lit_tab[1 << BITS];
static struct hlist_head enum_tab[1 << BITS];

static void sib_add(struct item *it)
{
	if (!it->port) {
		u16 c = it->port;

		hlist_add_head(&it->node, &sib_tab[hash_32(c, BITS)]);
	} else {
		u64 c = (u64)it->port << 32 | it->port;
		struct hlist_head *h = &sib_tab[hash_32(c, BITS)];

		hlist_add_head(&it->node, h);
	}
}

static struct item *sib_find(u16 port)
{
	struct item *it;

	hlist_for_each_entry(it, &sib_tab[hash_32(port, BITS)], node)
		if (it->port == port)
			return it;
	return NULL;
}

static void lit_add(struct item *it)
{
	hlist_add_head(&it->lit, &lit_tab[hash_32(it->port + 0x100000000, BITS)]);
}

static struct item *lit_find(u16 port)
{
	struct item *it;

	hlist_for_each_entry(it, &lit_tab[hash_32(port, BITS)], lit)
		if (it->port == port)
			return it;
	return NULL;
}

static void enum_add(struct item *it)
{
	enum big_e e = (enum big_e)((u64)it->port << 32 | it->port);

	hlist_add_head(&it->en, &enum_tab[hash_32(e, BITS)]);
}

static struct item *enum_find(u16 port)
{
	struct item *it;

	hlist_for_each_entry(it, &enum_tab[hash_32(port, BITS)], en)
		if (it->port == port)
			return it;
	return NULL;
}

int main(void)
{
	static struct item items[] = { { .port = 80 }, { .port = 443 }, { .port = 22 } };
	int i, n = 0;

	for (i = 0; i < 3; i++) {
		sib_add(&items[i]);
		lit_add(&items[i]);
		enum_add(&items[i]);
	}
	for (i = 0; i < 3; i++)
		n += (sib_find(items[i].port) == &items[i]) + (lit_find(items[i].port) == &items[i]) +
		     (enum_find(items[i].port) == &items[i]);
	printf("found %d of 9\n", n);
	return 0;
}
