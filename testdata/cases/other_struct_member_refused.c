// expect: hash skipped: it is linked by hand through a struct tab declared in a for loop, which spatch does not report
// reason: hash use not understood
// expect: heads skipped: an initializer through a renamed tag gives it a bucket
// reason: heads use not understood
/*
 * Occurrences of a member table's name that only look like another struct's
 * (a review found both converted by a version that left out members of other
 * structs by the declared type of their base; the programs then looked in
 * other buckets). add() links entries into tab.hash by hand through a p of
 * struct tab declared in a for loop, while a file-scope p has struct ops, whose
 * hash is a function pointer. pairs is struct pair through a macro that renames
 * its tag, and its initializer puts an entry in a bucket (.heads = { [7] = ... }).
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define TAB_BITS	3
#define TAB_SIZE	(1 << TAB_BITS)
#define TAB_MASK	(TAB_SIZE - 1)

struct ent {
	u32 id;
	struct hlist_node node;
};

struct tab {
	struct hlist_head hash[TAB_SIZE];
	int count;
};

struct ops {
	int (*hash)(struct ent *e);
	int weight;
};

struct pair {
	struct hlist_head heads[TAB_SIZE];
	int spare;
};

#define pair_alias pair

static struct tab tab;
static struct ops *p;
static struct ent first = { .id = 7 };
static struct pair_alias pairs = { .heads = { [7] = { .first = &first.node } }, .spare = 1 };

static struct ent *ent_find(u32 id)
{
	struct ent *e;

	hlist_for_each_entry(e, &tab.hash[id & TAB_MASK], node)
		if (e->id == id)
			return e;
	return NULL;
}

static void add(struct ent *e)
{
	u32 b = e->id & TAB_MASK;

	for (struct tab *p = &tab; p; p = NULL) {
		e->node.next = p->hash[b].first;
		if (e->node.next)
			e->node.next->pprev = &e->node.next;
		p->hash[b].first = &e->node;
		e->node.pprev = &p->hash[b].first;
	}
}

static int pair_has(struct pair *pr, u32 id)
{
	struct ent *e;

	hlist_for_each_entry(e, &pr->heads[id & TAB_MASK], node)
		if (e->id == id)
			return 1;
	return 0;
}

int main(void)
{
	static struct ent all[12];
	int i, n = 0;

	for (i = 0; i < 12; i++) {
		all[i].id = i * 5 + 1000;
		add(&all[i]);
	}
	for (i = 0; i < 12; i++)
		n += ent_find(i * 5 + 1000) != NULL;
	printf("%d %d %d\n", n, pair_has(&pairs, 7), p == NULL);
	return 0;
}
