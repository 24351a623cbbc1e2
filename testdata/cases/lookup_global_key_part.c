// expect: tab skipped
// reason: tab the walk of the bucket of "id ^ cur_ns" is no lookup ("return" comes before a test of "cur_ns")
/*
 * A part of the key that a variable of the file holds, assigned once in the
 * text but in a loop: converted by 4434b4e, which took any variable assigned
 * once for a seed, with the output changed (a fourth review's q16). Only
 * an __init function gives a seed its value.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

/* ids are per namespace; the current namespace is a global */
struct item {
	unsigned int id;
	unsigned int ns;
	struct hlist_node node;
};

static struct item items[] = { { 1, 0 }, { 1, 16 }, { 17, 0 }, { 1, 8 }, { 30, 0 }, { 22, 0 }, { 3, 0 } };
static unsigned int cur_ns;

static struct hlist_head tab[16];

static struct item *find(unsigned int id)
{
	struct item *it;

	hlist_for_each_entry(it, &tab[(id ^ cur_ns) & 15], node)
		if (it->id == id)
			return it;
	return NULL;
}

int main(void)
{
	static const unsigned int ns[] = { 0, 16, 8, 32 };
	unsigned int i;

	for (i = 0; i < 7; i++)
		hlist_add_head(&items[i].node, &tab[(items[i].id ^ items[i].ns) & 15]);
	for (i = 0; i < 4; i++) {
		struct item *r;

		cur_ns = ns[i];
		r = find(1);
		printf("ns %u:%ld ", ns[i], r ? (long)(r - items) : -1L);
	}
	printf("\n");
	return 0;
}
