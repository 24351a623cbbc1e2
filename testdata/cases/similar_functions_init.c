// expect: a_tbl converted: each change in the function it was approved for
// expect: b_tbl skipped: passed whole to a function
// reason: b_tbl use not understood: "dump ( b_tbl ) ;"
/*
 * An init function whose loop over a converted table goes, among lines that
 * a later function of that table has in one run; the init function walks a
 * refused table with the same line as the later function walks the converted
 * one. Matched to the whole file, spatch's copy of the init function took the
 * later function's run for its own, and its walk of b_tbl became a
 * hash_for_each_possible() of a_tbl (a review's program): a copy of a
 * function now maps into that function only.
 */
#include <linux/init.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define A_BITS 3
#define B_SIZE 8

struct item {
	unsigned int key;
	struct hlist_node node;
};

static struct hlist_head a_tbl[1 << A_BITS];
static struct hlist_head b_tbl[B_SIZE];
static int lookups, misses, probes;

static void dump(struct hlist_head *tbl)
{
	(void)tbl;
}

static int __init tables_init(unsigned int key)
{
	struct hlist_head *hb;
	struct item *it;
	int i, n = 0;

	dump(b_tbl);
	hb = &b_tbl[key & (B_SIZE - 1)];
	lookups++;
	for (i = 0; i < (1 << A_BITS); i++)
		INIT_HLIST_HEAD(&a_tbl[i]);
	misses++;
	probes++;
	lookups++;
	misses--;
	probes--;
	hlist_for_each_entry(it, hb, node)
		n++;
	return n;
}

static int count_a(unsigned int key)
{
	struct hlist_head *hb;
	struct item *it;
	int n = 0;

	hb = &a_tbl[hash_32(key, A_BITS)];
	lookups++;
	misses++;
	probes++;
	lookups++;
	misses--;
	probes--;
	hlist_for_each_entry(it, hb, node)
		n++;
	return n;
}

int main(void)
{
	static struct item x = { .key = 11 }, y = { .key = 12 };

	hlist_add_head(&y.node, &b_tbl[y.key & (B_SIZE - 1)]);
	printf("%d\n", tables_init(12));
	hlist_add_head(&x.node, &a_tbl[hash_32(x.key, A_BITS)]);
	printf("%d %d %d %d\n", tables_init(12), count_a(11), count_a(12), lookups);
	return 0;
}
