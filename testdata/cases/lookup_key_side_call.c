// expect: tab skipped
// reason: tab the walk of the bucket of "r->id" is no lookup ("return" comes before a test of "r->id"): hash_for_each_possible() would visit the entries of other keys than before
/*
 * The key compared with what a call returns of the request: converted by be6eac0 with the
 * program's output changed (a fifth review's q22).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item { unsigned int key; struct hlist_node node; };
struct req { unsigned int id; unsigned int parent; };

static struct item items[] = { { 1 }, { 17 }, { 33 }, { 9 }, { 22 }, { 30 }, { 3 } };
static struct hlist_head tab[16];

static unsigned int req_parent(const struct req *r)
{
	return r->parent;
}

/* the parent of a request, looked up where the request's own id hashes */
static struct item *find_parent(const struct req *r)
{
	struct item *it;

	hlist_for_each_entry(it, &tab[r->id & 15], node)
		if (it->key == req_parent(r))
			return it;
	return NULL;
}

int main(void)
{
	static const struct req reqs[] = { { 1, 17 }, { 17, 33 }, { 33, 1 }, { 22, 1 }, { 9, 30 }, { 3, 3 } };
	unsigned int i;

	for (i = 0; i < 7; i++)
		hlist_add_head(&items[i].node, &tab[items[i].key & 15]);
	for (i = 0; i < 6; i++) {
		struct item *e = find_parent(&reqs[i]);
		printf("%u:%ld ", reqs[i].id, e ? (long)(e - items) : -1L);
	}
	printf("\n");
	return 0;
}
