// expect: tab converted
/*
 * A lookup by a field of a request that the caller steps (r.id += 16) and an
 * initializer sets: masked at the index, the field is a key, not a bucket
 * number that a cursor keeps. Read as one, the walk stayed masked while the
 * adds were converted to hash_add(), and the lookups found nothing.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item {
	unsigned int key;
	struct hlist_node node;
};

/* a request: the id it asks for; the caller steps through ids 16 apart */
struct req {
	unsigned int id;
};

static struct item items[] = { { 1 }, { 17 }, { 33 }, { 9 }, { 30 }, { 22 }, { 3 } };

static struct hlist_head tab[16];

static struct item *find(const struct req *r)
{
	struct item *it;

	hlist_for_each_entry(it, &tab[r->id & 15], node)
		if (it->key == r->id)
			return it;
	return NULL;
}

int main(void)
{
	struct req r = { 1 };
	unsigned int i;

	for (i = 0; i < 7; i++)
		hlist_add_head(&items[i].node, &tab[items[i].key & 15]);
	for (i = 0; i < 4; i++, r.id += 16) {
		struct item *e = find(&r);
		printf("%u:%ld ", r.id, e ? (long)(e - items) : -1L);
	}
	printf("\n");
	return 0;
}
