// expect: code_tab converted: the key keeps the cut of the u8 parameter
// expect: sign_tab converted: the xorshift of a signed value is no fold that goes
// expect: wide_tab converted: hash_32() cut the u64 key to 32 bits, the helper keeps the cut
// expect: bucket_tab converted: the u16 local of the bucket helper cuts the key
// expect: nest_tab converted: the local of the outer helper is written over its argument
// expect: step_tab converted: ++m is a statement, not a declaration: the helper stays
// expect: macro_tab converted: PAGE_OFF reads the parameter, the helper stays
// expect: mix_tab converted: a 64-bit mix cut to 32 bits by hash_32(), the helper stays
/*
 * Helpers whose fold or whose parameters cut the key (found by a review of
 * the rule that drops one-to-one folds): each table converts, and every
 * lookup still finds what it found, because what cut the key before cuts it
 * after. The lookups compare keys as the cut sees them, so that a key that
 * lost its cut would miss entries: an s8 stored and an int looked up through
 * a u8 parameter; -1 and 0 under a signed xorshift; u64 keys that hash_32()
 * cut to 32 bits; a bucket helper that passes its u16 local to an index
 * helper; a local of an outer helper passed to an inner one; ++m before a
 * multiply; a macro that reads the parameter; a 64-bit mix that hash_32()
 * cuts to 32 bits.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define BITS		4
#define PAGE_OFF	(v & 0xfff)

struct entry {
	s8 code;
	int sval;
	u64 wide;
	u32 key;
	struct hlist_node code_node;
	struct hlist_node sign_node;
	struct hlist_node wide_node;
	struct hlist_node bucket_node;
	struct hlist_node nest_node;
	struct hlist_node step_node;
	struct hlist_node macro_node;
	struct hlist_node mix_node;
};

static struct hlist_head code_tab[1 << BITS];
static struct hlist_head sign_tab[1 << BITS];
static struct hlist_head wide_tab[1 << BITS];
static struct hlist_head bucket_tab[1 << BITS];
static struct hlist_head nest_tab[1 << BITS];
static struct hlist_head step_tab[1 << BITS];
static struct hlist_head macro_tab[1 << BITS];
static struct hlist_head mix_tab[1 << BITS];

static u32 code_hash(u8 c)
{
	return hash_32(c, BITS);
}

static u32 sign_hash(int v)
{
	return hash_32(v ^ (v >> 3), BITS);
}

static u32 wide_hash(u64 v)
{
	return hash_32(v + 1, BITS);
}

static u32 plain_hash(u32 x)
{
	return hash_32(x, BITS);
}

static struct hlist_head *key_bucket(u32 v)
{
	u16 k = v;

	return &bucket_tab[plain_hash(k)];
}

static u32 nest_hash(u32 v)
{
	u32 k = v + 1;

	return plain_hash(k);
}

static u32 step_hash(u32 v)
{
	u32 m = 3;

	++m;
	return hash_32(v * m, BITS);
}

static u32 macro_hash(u32 v)
{
	return hash_32(v - PAGE_OFF, BITS);
}

static u32 mix_hash(u32 v)
{
	u64 x = (u64)v * 0x9e3779b97f4a7c15ull;

	return hash_32(x ^ (x >> 32), BITS);
}

static void add(struct entry *e)
{
	hlist_add_head(&e->code_node, &code_tab[code_hash(e->code)]);
	hlist_add_head(&e->sign_node, &sign_tab[sign_hash(e->sval)]);
	hlist_add_head(&e->wide_node, &wide_tab[wide_hash(e->wide)]);
	hlist_add_head(&e->bucket_node, key_bucket(e->key));
	hlist_add_head(&e->nest_node, &nest_tab[nest_hash(e->key)]);
	hlist_add_head(&e->step_node, &step_tab[step_hash(e->key)]);
	hlist_add_head(&e->macro_node, &macro_tab[macro_hash(e->key)]);
	hlist_add_head(&e->mix_node, &mix_tab[mix_hash(e->key)]);
}

static int count_code(int code)
{
	struct entry *e;
	int n = 0;

	hlist_for_each_entry(e, &code_tab[code_hash(code)], code_node)
		n += (u8)e->code == (u8)code;
	return n;
}

static int count_sign(int v)
{
	struct entry *e;
	int n = 0;

	hlist_for_each_entry(e, &sign_tab[sign_hash(v)], sign_node)
		n += (e->sval ^ (e->sval >> 3)) == (v ^ (v >> 3));
	return n;
}

static int count_wide(u64 v)
{
	struct entry *e;
	int n = 0;

	hlist_for_each_entry(e, &wide_tab[wide_hash(v)], wide_node)
		n += (u32)e->wide == (u32)v;
	return n;
}

static int count_bucket(u32 key)
{
	struct entry *e;
	int n = 0;

	hlist_for_each_entry(e, key_bucket(key), bucket_node)
		n += (u16)e->key == (u16)key;
	return n;
}

static int count_nest(u32 key)
{
	struct entry *e;
	int n = 0;

	hlist_for_each_entry(e, &nest_tab[nest_hash(key)], nest_node)
		n += e->key == key;
	return n;
}

static int count_step(u32 key)
{
	struct entry *e;
	int n = 0;

	hlist_for_each_entry(e, &step_tab[step_hash(key)], step_node)
		n += e->key * 4 == key * 4;
	return n;
}

static int count_macro(u32 key)
{
	struct entry *e;
	int n = 0;

	hlist_for_each_entry(e, &macro_tab[macro_hash(key)], macro_node)
		n += (e->key & ~0xfffu) == (key & ~0xfffu);
	return n;
}

static u32 mix_of(u32 v)
{
	u64 x = (u64)v * 0x9e3779b97f4a7c15ull;

	return (u32)(x ^ (x >> 32));
}

static int count_mix(u32 key)
{
	struct entry *e;
	int n = 0;

	hlist_for_each_entry(e, &mix_tab[mix_hash(key)], mix_node)
		n += mix_of(e->key) == mix_of(key);
	return n;
}

int main(void)
{
	/* pairs that share a cut: the mix, the low 16 bits, the page, key * 4 */
	static const u32 keys[8] = { 119577, 132609, 0x1005, 0x11005, 0x2005, 0x2009,
				     0x3005, 0x40003005 };
	static struct entry es[8];
	int i;

	for (i = 0; i < 8; i++) {
		es[i].code = -1 - i % 4;
		es[i].sval = i % 2 ? -1 - i / 2 : i / 2;
		es[i].wide = ((u64)i << 32) | 7;
		es[i].key = keys[i];
		add(&es[i]);
	}
	for (i = 0; i < 8; i++)
		printf("%d: %d %d %d %d %d %d %d %d\n", i, count_code(255 - i % 4),
		       count_sign(es[i].sval), count_wide(es[i].wide), count_bucket(es[i].key),
		       count_nest(es[i].key), count_step(es[i].key), count_macro(es[i].key),
		       count_mix(es[i].key));
	return 0;
}
