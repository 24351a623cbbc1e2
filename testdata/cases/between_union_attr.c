// expect: tbl skipped: WRITE_ONCE() of a union member beside the key, the union followed by an attribute
// reason: tbl a call may change key "p->id" before the bucket is used
/*
 * The key field id shares an unnamed union with raw, the union followed by
 * __attribute__((aligned(4))); WRITE_ONCE(p->raw, 6) writes id too.
 * (From a review: the rule before this case converted it, and the program
 * then printed otherwise.)
 */
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define B 3
struct item {
	union {
		unsigned int id;
		unsigned int raw;
	} __attribute__((aligned(4)));
	struct hlist_node node;
};

static struct hlist_head tbl[1 << B];

static void add(struct item *p)
{
	struct hlist_head *head = &tbl[hash_32(p->id, B)];

	WRITE_ONCE(p->raw, 6);
	hlist_add_head(&p->node, head);
}

static int count(unsigned int id)
{
	struct item *p, q = { .id = id };
	int n = 0;

	hlist_for_each_entry(p, &tbl[hash_32(q.id, B)], node)
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
