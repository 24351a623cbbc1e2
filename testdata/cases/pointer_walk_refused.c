// expect: adds skipped: the walk adds through its cursor
// expect: keeps skipped: the cursor is read after the walk
// expect: cursors skipped: the cursor is a file-scope variable
// expect: shorts skipped: the walk stops a bucket early
// expect: stores skipped: the walk stores its cursor
// reason: adds a walk by bucket pointer does more with its cursor "head" than read each bucket
// reason: keeps the cursor "head" of a walk by bucket pointer is used outside it
// reason: cursors the cursor "cur" of a walk by bucket pointer is not a local of its function
// reason: shorts loop bound "N - 1" does not cover exactly the buckets
// reason: stores a walk by bucket pointer does more with its cursor "head" than read each bucket
// expect: nests skipped: the walk sits in another walk by its cursor, which stores it after
// expect: drops skipped: the walk empties the first bucket that is not
// reason: nests the cursor "head" of a walk by bucket pointer is used outside it
// reason: drops a walk by bucket pointer may stop before the last bucket
// expect: stops skipped: the walk stops at the first bucket that is not empty, by a macro
// reason: stops a walk by bucket pointer may stop before the last bucket
/*
 * Walks by bucket pointer that cannot stay beside hash_add(): an entry added
 * to the bucket the cursor points to, or through it after the walk, or through
 * a cursor that other functions can reach, sits where hash_min() of its key
 * does not look; a walk that stops early leaves buckets out.
 */
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define B 2
#define N (1 << B)

struct item {
	unsigned int key;
	struct hlist_node node;
};

static struct hlist_head adds[N];
static struct hlist_head keeps[N];
static struct hlist_head cursors[N];
static struct hlist_head shorts[N];
static struct hlist_head stores[N];
static struct hlist_head nests[N];
static struct hlist_head drops[N];
static struct hlist_head outer[N];
static struct hlist_head stops[N];

#define STOP break
static struct hlist_head *cur;
static struct hlist_head *last;

static void put_all(struct item *e)
{
	hlist_add_head(&e[0].node, &adds[hash_32(e[0].key, B)]);
	hlist_add_head(&e[1].node, &keeps[hash_32(e[1].key, B)]);
	hlist_add_head(&e[2].node, &cursors[hash_32(e[2].key, B)]);
	hlist_add_head(&e[3].node, &shorts[hash_32(e[3].key, B)]);
	hlist_add_head(&e[4].node, &stores[hash_32(e[4].key, B)]);
	hlist_add_head(&e[7].node, &nests[hash_32(e[7].key, B)]);
	hlist_add_head(&e[8].node, &drops[hash_32(e[8].key, B)]);
	hlist_add_head(&e[9].node, &stops[hash_32(e[9].key, B)]);
}

static int walk_adds(struct item *extra)
{
	struct hlist_head *head;
	int n = 0;

	for (head = adds; head < &adds[N]; head++)
		if (hlist_empty(head) && !n++)
			hlist_add_head(&extra->node, head);
	return n;
}

static int walk_keeps(struct item *extra)
{
	struct hlist_head *head;
	struct item *e;
	int n = 0;

	for (head = keeps; head < &keeps[N]; head++)
		hlist_for_each_entry(e, head, node)
			n++;
	head = &keeps[0];
	hlist_add_head(&extra->node, head);
	return n;
}

static int walk_cursors(void)
{
	struct item *e;
	int n = 0;

	for (cur = cursors; cur < &cursors[N]; cur++)
		hlist_for_each_entry(e, cur, node)
			n++;
	return n;
}

static int walk_shorts(void)
{
	struct hlist_head *head;
	struct item *e;
	int n = 0;

	for (head = shorts; head < &shorts[N - 1]; head++)
		hlist_for_each_entry(e, head, node)
			n++;
	return n;
}

static int walk_stores(void)
{
	struct hlist_head *head;
	struct item *e;
	int n = 0;

	for (head = stores; head < &stores[N]; head++) {
		hlist_for_each_entry(e, head, node)
			n++;
		last = head;
	}
	return n;
}

static int walk_nests(void)
{
	struct hlist_head *head;
	int n = 0;

	for (head = outer; head < &outer[N]; head++) {
		for (head = nests; head < &nests[N]; head++)
			n += hlist_empty(head);
		last = head;
		break;
	}
	return n;
}

static int walk_stops(void)
{
	struct hlist_head *head;
	int n = 0;

	for (head = stops; head < &stops[N]; head++) {
		if (!hlist_empty(head))
			STOP;
		n++;
	}
	return n;
}

static void walk_drops(void)
{
	struct hlist_head *head;

	for (head = drops; head < &drops[N]; head++)
		if (!hlist_empty(head)) {
			INIT_HLIST_HEAD(head);
			break;
		}
}

static int count(struct hlist_head *t, unsigned int key)
{
	struct item *e;
	int n = 0;

	hlist_for_each_entry(e, &t[hash_32(key, B)], node)
		n += e->key == key;
	return n;
}

int main(void)
{
	static struct item e[11];

	for (int i = 0; i < 11; i++)
		e[i].key = i + 1;

	put_all(e);
	printf("%d %d ", walk_adds(&e[5]), walk_keeps(&e[6]));
	printf("%d %d %d\n", walk_cursors(), walk_shorts(), walk_stores());
	printf("%d %d %d %d %d %d\n", count(adds, 6), count(keeps, 7), count(cursors, 3),
	       count(shorts, 4), count(stores, 5), last == &stores[N - 1]);
	printf("%d\n", count(adds, 1) + count(keeps, 2));
	printf("%d %d ", walk_nests(), last != NULL);
	walk_drops();
	printf("%d ", walk_stops());
	printf("%d %d %d\n", count(nests, 8), count(nests, 10), count(drops, 9));
	return 0;
}
