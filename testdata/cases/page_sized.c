// expect: defer_hash converted: a page over two pointers is a power of two on every architecture
// expect: odd_hash skipped: a third of a page is no power of two
// reason: odd_hash bucket count "ODD_SIZE" is not a constant here (PAGE_SIZE)
// config: PAGE_SIZE=4096
/*
 * Tables sized by the page (sunrpc's cache_defer_hash). PAGE_SIZE comes from
 * the architecture, 4 KiB to 256 KiB, a power of two on each, and so is
 * sizeof(struct list_head), two pointers: their quotient is one too, and the
 * table's bits are ilog2() of it, whatever the page. The rule has no value
 * for PAGE_SIZE (the compiler has it from the config line). A third of a
 * page is no power of two.
 */
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define DEFER_SIZE	(PAGE_SIZE / sizeof(struct list_head))
#define DEFER_HASH(p)	((((unsigned long)(p)) >> 4 ^ ((unsigned long)(p)) >> 13) % DEFER_SIZE)
#define ODD_SIZE	(PAGE_SIZE / 3)

struct req {
	void *owner;
	struct hlist_node hash;
};

static struct hlist_head defer_hash[DEFER_SIZE];
static struct hlist_head odd_hash[ODD_SIZE];

static void defer(struct req *r)
{
	int h = DEFER_HASH(r->owner);

	hlist_add_head(&r->hash, &defer_hash[h]);
}

static int deferred_for(void *owner)
{
	struct req *r;
	int n = 0, h = DEFER_HASH(owner);

	hlist_for_each_entry(r, &defer_hash[h], hash)
		n += r->owner == owner;
	return n;
}

static void odd_add(struct req *r, unsigned int key)
{
	hlist_add_head(&r->hash, &odd_hash[key % ODD_SIZE]);
}

static int odd_has(struct req *r, unsigned int key)
{
	struct req *x;

	hlist_for_each_entry(x, &odd_hash[key % ODD_SIZE], hash)
		if (x == r)
			return 1;
	return 0;
}

int main(void)
{
	static int owners[3];
	static struct req reqs[10], odd[2];
	int i;

	for (i = 0; i < 10; i++) {
		reqs[i].owner = &owners[i % 3];
		defer(&reqs[i]);
	}
	odd_add(&odd[0], 5);
	odd_add(&odd[1], 5 + ODD_SIZE);
	printf("%d %d %d %d %d %d\n", deferred_for(&owners[0]), deferred_for(&owners[1]),
	       deferred_for(&owners[2]), deferred_for(&i), odd_has(&odd[1], 5), odd_has(&odd[0], 6));
	return 0;
}
