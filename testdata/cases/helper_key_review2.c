// expect: mul_tab skipped: the global its reader multiplies by changes between pick and use
// reason: mul_tab key "(u32)mul_mix(e->k)" changes before the bucket is used
// expect: caps_tab skipped: a global named in capitals changes between pick and use
// reason: caps_tab key "(u32)caps_mix(e->k)" changes before the bucket is used
// expect: block_tab skipped: a local of an inner block hides the global only there
// reason: block_tab key "(u32)block_mix(e->k)" changes before the bucket is used
// expect: tdef_tab converted: the typedef parameter cuts its argument, and so does the key
// expect: hex_tab skipped: a constant above INT_MAX given to an int parameter is cast, an int is not
// reason: hex_tab keys differ in width
// expect: name_tab converted: a cast in a string of the key is left as it is
// expect: loop_tab skipped: a for loop of the caller declares the name of the global
// reason: loop_tab bucket helper loop_bucket() reads "seed", which the caller declares as well
/*
 * Keys of bucket helpers, from a second review. A reader returning
 * k * factor reads the global factor (not a declaration of a pointer); a
 * global may be named in capitals; a local of an inner block hides the
 * global of its name only there: each of those globals changes between
 * the pick of a bucket and its use, so the key may not move there. A
 * typedef'd u8 parameter cuts what it is given, and so does its key; an int
 * parameter makes 0xfffffff0 negative: that key is cast, and its table
 * stays, as the key of an int variable is not (their shapes differ). The text of a key
 * is tidied outside its strings only: jhash("(int) x") hashes those bytes.
 * A caller whose for loop declares a variable named like the helper's
 * global would read its own variable in the key.
 */
#include <stdio.h>
#include <string.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/jhash.h>

#define BITS	4

typedef unsigned char key8;

struct ent {
	u32 k;
	int sk;
	const char *name;
	struct hlist_node mul, caps, block, tdef, hex, nm, loop;
};

static struct hlist_head mul_tab[1 << BITS];
static struct hlist_head caps_tab[1 << BITS];
static struct hlist_head block_tab[1 << BITS];
static struct hlist_head tdef_tab[1 << BITS];
static struct hlist_head hex_tab[1 << BITS];
static struct hlist_head name_tab[1 << BITS];
static struct hlist_head loop_tab[1 << BITS];

static u32 factor = 0x5a5a5a5b;
static u32 SEED = 0x1234;
static u32 salt = 0x5a5a;
static u32 seed = 0x77;

static inline u32 mul_mix(u32 k)
{
	return k * factor;
}

static inline u32 caps_mix(u32 k)
{
	return k ^ SEED;
}

static inline u32 block_mix(u32 k)
{
	u32 r = k;

	if (k == 1) {
		u32 salt = 3;

		r += salt;
	}
	return r ^ salt;
}

static struct hlist_head *mul_bucket(u32 k)
{
	u32 v = mul_mix(k);

	return &mul_tab[hash_32(v, BITS)];
}

static struct hlist_head *caps_bucket(u32 k)
{
	u32 v = caps_mix(k);

	return &caps_tab[hash_32(v, BITS)];
}

static struct hlist_head *block_bucket(u32 k)
{
	u32 v = block_mix(k);

	return &block_tab[hash_32(v, BITS)];
}

static struct hlist_head *tdef_bucket(key8 k, u32 s)
{
	return &tdef_tab[hash_32(k ^ s, BITS)];
}

static struct hlist_head *hex_bucket(int k, u32 s)
{
	return &hex_tab[hash_32(k / 16 + s, BITS)];
}

static struct hlist_head *name_bucket(const char *name, u32 s)
{
	u32 h = jhash(name, strlen(name), s);

	return &name_tab[h & ((1 << BITS) - 1)];
}

static struct hlist_head *loop_bucket(u32 k)
{
	return &loop_tab[hash_32(k ^ seed, BITS)];
}

static void ent_add(struct ent *e)
{
	struct hlist_head *mhead, *chead, *bhead;

	mhead = mul_bucket(e->k);
	factor += 2;
	hlist_add_head(&e->mul, mhead);
	factor -= 2;
	chead = caps_bucket(e->k);
	SEED += 0x100;
	hlist_add_head(&e->caps, chead);
	SEED -= 0x100;
	bhead = block_bucket(e->k);
	salt += 0x100;
	hlist_add_head(&e->block, bhead);
	salt -= 0x100;
	hlist_add_head(&e->tdef, tdef_bucket(e->k, 7));
	hlist_add_head(&e->loop, loop_bucket(e->k));
}

static int counts(u32 k)
{
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, mul_bucket(k), mul)
		n += e->k == k;
	hlist_for_each_entry(e, caps_bucket(k), caps)
		n += 10 * (e->k == k);
	hlist_for_each_entry(e, block_bucket(k), block)
		n += 100 * (e->k == k);
	hlist_for_each_entry(e, tdef_bucket(k, 7), tdef)
		n += 1000 * ((u8)e->k == (u8)k);
	for (u32 seed = 0; seed < 1; seed++)
		hlist_for_each_entry(e, loop_bucket(k), loop)
			n += 10000 * (e->k == k);
	return n;
}

static int hex_count(int k)
{
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, hex_bucket(k, 7), hex)
		n += e->sk / 16 == k / 16;
	return n;
}

static int name_count(const char *name)
{
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, name_bucket(name, 1), nm)
		n += !strcmp(e->name, name);
	return n;
}

int main(void)
{
	static const char *const names[] = { "(int) x", "(u32) yy", "(size_t) (z)", "w" };
	static struct ent ents[12];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ents); i++) {
		ents[i].k = 0x100 * (i + 1) + 7 * i;
		ents[i].sk = -16 * (int)(i + 1);
		ents[i].name = names[i % 4];
		ent_add(&ents[i]);
	}
	hlist_add_head(&ents[0].hex, hex_bucket(0xfffffff0, 7));
	hlist_add_head(&ents[1].hex, hex_bucket(0xffffffe0, 7));
	hlist_add_head(&ents[0].nm, name_bucket("(int) x", 1));
	hlist_add_head(&ents[1].nm, name_bucket("(u32) yy", 1));
	for (i = 0; i < ARRAY_SIZE(ents); i++)
		printf("%u: %d\n", i, counts(0x100 * (i + 1) + 7 * i));
	printf("hex %d %d, names %d %d %d\n", hex_count(-16), hex_count(-32),
	       name_count("(int) x"), name_count("(u32) yy"), name_count("w"));
	return 0;
}
