// expect: busy_hash skipped: its fold (v += v >> ORDER) may map works that differ to one value
// reason: busy_hash bucket helper busy_head() folds its key over several statements into a value that keys which differ may share
// build: pre-3.9
/*
 * The workqueue seed (005) in its own era, kernel/workqueue.c of Linux 3.6
 * with its struct hlist_node cursors: a table that is a member of
 * struct pool, a helper that shifts, folds and masks the address of a
 * work item and returns the bucket pointer, and that pointer passed on to
 * a find function and to hlist_add_head(). The node hashed is the worker's
 * but the key is the work it executes: the 2012 hand conversion hashed
 * the worker on insert and the work on lookup, so collisions went unseen.
 * A conversion must key both on the work, but on the value the old code
 * hashed: the helper folds the address (v >>= base_shift; v += v >> ORDER),
 * which addresses that differ may share (v + (v >> 6) wraps), and no single
 * expression gives that value for hash_add() and hash_for_each_possible()
 * (the hand conversion keyed on the address itself, which only the find
 * function's exact compare makes safe). The table stays as it is.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

enum {
	BUSY_HASH_ORDER		= 6,		/* 64 pointers */
	BUSY_HASH_SIZE		= 1 << BUSY_HASH_ORDER,
	BUSY_HASH_MASK		= BUSY_HASH_SIZE - 1,
};

struct work {
	int id;
	int runs;
	struct list_head entry;		/* on the pending or a deferred list */
};

struct worker {
	int id;
	struct hlist_node hentry;	/* busy: in pool->busy_hash */
	struct work *current_work;
	struct list_head scheduled;	/* works deferred to this worker */
};

struct pool {
	spinlock_t lock;
	unsigned int nr_busy;
	/* workers are chained in busy_hash while they run a work */
	struct hlist_head busy_hash[BUSY_HASH_SIZE];
};

#define for_each_busy_worker(worker, i, pos, pool)			\
	for (i = 0; i < BUSY_HASH_SIZE; i++)				\
		hlist_for_each_entry(worker, pos, &(pool)->busy_hash[i], hentry)

static void pool_init(struct pool *pool)
{
	int i;

	spin_lock_init(&pool->lock);
	pool->nr_busy = 0;
	for (i = 0; i < BUSY_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&pool->busy_hash[i]);
}

/**
 * busy_head - the busy hash head for a work item
 * @pool: pool of interest
 * @work: work to be hashed
 *
 * Must be called with pool->lock held.
 */
static struct hlist_head *busy_head(struct pool *pool, struct work *work)
{
	const int base_shift = ilog2(sizeof(struct work));
	unsigned long v = (unsigned long)work;

	/* simple shift and fold hash */
	v >>= base_shift;
	v += v >> BUSY_HASH_ORDER;
	v &= BUSY_HASH_MASK;

	return &pool->busy_hash[v];
}

/*
 * The worker executing @work, if any. @bwh must be busy_head(pool, work).
 * Must be called with pool->lock held.
 */
static struct worker *__find_worker_executing_work(struct pool *pool,
						   struct hlist_head *bwh,
						   struct work *work)
{
	struct worker *worker;
	struct hlist_node *tmp;

	(void)pool;
	hlist_for_each_entry(worker, tmp, bwh, hentry)
		if (worker->current_work == work)
			return worker;
	return NULL;
}

static struct worker *find_worker_executing_work(struct pool *pool,
						 struct work *work)
{
	return __find_worker_executing_work(pool, busy_head(pool, work), work);
}

/*
 * Start @work on @worker, or defer it to the worker already executing it.
 * Returns the worker that owns the work now.
 */
static struct worker *start_work(struct pool *pool, struct worker *worker,
				 struct work *work)
{
	struct hlist_head *bwh;
	struct worker *collision;

	spin_lock_irq(&pool->lock);
	bwh = busy_head(pool, work);
	collision = __find_worker_executing_work(pool, bwh, work);
	if (collision) {
		list_add_tail(&work->entry, &collision->scheduled);
		spin_unlock_irq(&pool->lock);
		return collision;
	}
	hlist_add_head(&worker->hentry, bwh);
	worker->current_work = work;
	pool->nr_busy++;
	spin_unlock_irq(&pool->lock);
	return worker;
}

/* @worker is done with its work; returns how many deferred runs it did. */
static int finish_work(struct pool *pool, struct worker *worker)
{
	struct work *work, *next;
	int deferred = 0;

	spin_lock_irq(&pool->lock);
	worker->current_work->runs++;
	list_for_each_entry_safe(work, next, &worker->scheduled, entry) {
		list_del_init(&work->entry);
		work->runs++;
		deferred++;
	}
	hlist_del_init(&worker->hentry);
	worker->current_work = NULL;
	pool->nr_busy--;
	spin_unlock_irq(&pool->lock);
	return deferred;
}

static int count_busy(struct pool *pool)
{
	struct worker *worker;
	struct hlist_node *pos;
	int i, n = 0;

	spin_lock_irq(&pool->lock);
	for_each_busy_worker(worker, i, pos, pool)
		n++;
	spin_unlock_irq(&pool->lock);
	return n;
}

#define NR_WORKERS	8
#define NR_WORKS	8

int main(void)
{
	struct pool *pool = kmalloc(sizeof(*pool), GFP_KERNEL);
	struct worker workers[NR_WORKERS];
	struct work works[NR_WORKS];
	struct worker *owner;
	int i, deferred = 0;

	if (!pool)
		return 1;
	pool_init(pool);
	for (i = 0; i < NR_WORKERS; i++) {
		workers[i].id = i;
		workers[i].current_work = NULL;
		INIT_HLIST_NODE(&workers[i].hentry);
		INIT_LIST_HEAD(&workers[i].scheduled);
	}
	for (i = 0; i < NR_WORKS; i++) {
		works[i].id = i;
		works[i].runs = 0;
		INIT_LIST_HEAD(&works[i].entry);
	}

	/* workers 0..3 take works 0..3; workers 4..7 try works 1, 3, 5, 7 */
	for (i = 0; i < 4; i++)
		start_work(pool, &workers[i], &works[i]);
	for (i = 4; i < NR_WORKERS; i++) {
		int w = (2 * i - 7) % NR_WORKS;

		owner = start_work(pool, &workers[i], &works[w]);
		printf("worker %d -> work %d: %s worker %d\n", i, w,
		       owner == &workers[i] ? "runs on" : "deferred to", owner->id);
	}
	printf("busy %d (%u)\n", count_busy(pool), pool->nr_busy);
	for (i = 0; i < NR_WORKS; i++) {
		owner = find_worker_executing_work(pool, &works[i]);
		printf("work %d executing on %d\n", i, owner ? owner->id : -1);
	}

	for (i = 0; i < NR_WORKERS; i++)
		if (workers[i].current_work)
			deferred += finish_work(pool, &workers[i]);
	printf("deferred runs %d, busy %d\n", deferred, count_busy(pool));
	for (i = 0; i < NR_WORKS; i++)
		printf("work %d ran %d times\n", i, works[i].runs);
	kfree(pool);
	return 0;
}
