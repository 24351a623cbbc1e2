// expect: by_shl skipped: an object-like macro shifts the key in place
// expect: by_nest skipped: an object-like macro names another that adds to the key
// expect: by_lv skipped: an object-like macro that spells the key is stored to
// expect: by_fn skipped: the file defines a function named like a reading one, which writes
// reason: by_shl a macro may change key "s->sh" before the bucket is used
// reason: by_nest a macro may change key "s->n" before the bucket is used
// reason: by_lv a macro may change key "s->v" before the bucket is used
// reason: by_fn a call may change key "s->fn" before the bucket is used
/*
 * From a review of the checks of macros between a bucket's pick and its use:
 * a store by <<= in an object-like macro, a macro whose value is another macro
 * that stores, a macro that is the stored place itself, and a function of the
 * file named like a kernel function that only reads (crypto_memneq()) but that
 * writes the key. The entry would be added to the bucket of the old key.
 */
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define B 3

struct item {
	unsigned int sh, n, v, fn;
	struct hlist_node nsh, nn, nv, nfn;
};

static struct hlist_head by_shl[1 << B];
static struct hlist_head by_nest[1 << B];
static struct hlist_head by_lv[1 << B];
static struct hlist_head by_fn[1 << B];
static struct item *cur;

#define SHIFT_SH	s->sh <<= 2
#define INC_N		s->n += 3
#define BUMP_N		INC_N
#define KEY_V		s->v

static int crypto_memneq(const void *a, const void *b, unsigned long n)
{
	cur->fn += 3;
	return a != b || !n;
}

static void add_shl(struct item *s)
{
	struct hlist_head *head = &by_shl[hash_32(s->sh, B)];

	SHIFT_SH;
	hlist_add_head(&s->nsh, head);
}

static void add_nest(struct item *s)
{
	struct hlist_head *head = &by_nest[hash_32(s->n, B)];

	BUMP_N;
	hlist_add_head(&s->nn, head);
}

static void add_lv(struct item *s)
{
	struct hlist_head *head = &by_lv[hash_32(s->v, B)];

	KEY_V += 3;
	hlist_add_head(&s->nv, head);
}

static void add_fn(struct item *s, const char *tag)
{
	struct hlist_head *head = &by_fn[hash_32(s->fn, B)];

	if (crypto_memneq(tag, "x", 1))
		pr_info("tag\n");
	hlist_add_head(&s->nfn, head);
}

static int found(struct item *s)
{
	struct item *e;
	int n = 0;

	hlist_for_each_entry(e, &by_shl[hash_32(s->sh, B)], nsh)
		n += e == s;
	hlist_for_each_entry(e, &by_nest[hash_32(s->n, B)], nn)
		n += e == s;
	hlist_for_each_entry(e, &by_lv[hash_32(s->v, B)], nv)
		n += e == s;
	hlist_for_each_entry(e, &by_fn[hash_32(s->fn, B)], nfn)
		n += e == s;
	return n;
}

int main(void)
{
	static struct item s = { 1, 2, 3, 4 };

	cur = &s;
	add_shl(&s);
	add_nest(&s);
	add_lv(&s);
	add_fn(&s, "y");
	printf("%d %u %u %u %u\n", found(&s), s.sh, s.n, s.v, s.fn);
	return 0;
}
