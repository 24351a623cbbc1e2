// expect: firsts skipped: a walk over the buckets empties the first that is not, then stops
// expect: besides skipped: a walk over the buckets puts an entry beside the first it meets
// reason: firsts a walk over the buckets changes some and stops early
// reason: besides an entry is put beside another with hlist_add_behind()
// expect: deletes skipped: a walk over the buckets deletes the first entry it meets, then returns
// expect: wraps skipped: an entry is put beside another through a function of the file
// reason: deletes a walk over the buckets changes some and stops early
// reason: wraps an entry is put beside another with put_after()
/*
 * Walks by bucket number that change what they meet first (from a review):
 * which bucket is emptied, and which entry's bucket a new entry joins, depend
 * on where the entries are, and hash_min() puts them elsewhere than the mask.
 */
#include <linux/list.h>
#include <linux/kernel.h>

#define B 2
#define N (1 << B)

struct item {
	unsigned int key;
	struct hlist_node node;
};

struct first {
	unsigned int key;
	struct hlist_node link;
};

static struct hlist_head firsts[N];
static struct hlist_head besides[N];

struct other {
	unsigned int key;
	struct hlist_node dnode, wnode;
};

static struct hlist_head deletes[N];
static struct hlist_head wraps[N];

static void add_other(struct other *o)
{
	hlist_add_head(&o->dnode, &deletes[o->key & (N - 1)]);
	hlist_add_head(&o->wnode, &wraps[o->key & (N - 1)]);
}

static int find_other(unsigned int key)
{
	struct other *o;
	int n = 0;

	hlist_for_each_entry(o, &deletes[key & (N - 1)], dnode)
		n += o->key == key;
	hlist_for_each_entry(o, &wraps[key & (N - 1)], wnode)
		n += 10 * (o->key == key);
	return n;
}

static void drop_one(void)
{
	struct other *o;
	struct hlist_node *tmp;
	int i;

	for (i = 0; i < N; i++)
		hlist_for_each_entry_safe(o, tmp, &deletes[i], dnode) {
			hlist_del(&o->dnode);
			return;
		}
}

static void put_after(struct hlist_node *n, struct hlist_node *prev)
{
	hlist_add_behind(n, prev);
}

static void join_wrapped(struct other *x)
{
	struct other *o;
	int i;

	for (i = 0; i < N; i++)
		hlist_for_each_entry(o, &wraps[i], wnode) {
			put_after(&x->wnode, &o->wnode);
			return;
		}
}

static void add_first(struct first *e)
{
	hlist_add_head(&e->link, &firsts[e->key & (N - 1)]);
}

static void add_beside(struct item *e)
{
	hlist_add_head(&e->node, &besides[e->key & (N - 1)]);
}

static int find_first(unsigned int key)
{
	struct first *e;

	hlist_for_each_entry(e, &firsts[key & (N - 1)], link)
		if (e->key == key)
			return 1;
	return 0;
}

static int find_beside(unsigned int key)
{
	struct item *e;

	hlist_for_each_entry(e, &besides[key & (N - 1)], node)
		if (e->key == key)
			return 1;
	return 0;
}

static void drop_first(void)
{
	int i;

	for (i = 0; i < N; i++)
		if (!hlist_empty(&firsts[i])) {
			INIT_HLIST_HEAD(&firsts[i]);
			break;
		}
}

static void join_first(struct item *x)
{
	struct item *e;
	int i;

	for (i = 0; i < N; i++)
		hlist_for_each_entry(e, &besides[i], node) {
			hlist_add_behind(&x->node, &e->node);
			return;
		}
}

int main(void)
{
	static struct first a[7];
	static struct item b[8];
	int i, n = 0, m = 0;

	for (i = 0; i < 8; i++)
		a[i % 7].key = b[i].key = i < 7 ? 3 * i + 1 : N - 1;
	for (i = 0; i < 7; i++) {
		add_first(&a[i]);
		add_beside(&b[i]);
	}
	drop_first();
	join_first(&b[7]);
	for (i = 0; i < 7; i++)
		n = 2 * n + find_first(a[i].key);
	for (i = 0; i < 8; i++)
		m += find_beside(b[i].key);
	printf("%d %d\n", n, m);
	{
		static struct other o[8];
		int k = 0;

		for (i = 0; i < 8; i++)
			o[i].key = i < 7 ? 3 * i + 2 : N - 1;
		for (i = 0; i < 7; i++)
			add_other(&o[i]);
		drop_one();
		join_wrapped(&o[7]);
		for (i = 0; i < 8; i++)
			k += find_other(o[i].key) * (i + 1);
		printf("%d\n", k);
	}
	return 0;
}
