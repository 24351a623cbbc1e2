// expect: chain_tab converted: the key keeps the cut of the u8 local that the u32 local reads
// expect: signed_tab converted: the key divides the int the local holds, not the u32
// expect: narrow_tab converted: the u8 parameter cut the argument, and so does the key
// expect: global_tab skipped: the helper reads a global that the caller's parameter hides
// reason: global_tab bucket helper global_bucket() reads "salt", which the caller declares as well
// expect: reader_tab skipped: the entry's name changes between the pick and the use
// reason: reader_tab key "jhash(ent_name(e), strlen(ent_name(e)), 1U)" changes before the bucket is used
// expect: moving_tab skipped: the global its reader returns changes between the pick and the use
// reason: moving_tab key "((u32)(e->k ^ cur_salt())) + 1U" changes before the bucket is used
// expect: macro_tab skipped: the macro given to the helper counts its uses
// reason: macro_tab "name_bucket(NEXT_NAME(c), 1)" is called with an argument that may have side effects
/*
 * Bucket helpers whose key, rewritten at each call, was not the value they
 * hashed (found by a review; each table here printed otherwise after the
 * conversion, or did not build). A local that reads another local holds its
 * value converted to its own type, chained: u8 v = k; u32 w = v + salt is
 * (u32)((u8)k + salt). An int local of a u32 divides signed. A u8 parameter
 * converts what it is given. A global that the helper reads cannot be
 * named where a parameter of the caller has its name. A reader of a field
 * (ent_name(e)) in the key reads e->name, which the caller writes between
 * pick and use; cur_salt() reads a global the caller changes there. A
 * macro in capitals that the file defines is read like any helper:
 * NEXT_NAME() steps a cursor, and a key may not copy it.
 */
#include <stdio.h>
#include <string.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/jhash.h>

#define BITS	4

struct ent {
	u32 k;
	const char *name;
	struct hlist_node chain, sign, narrow, global, reader, moving, macro;
};

struct cursor {
	const char *const *names;
	int pos;
};

static struct hlist_head chain_tab[1 << BITS];
static struct hlist_head signed_tab[1 << BITS];
static struct hlist_head narrow_tab[1 << BITS];
static struct hlist_head global_tab[1 << BITS];
static struct hlist_head reader_tab[1 << BITS];
static struct hlist_head moving_tab[1 << BITS];
static struct hlist_head macro_tab[1 << BITS];

static u32 salt = 0x5a5a;

#define NEXT_NAME(c) ((c)->names[(c)->pos++])

static inline const char *ent_name(const struct ent *e)
{
	return e->name;
}

static inline u32 cur_salt(void)
{
	return salt;
}

static struct hlist_head *chain_bucket(u32 k, u32 s)
{
	u8 v = k;
	u32 w = v + s;

	return &chain_tab[hash_32(w, BITS)];
}

static struct hlist_head *signed_bucket(u32 k, u32 s)
{
	int v = k;

	return &signed_tab[hash_32(v / 16 + s, BITS)];
}

static struct hlist_head *narrow_bucket(u8 k, u32 s)
{
	return &narrow_tab[hash_32(k ^ s, BITS)];
}

static struct hlist_head *global_bucket(u32 k)
{
	u32 v = k ^ salt;

	return &global_tab[hash_32(v, BITS)];
}

static struct hlist_head *reader_bucket(const char *name, u32 s)
{
	u32 h = jhash(name, strlen(name), s);

	return &reader_tab[h & ((1 << BITS) - 1)];
}

static struct hlist_head *moving_bucket(u32 k, u32 s)
{
	u32 v = k ^ cur_salt();

	return &moving_tab[hash_32(v + s, BITS)];
}

static struct hlist_head *name_bucket(const char *name, u32 s)
{
	u32 h = jhash(name, strlen(name), s);

	return &macro_tab[h & ((1 << BITS) - 1)];
}

static void ent_add(struct ent *e, const char *final, struct cursor *c)
{
	struct hlist_head *rhead, *mhead;

	hlist_add_head(&e->chain, chain_bucket(e->k, 7));
	hlist_add_head(&e->sign, signed_bucket(e->k, 7));
	hlist_add_head(&e->narrow, narrow_bucket(e->k, 7));
	hlist_add_head(&e->global, global_bucket(e->k));
	rhead = reader_bucket(ent_name(e), 1);
	e->name = final;
	hlist_add_head(&e->reader, rhead);
	mhead = moving_bucket(e->k, 1);
	salt += 0x100;
	hlist_add_head(&e->moving, mhead);
	salt -= 0x100;
	hlist_add_head(&e->macro, name_bucket(NEXT_NAME(c), 1));
}

/* entries that agree with k where the old key did (its low byte, k / 16) */
static int counts(u32 k, const char *name, u32 salt)
{
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, chain_bucket(k, 7), chain)
		n += (u8)e->k == (u8)k;
	hlist_for_each_entry(e, signed_bucket(k, 7), sign)
		n += 100 * ((int)e->k / 16 == (int)k / 16);
	hlist_for_each_entry(e, narrow_bucket(k, 7), narrow)
		n += 10000 * ((u8)e->k == (u8)k);
	hlist_for_each_entry(e, global_bucket(k ^ salt), global)
		n += 1000000 * (e->k == (k ^ salt));
	hlist_for_each_entry(e, reader_bucket(name, 1), reader)
		n += 10000000 * !strcmp(e->name, name);
	hlist_for_each_entry(e, moving_bucket(k, 1), moving)
		n += 100000000 * (e->k == k);
	return n;
}

static int macro_find(const char *name)
{
	struct ent *e;

	hlist_for_each_entry(e, name_bucket(name, 1), macro)
		if (!strcmp(e->name, name))
			return 1;
	return 0;
}

int main(void)
{
	static const char *const names[] = { "a", "bb", "ccc", "dddd", "eeeee", "ffffff", "g",
					     "hh", "", "", "", "", "", "", "", "", "" };
	static struct ent ents[8];
	struct cursor c = { names, 0 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ents); i++) {
		ents[i].k = (u32)((int)i - 4) * 256 + 3;
		ents[i].name = names[i];
		ent_add(&ents[i], names[7 - i], &c);
	}
	for (i = 0; i < ARRAY_SIZE(ents); i++)
		printf("%u: %d %d\n", i, counts((u32)((int)i - 4) * 256 + 3, names[i], 0),
		       macro_find(names[7 - i]));
	printf("cursor %d\n", c.pos);
	return 0;
}
