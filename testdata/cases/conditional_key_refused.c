// expect: zero_tab skipped: one branch is a constant bucket, no key
// reason: zero_tab index "0" is not a masked or hashed key
// expect: width_tab skipped: one branch keys by a u64, the other by a u32
// reason: width_tab give keys of different or unknown widths (long, small)
// expect: side_tab skipped: the condition changes a variable
// reason: side_tab is not understood (side effect)
// expect: flip_tab skipped: the condition changes between the pick and the use
// reason: flip_tab changes before the bucket is used
// expect: pin_tab skipped: its branches reduce with two helpers, whose keys may differ where their buckets agree
// reason: pin_tab the two branches of index "a ? shared_hash(add->n) : mix_b(add->n)" reduce in different ways
// expect: strip_tab skipped: shared_hash() also picks pin_tab's buckets, which stay as they are
// reason: strip_tab index helper shared_hash() is also used for something else
/*
 * Conditional indexes that must stay: one branch is a fixed bucket (no key
 * at all); one branch keys by a u64 and the other by a u32 (hash_min() would
 * hash them differently); the condition has a side effect (hash_add() would
 * not repeat it); the condition is changed after the bucket is picked and
 * before it is used (hash_add() evaluates the key where the bucket is used);
 * the branches reduce with two different helpers, whose unreduced keys may
 * differ where their buckets agree, and the bucket number is no key; so
 * strip_tab, whose helper pin_tab's buckets still need, stays too.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define TAB_SIZE	16
#define TAB_MASK	(TAB_SIZE - 1)

struct ent {
	u64 w;
	u32 n;
	struct hlist_node node;
};

static struct hlist_head zero_tab[TAB_SIZE];
static struct hlist_head width_tab[TAB_SIZE];
static struct hlist_head side_tab[TAB_SIZE];
static struct hlist_head flip_tab[TAB_SIZE];
static struct hlist_head pin_tab[TAB_SIZE];
static struct hlist_head strip_tab[TAB_SIZE];
static unsigned int flips;

static u32 mix_a(u32 k)
{
	return (k * 2654435761u >> 9) & TAB_MASK;
}

static u32 mix_b(u32 k)
{
	return (k ^ (k >> 5) ^ 0x5a5a) & TAB_MASK;
}

static void add_zero(struct ent *e, int keyed)
{
	hlist_add_head(&e->node, &zero_tab[keyed ? mix_a(e->n) : 0]);
}

static int count_zero(u32 n, int keyed)
{
	struct ent *e;
	int c = 0;

	hlist_for_each_entry(e, &zero_tab[keyed ? mix_a(n) : 0], node)
		c += e->n == n;
	return c;
}

static void add_width(struct ent *e, int wide)
{
	hlist_add_head(&e->node, &width_tab[wide ? (e->w & TAB_MASK) : (e->n & TAB_MASK)]);
}

static int count_width(u32 n)
{
	struct ent *e;
	int c = 0;

	hlist_for_each_entry(e, &width_tab[n & TAB_MASK], node)
		c += e->n == n;
	return c;
}

static void add_side(struct ent *e)
{
	hlist_add_head(&e->node, &side_tab[(flips++ & 1) ? mix_a(e->n) : mix_b(e->n)]);
}

static int count_side(u32 n)
{
	struct ent *e;
	int c = 0;

	hlist_for_each_entry(e, &side_tab[mix_a(n)], node)
		c += e->n == n;
	hlist_for_each_entry(e, &side_tab[mix_b(n)], node)
		c += e->n == n;
	return c;
}

static void add_flip(struct ent *e, int a)
{
	struct hlist_head *head;

	head = &flip_tab[a ? mix_b(e->n) : mix_b((u32)(e->n ^ 1))];
	a = !a;
	hlist_add_head(&e->node, head);
}

static int count_flip(u32 n, int a)
{
	struct ent *e;
	int c = 0;

	hlist_for_each_entry(e, &flip_tab[a ? mix_b(n) : mix_b((u32)(n ^ 1))], node)
		c += e->n == n;
	return c;
}

static u32 shared_hash(u32 k)
{
	return (k * 40503u >> 5) & TAB_MASK;
}

static int pin_count(struct ent *add, u32 n, int a)
{
	struct ent *e;
	int c = 0;

	if (add)
		hlist_add_head(&add->node, &pin_tab[a ? shared_hash(add->n) : mix_b(add->n)]);
	hlist_for_each_entry(e, &pin_tab[a ? shared_hash(n) : mix_b(n)], node)
		c += e->n == n;
	return c;
}

static int strip_count(struct ent *add, u32 n)
{
	struct ent *e;
	int c = 0;

	if (add)
		hlist_add_head(&add->node, &strip_tab[shared_hash(add->n)]);
	hlist_for_each_entry(e, &strip_tab[shared_hash(n)], node)
		c += e->n == n;
	return c;
}

int main(void)
{
	static struct ent ents[6][40];
	int i, z = 0, w = 0, s = 0, f = 0;

	for (i = 0; i < 40; i++) {
		ents[0][i].n = ents[1][i].n = ents[2][i].n = ents[3][i].n = i * 3;
		ents[1][i].w = i * 3;
		add_zero(&ents[0][i], i & 1);
		add_width(&ents[1][i], i & 1);
		add_side(&ents[2][i]);
		add_flip(&ents[3][i], i & 1);
		ents[4][i].n = ents[5][i].n = i * 3;
		pin_count(&ents[4][i], 0, i & 1);
		strip_count(&ents[5][i], 0);
	}
	for (i = 0; i < 120; i++) {
		z += count_zero(i, i & 1);
		w += count_width(i);
		s += count_side(i);
		f += count_flip(i, (i / 3) & 1);
		z += pin_count(NULL, i, (i / 3) & 1) + strip_count(NULL, i);
	}
	printf("zero %d, width %d, side %d, flip %d\n", z, w, s, f);
	return 0;
}
