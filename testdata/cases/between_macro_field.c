// expect: tbl skipped: WRITE_ONCE() of a macro that spells the key field
// reason: tbl a call may change key "p->hdr.id" before the bucket is used
/*
 * The key is p->hdr.id; WRITE_ONCE(p->it_id, 6) writes the same field through
 * #define it_id hdr.id, as sk_num spells __sk_common.skc_num in the kernel.
 * (From a review: the rule before this case converted it, and the program
 * then printed otherwise.)
 */
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define B 3
struct hdr { unsigned int id; unsigned int flags; };
struct item { struct hdr hdr; struct hlist_node node; };
#define it_id hdr.id

static struct hlist_head tbl[1 << B];

static void add(struct item *p)
{
	struct hlist_head *head = &tbl[hash_32(p->hdr.id, B)];

	WRITE_ONCE(p->it_id, 6);
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
	static struct item a = { .hdr = { .id = 5 } };

	add(&a);
	printf("%d %d %u\n", count(5), count(6), a.hdr.id);
	return 0;
}
