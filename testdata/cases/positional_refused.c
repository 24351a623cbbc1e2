// expect: cur_tab skipped: the cursor iter->bucket is once given a masked key
// reason: cur_tab index "c->bucket" is not a masked or hashed key
// expect: arg_tab skipped: a bucket number computed from a key is handed to a walk (a parameter)
// reason: arg_tab arg_count_bucket() walks a bucket of arg_tab without its key
// expect: put_tab skipped: an entry is inserted into a bucket picked by number
// reason: put_tab picked without a key: hash_add() would put it elsewhere
/*
 * Bucket numbers that must keep a table as it is. cur_tab's cursor field is
 * assigned a masked key somewhere (the iterator resumes at a key's bucket);
 * arg_tab's walk gets its bucket number from a caller that masked a key;
 * put_tab inserts into bucket i of a loop, which hash_add() would not choose.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define TAB_SIZE	8
#define TAB_MASK	(TAB_SIZE - 1)

struct ent {
	unsigned int key;
	struct hlist_node node;
};

struct cursor {
	unsigned int bucket;
};

static struct hlist_head cur_tab[TAB_SIZE];
static struct hlist_head arg_tab[TAB_SIZE];
static struct hlist_head put_tab[TAB_SIZE];

static void cur_add(struct ent *e)
{
	hlist_add_head(&e->node, &cur_tab[e->key & TAB_MASK]);
}

static int cur_count_from(struct cursor *c, unsigned int key)
{
	struct ent *e;
	int n = 0;

	c->bucket = key & TAB_MASK;
	for (; c->bucket < TAB_SIZE; c->bucket++)
		hlist_for_each_entry(e, &cur_tab[c->bucket], node)
			n++;
	return n;
}

static void arg_add(struct ent *e)
{
	hlist_add_head(&e->node, &arg_tab[e->key & TAB_MASK]);
}

static int arg_count_bucket(int b)
{
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, &arg_tab[b], node)
		n++;
	return n;
}

static int arg_count_key(unsigned int key)
{
	return arg_count_bucket(key & TAB_MASK);
}

static void put_spread(struct ent *e, int n)
{
	int i;

	for (i = 0; i < n; i++)
		hlist_add_head(&e[i].node, &put_tab[i % TAB_SIZE]);
}

static int put_has(unsigned int key)
{
	struct ent *e;

	hlist_for_each_entry(e, &put_tab[key & TAB_MASK], node)
		if (e->key == key)
			return 1;
	return 0;
}

int main(void)
{
	struct ent a[10], b[10], c[10];
	struct cursor cur;
	unsigned int i;

	for (i = 0; i < TAB_SIZE; i++)
		INIT_HLIST_HEAD(&cur_tab[i]);
	for (i = 0; i < TAB_SIZE; i++)
		INIT_HLIST_HEAD(&arg_tab[i]);
	for (i = 0; i < TAB_SIZE; i++)
		INIT_HLIST_HEAD(&put_tab[i]);
	for (i = 0; i < 10; i++) {
		a[i].key = b[i].key = c[i].key = 5 * i;
		cur_add(&a[i]);
		arg_add(&b[i]);
	}
	put_spread(c, 10);
	printf("%d %d %d %d\n", cur_count_from(&cur, 13), arg_count_key(15), put_has(5), put_has(8));
	return 0;
}
