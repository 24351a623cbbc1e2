// expect: tbl skipped: WRITE_ONCE() of a whole struct the key points into
// reason: tbl a call may change key "p->k->id" before the bucket is used
/*
 * The key p->k->id reads through a pointer into w->key; WRITE_ONCE(w->key,
 * six) stores that whole struct: a store of a field that is not known to hold
 * a scalar or a pointer may change any key.
 * (From a review: the rule before this case converted it, and the program
 * then printed otherwise.)
 */
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define B 3
struct key { unsigned int id; unsigned int pad; };
struct item { struct key *k; struct hlist_node node; };
struct wrap { int x; struct key key; };

static struct hlist_head tbl[1 << B];
static const struct key six = { .id = 6 };

static void add(struct item *p, struct wrap *w)
{
	struct hlist_head *head = &tbl[hash_32(p->k->id, B)];

	WRITE_ONCE(w->key, six);
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
	static struct wrap w = { .key = { .id = 5 } };
	static struct item a = { .k = &w.key };

	add(&a, &w);
	printf("%d %d %u\n", count(5), count(6), a.k->id);
	return 0;
}
