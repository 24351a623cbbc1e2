// expect: hash converted
// expect: heads skipped: an initializer of its own struct, through a typedef, may set it
// reason: heads use not understood: "= { . heads
/*
 * A member table named like a field of another struct (net/ipv4/ping.c: its
 * table hash beside .hash = ping_hash in struct proto's initializer). A
 * designator .hash given a function of the file (in an initializer, an array of
 * them, a compound literal) and a call ops->hash(e) cannot be an array of
 * buckets, whatever the struct: hash converts, and those stay. heads: a designator in an initializer whose type is a
 * typedef could be the table's own struct, so it still counts as a use.
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

typedef struct pair pair_t;

static struct tab tab;

static int ent_hash(struct ent *e)
{
	hlist_add_head(&e->node, &tab.hash[e->id & TAB_MASK]);
	tab.count++;
	return 0;
}

static const struct ops ent_ops = {
	.weight = 1,
	.hash = ent_hash,
};

static struct ops more_ops[] = {
	{ .hash = ent_hash, .weight = 2 },
	{ .weight = 3, .hash = ent_hash },
};

static struct ent *ent_find(u32 id)
{
	struct ent *e;

	hlist_for_each_entry(e, &tab.hash[id & TAB_MASK], node)
		if (e->id == id)
			return e;
	return NULL;
}

static pair_t pair = { .spare = 1 };

static void pair_add(struct ent *e)
{
	hlist_add_head(&e->node, &pair.heads[e->id & TAB_MASK]);
}

static int pair_count(u32 id)
{
	pair_t other = { .heads = { { NULL } }, .spare = 0 };
	struct ent *e;
	int n = other.spare;

	hlist_for_each_entry(e, &pair.heads[id & TAB_MASK], node)
		n += e->id == id;
	return n;
}

int main(void)
{
	static struct ent all[12], more[4];
	struct ops local = (struct ops){ .hash = ent_hash, .weight = 4 };
	const struct ops *first = &more_ops[0];
	int i;

	for (i = 0; i < 12; i++) {
		all[i].id = i * 5;
		if (i % 3 == 0)
			ent_ops.hash(&all[i]);
		else if (i % 3 == 1)
			first->hash(&all[i]);
		else
			local.hash(&all[i]);
	}
	for (i = 0; i < 4; i++) {
		more[i].id = i * 9;
		pair_add(&more[i]);
	}
	printf("%d %d %d %d %d %d\n", tab.count, ent_find(25) != NULL, ent_find(26) != NULL,
	       pair_count(9), pair_count(10), ent_ops.weight + more_ops[1].weight + pair.spare);
	return 0;
}
