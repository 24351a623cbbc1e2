// expect: while_tab skipped: a while loop over the buckets compares its counter with a masked key
// reason: while_tab bucket number "i" is read as a number
// expect: seq_tab skipped: a cursor field is compared with a masked key
// reason: seq_tab bucket number "it->bucket" is read as a number
// expect: scan_tab skipped: a scan returns the number of the first bucket in use
// reason: scan_tab bucket number "i" is read as a number
/*
 * Positional reads that observe the bucket an entry is in, which hash_min()
 * changes: a while loop that counts the entries of the bucket a key masks
 * to, a seq_file-style cursor compared with a masked key, and a scan that
 * returns the first bucket that is not empty. Each must keep its table.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define TAB_SIZE	8
#define TAB_MASK	(TAB_SIZE - 1)

struct ent {
	unsigned int id;
	struct hlist_node node;
};

struct iter {
	unsigned int bucket;
};

static struct hlist_head while_tab[TAB_SIZE];
static struct hlist_head seq_tab[TAB_SIZE];
static struct hlist_head scan_tab[TAB_SIZE];

static void ent_add(struct ent *e, int which)
{
	if (which == 0)
		hlist_add_head(&e->node, &while_tab[e->id & TAB_MASK]);
	else if (which == 1)
		hlist_add_head(&e->node, &seq_tab[e->id & TAB_MASK]);
	else
		hlist_add_head(&e->node, &scan_tab[e->id & TAB_MASK]);
}

static int while_same_bucket(unsigned int id)
{
	struct ent *e;
	int i = 0, n = 0;

	while (i < TAB_SIZE) {
		hlist_for_each_entry(e, &while_tab[i], node)
			if (i == (int)(id & TAB_MASK))
				n++;
		i++;
	}
	return n;
}

static int seq_next(struct iter *it, unsigned int id)
{
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, &seq_tab[it->bucket], node)
		if (it->bucket == (id & TAB_MASK))
			n++;
	it->bucket++;
	return n;
}

static int scan_first(void)
{
	int i;

	for (i = 0; i < TAB_SIZE; i++)
		if (!hlist_empty(&scan_tab[i]))
			return i;
	return -1;
}

int main(void)
{
	static struct ent ents[3][5];
	struct iter it;
	unsigned int j, w;
	int n;

	for (w = 0; w < 3; w++)
		for (j = 0; j < 5; j++) {
			ents[w][j].id = j * 11 + 3;
			ent_add(&ents[w][j], w);
		}
	for (j = 0; j < 5; j++) {
		it.bucket = 0;
		for (n = 0; it.bucket < TAB_SIZE; )
			n += seq_next(&it, j * 11 + 3);
		printf("%u: %d %d\n", j, while_same_bucket(j * 11 + 3), n);
	}
	printf("first %d\n", scan_first());
	return 0;
}
