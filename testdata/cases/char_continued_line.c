// expect: flows converted
/*
 * A character constant continued on the next line with a backslash before
 * the table's uses: spatch does not count that line (the columns after it run
 * on), so the rule's own tokens must not either, or every position after it
 * is looked up a line too low.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define FLOW_BITS	3

struct flow {
	u32 id;
	int packets;
	struct hlist_node node;
};

static struct hlist_head flows[1 << FLOW_BITS];

static void banner(void)
{
	printf("flow table: %d buckets%c", 1 << FLOW_BITS, '\
\n');
}

static void add_flow(struct flow *f)
{
	hlist_add_head(&f->node, &flows[hash_32(f->id, FLOW_BITS)]);
}

static struct flow *find_flow(u32 id)
{
	struct flow *f;

	hlist_for_each_entry(f, &flows[hash_32(id, FLOW_BITS)], node)
		if (f->id == id)
			return f;
	return NULL;
}

int main(void)
{
	static struct flow all[20];
	int i, found = 0;

	banner();
	for (i = 0; i < 20; i++) {
		all[i].id = i * 37 + 5;
		all[i].packets = i;
		add_flow(&all[i]);
	}
	for (i = 0; i < 40; i++) {
		struct flow *f = find_flow(i * 37 + 5);

		if (f)
			found += f->packets;
	}
	printf("found: %d\n", found);
	return 0;
}
