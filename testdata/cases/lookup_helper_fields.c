// expect: tab skipped
// reason: tab the walk of the bucket of "addr_hash(a)" is no lookup ("return" comes before a test of "a->v4"): hash_for_each_possible() would visit the entries of other keys than before
/*
 * The key is a helper of two fields, the test compares one: converted by be6eac0 with the
 * program's output changed (a fifth review's q01).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

/* an address hashed whole by a helper; the walk tests the family, then a subnet */
struct addr { unsigned int fam; unsigned int v4; };
struct item { struct addr a; struct hlist_node node; };

static struct item items[] = { { { 0, 1 } }, { { 0, 17 } }, { { 0, 33 } }, { { 0, 9 } },
			       { { 0, 22 } }, { { 0, 30 } }, { { 0, 3 } } };
static struct hlist_head tab[16];

static unsigned int addr_hash(const struct addr *a)
{
	return a->v4 + a->fam * 16;
}

/* the first entry of the family in the address's /28 */
static struct item *find_subnet(const struct addr *a)
{
	struct item *it;

	hlist_for_each_entry(it, &tab[addr_hash(a) & 15], node) {
		if (it->a.fam != a->fam)
			continue;
		return it;
	}
	return NULL;
}

int main(void)
{
	static const unsigned int keys[] = { 1, 17, 33, 9, 22, 30, 3 };
	unsigned int i;

	for (i = 0; i < 7; i++)
		hlist_add_head(&items[i].node, &tab[addr_hash(&items[i].a) & 15]);
	for (i = 0; i < 7; i++) {
		struct addr a = { 0, keys[i] };
		struct item *r = find_subnet(&a);
		printf("%u:%ld ", keys[i], r ? (long)(r - items) : -1L);
	}
	printf("\n");
	return 0;
}
