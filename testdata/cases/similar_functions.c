// expect: a_tbl converted: its bucket pointer and the declaration of it go
// expect: b_tbl skipped: passed whole to a function
// reason: b_tbl use not understood: "dump ( b_tbl ) ;"
/*
 * Two lookups that differ only in their first lines, one of a table that
 * converts and one of a table that does not. spatch hands the rule a copy of
 * the function it changed; matched to the file by its longest run of equal
 * lines, that copy's declarations were taken for those of the other lookup,
 * and the declaration of the bucket pointer of find_a() stayed, unused.
 */
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
static int lookups;

static void dump(struct hlist_head *tbl)
{
	(void)tbl;
}

static struct item *find_b(unsigned int key)
{
	struct hlist_head *head;
	struct item *it;

	dump(b_tbl);
	head = &b_tbl[key & (B_SIZE - 1)];

	lookups++;
	hlist_for_each_entry(it, head, node)
		if (it->key == key) {
			lookups--;
			return it;
		}
	lookups--;
	return NULL;
}

static struct item *find_a(unsigned int key)
{
	struct hlist_head *head;
	struct item *it;

	head = &a_tbl[hash_32(key, A_BITS)];

	lookups++;
	hlist_for_each_entry(it, head, node)
		if (it->key == key) {
			lookups--;
			return it;
		}
	lookups--;
	return NULL;
}

int main(void)
{
	static struct item x = { .key = 11 }, y = { .key = 12 };

	hlist_add_head(&x.node, &a_tbl[hash_32(x.key, A_BITS)]);
	hlist_add_head(&y.node, &b_tbl[y.key & (B_SIZE - 1)]);
	printf("%d %d %d %d %d\n", find_a(11) == &x, find_a(12) != NULL, find_b(12) == &y,
	       find_b(11) != NULL, lookups);
	return 0;
}
