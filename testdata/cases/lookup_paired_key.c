// expect: paired_tab converted
// expect: crossed_tab skipped: the test pairs the parts of the key with the other fields
// reason: crossed_tab the walk of the bucket of "x * 3 + y" is no lookup (its key, read as the fields its test compares, is "((entry->b * 3) + entry->a)", where entries are added by "((entry->a * 3) + entry->b)")
// expect: swapped_tab skipped: a second add computes the key with the fields swapped
// reason: swapped_tab the walk of the bucket of "x * 3 + y" is no lookup (its key, read as the fields its test compares, is "((entry->a * 3) + entry->b)", where entries are added by "((entry->b * 3) + entry->a)")
/*
 * A key of two parts is a lookup's only where the test pairs each part with
 * the field the adds compute it from: added by a * 3 + b, a walk of the
 * bucket of x * 3 + y that tests e->a == x && e->b == y meets its entries
 * in the masked bucket and in hash_min()'s (paired_tab). Tested crosswise
 * (e->b == x && e->a == y: crossed_tab), or with one add that swaps the
 * fields (swapped_tab), it finds entries that only the mask put in its
 * bucket (an eighth review's r02 and r03, converted with the output changed
 * before 2026-12-07).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item {
	unsigned int a, b;
	struct hlist_node node;
};

static struct hlist_head paired_tab[16];
static struct hlist_head crossed_tab[16];
static struct hlist_head swapped_tab[16];

#define N 7
static const unsigned int pairs[N][2] = {
	{ 1, 9 }, { 2, 10 }, { 3, 3 }, { 4, 12 }, { 5, 6 }, { 7, 15 }, { 0, 8 }
};
static struct item paired[N], crossed[N], swapped[N];

static struct item *paired_find(unsigned int x, unsigned int y)
{
	struct item *e;

	hlist_for_each_entry(e, &paired_tab[(x * 3 + y) & 15], node)
		if (e->a == x && e->b == y)
			return e;
	return NULL;
}

static struct item *crossed_find(unsigned int x, unsigned int y)
{
	struct item *e;

	hlist_for_each_entry(e, &crossed_tab[(x * 3 + y) & 15], node)
		if (e->b == x && e->a == y)
			return e;
	return NULL;
}

static void swapped_put(struct item *e)
{
	hlist_add_head(&e->node, &swapped_tab[(e->a * 3 + e->b) & 15]);
}

static void swapped_put_crosswise(struct item *e)
{
	hlist_add_head(&e->node, &swapped_tab[(e->b * 3 + e->a) & 15]);
}

static struct item *swapped_find(unsigned int x, unsigned int y)
{
	struct item *e;

	hlist_for_each_entry(e, &swapped_tab[(x * 3 + y) & 15], node)
		if (e->a == x && e->b == y)
			return e;
	return NULL;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < N; i++) {
		paired[i].a = crossed[i].a = swapped[i].a = pairs[i][0];
		paired[i].b = crossed[i].b = swapped[i].b = pairs[i][1];
		hlist_add_head(&paired[i].node, &paired_tab[(paired[i].a * 3 + paired[i].b) & 15]);
		hlist_add_head(&crossed[i].node, &crossed_tab[(crossed[i].a * 3 + crossed[i].b) & 15]);
	}
	for (i = 0; i < N; i += 2)
		swapped_put(&swapped[i]);
	for (i = 1; i < N; i += 2)
		swapped_put_crosswise(&swapped[i]);
	for (i = 0; i < N; i++) {
		unsigned int x = pairs[i][0], y = pairs[i][1];
		struct item *p = paired_find(x, y), *c = crossed_find(y, x), *s = swapped_find(x, y);

		printf("%u,%u: %ld %ld %ld\n", x, y, p ? (long)(p - paired) : -1L,
		       c ? (long)(c - crossed) : -1L, s ? (long)(s - swapped) : -1L);
	}
	return 0;
}
