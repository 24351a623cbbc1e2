// expect: foo_hash converted
/*
 * The commonest open-coded shape: SIZE and MASK macros, the bucket picked
 * inline with "id & MASK" on add and on lookup (the key is an unsigned int
 * at every site), a counting walk over all buckets, and a _safe walk over
 * all buckets that empties the table.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

struct foo {
	unsigned int id;
	int val;
	struct hlist_node node;
};

#define FOO_HASH_SIZE 64
#define FOO_HASH_MASK (FOO_HASH_SIZE - 1)

static struct hlist_head foo_hash[FOO_HASH_SIZE];

static struct foo *foo_lookup(unsigned int id)
{
	struct foo *f;

	hlist_for_each_entry(f, &foo_hash[id & FOO_HASH_MASK], node)
		if (f->id == id)
			return f;
	return NULL;
}

static struct foo *foo_add(unsigned int id, int val)
{
	struct foo *f;

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return NULL;
	f->id = id;
	f->val = val;
	hlist_add_head(&f->node, &foo_hash[f->id & FOO_HASH_MASK]);
	return f;
}

static bool foo_remove(unsigned int id)
{
	struct foo *f = foo_lookup(id);

	if (!f)
		return false;
	hlist_del(&f->node);
	kfree(f);
	return true;
}

static unsigned int foo_count(void)
{
	struct foo *f;
	unsigned int count = 0;
	int i;

	for (i = 0; i < FOO_HASH_SIZE; i++)
		hlist_for_each_entry(f, &foo_hash[i], node)
			count++;
	return count;
}

static long foo_sum(void)
{
	struct foo *f;
	long sum = 0;
	int i;

	for (i = 0; i < FOO_HASH_SIZE; i++) {
		hlist_for_each_entry(f, &foo_hash[i], node) {
			sum += f->val;
		}
	}
	return sum;
}

static void foo_flush(void)
{
	struct hlist_node *tmp;
	struct foo *f;
	int i;

	for (i = 0; i < FOO_HASH_SIZE; i++) {
		hlist_for_each_entry_safe(f, tmp, &foo_hash[i], node) {
			hlist_del(&f->node);
			kfree(f);
		}
	}
}

int main(void)
{
	static const unsigned int probe[] = { 0, 65, 130, 195, 260, 999, 4096, 12743, 0xffffffffu };
	unsigned int id, i;
	struct foo *f;

	/* ids that share their low bits, so masked buckets collide */
	for (id = 0; id < 200; id++)
		foo_add(id * 64 + (id % 8), (int)id);
	foo_add(0xffffffffu, -1);
	printf("count %u sum %ld\n", foo_count(), foo_sum());

	for (id = 0; id < 200; id += 3)
		foo_remove(id * 64 + (id % 8));
	printf("remove missing: %d\n", foo_remove(12345));
	printf("count %u sum %ld\n", foo_count(), foo_sum());

	for (i = 0; i < ARRAY_SIZE(probe); i++) {
		f = foo_lookup(probe[i]);
		printf("lookup %u: %s%d\n", probe[i], f ? "val " : "none ", f ? f->val : 0);
	}

	foo_flush();
	printf("after flush: count %u\n", foo_count());
	return 0;
}
