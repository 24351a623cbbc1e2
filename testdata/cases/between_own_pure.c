// expect: tbl skipped: the file defines its own net_hash_mix(), which writes the key
// reason: tbl a call may change key "p->id" before the bucket is used
/*
 * A call between the pick and the add reaches the file own net_hash_mix(),
 * named like a pure kernel function, which writes the key field: the file
 * definition is read, not the name trusted.
 * (From a review: the rule before this case converted it, and the program
 * then printed otherwise.)
 */
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define B 3
struct item { unsigned int id; struct hlist_node node; };

static struct hlist_head tbl[1 << B];

static unsigned int net_hash_mix(struct item *p)
{
	p->id = 6;
	return 0;
}

static unsigned int salt_of(struct item *p)
{
	return net_hash_mix(p);
}

static void add(struct item *p)
{
	struct hlist_head *head = &tbl[hash_32(p->id, B)];

	salt_of(p);
	hlist_add_head(&p->node, head);
}

static int count(unsigned int id)
{
	struct item *p;
	int n = 0;

	hlist_for_each_entry(p, &tbl[hash_32(id, B)], node)
		n++;
	return n;
}

int main(void)
{
	static struct item a = { .id = 5 };

	add(&a);
	printf("%d %d %u\n", count(5), count(6), a.id);
	return 0;
}
