// expect: each_tab skipped: its hash_for_each() compares the bucket cursor with a masked key
// reason: each_tab hash_for_each() works with the buckets hash_min() picks, and another access of the table picks them otherwise
// expect: loop_tab skipped: an open-coded walk compares its bucket number with a masked key
// reason: loop_tab a walk over the buckets reads its bucket number "i"
// expect: paste_tab skipped: a caller pastes the name of the walk (walk_##what)
// reason: paste_tab bucket number "b" is a parameter: its callers compute it
// expect: recur_tab skipped: a recursive walk is first given a key
// reason: recur_tab index variable "k" is used for something else
/*
 * Code that sees the bucket number of an entry, which hash_min() changes.
 * each_tab and loop_tab: a walk over all buckets that counts the entries
 * in the bucket a key masks to. paste_tab: bucket_walk(b) looks like it
 * only gets loop counters, but WALK(bucket, id & MASK) calls it with a
 * masked key through ## (no search sees that call). recur_tab: from_walk()
 * passes its copy k of i to itself, and main() gives i a key; how the
 * analysis meets the recursion must not matter.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/hashtable.h>

#define TAB_SIZE	8
#define TAB_MASK	(TAB_SIZE - 1)

struct ent {
	unsigned int id;
	struct hlist_node node;
};

static struct hlist_head each_tab[TAB_SIZE];
static struct hlist_head loop_tab[TAB_SIZE];
static struct hlist_head paste_tab[TAB_SIZE];
static struct hlist_head recur_tab[TAB_SIZE];

static void ent_add(struct hlist_head *unused, struct ent *e, int which)
{
	(void)unused;
	if (which == 0)
		hlist_add_head(&e->node, &each_tab[e->id & TAB_MASK]);
	else if (which == 1)
		hlist_add_head(&e->node, &loop_tab[e->id & TAB_MASK]);
	else if (which == 2)
		hlist_add_head(&e->node, &paste_tab[e->id & TAB_MASK]);
	else
		hlist_add_head(&e->node, &recur_tab[e->id & TAB_MASK]);
}

static int each_same_bucket(unsigned int id)
{
	struct ent *e;
	int bkt, n = 0;

	hash_for_each(each_tab, bkt, e, node)
		if (bkt == (int)(id & TAB_MASK))
			n++;
	return n;
}

static int loop_same_bucket(unsigned int id)
{
	struct ent *e;
	int i, n = 0;

	for (i = 0; i < TAB_SIZE; i++)
		hlist_for_each_entry(e, &loop_tab[i], node)
			if (i == (int)(id & TAB_MASK))
				n++;
	return n;
}

static int bucket_walk(unsigned int b)
{
	struct hlist_head *h = &paste_tab[b];
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, h, node)
		n++;
	return n;
}

#define WALK(what, n)	what##_walk(n)

static int paste_all(void)
{
	unsigned int i;
	int n = 0;

	for (i = 0; i < TAB_SIZE; i++)
		n += bucket_walk(i);
	return n;
}

static int paste_same_bucket(unsigned int id)
{
	return WALK(bucket, id & TAB_MASK);
}

static int from_walk(unsigned int i, int depth)
{
	unsigned int x, k;
	struct ent *e;
	int n = 0;

	x = i;
	hlist_for_each_entry(e, &recur_tab[x & TAB_MASK], node)
		n += e->id == x;
	k = i;
	hlist_for_each_entry(e, &recur_tab[k], node)
		n += 100;
	if (depth)
		n += from_walk(k, depth - 1);
	return n;
}

int main(void)
{
	static struct ent ents[4][6];
	unsigned int j, w;

	for (w = 0; w < 4; w++)
		for (j = 0; j < 6; j++) {
			ents[w][j].id = j * 13 + 2;
			ent_add(NULL, &ents[w][j], w);
		}
	for (j = 0; j < 6; j++)
		printf("%u: %d %d %d %d\n", j, each_same_bucket(j * 13 + 2),
		       loop_same_bucket(j * 13 + 2), paste_same_bucket(j * 13 + 2),
		       from_walk((j * 13 + 2) & TAB_MASK, 1));
	printf("all %d\n", paste_all());
	return 0;
}
