// expect: job_hash converted
/*
 * A helper that tells whether the table is empty by scanning every bucket
 * with hlist_empty(): the meaning of hash_empty(). Two look-alike scans
 * (the opposite answer, a count) must stay loops.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define JOB_HASH_SIZE	16
#define JOB_HASH_MASK	(JOB_HASH_SIZE - 1)

struct job {
	unsigned int id;
	struct hlist_node node;
};

static struct hlist_head job_hash[JOB_HASH_SIZE];

static bool jobs_idle(void)
{
	int i;

	for (i = 0; i < JOB_HASH_SIZE; i++)
		if (!hlist_empty(&job_hash[i]))
			return false;
	return true;
}

/* Not the hash_empty() idiom: the opposite answer, so it stays a loop. */
static bool jobs_pending(void)
{
	int i;

	for (i = 0; i < JOB_HASH_SIZE; i++)
		if (!hlist_empty(&job_hash[i]))
			return true;
	return false;
}

/* Not the idiom either: it counts, so it stays a loop. */
static int busy_buckets(void)
{
	int i, n = 0;

	for (i = 0; i < JOB_HASH_SIZE; i++) {
		if (!hlist_empty(&job_hash[i]))
			n++;
	}
	return n;
}

static void job_queue(unsigned int id)
{
	struct job *j = kmalloc(sizeof(*j), GFP_KERNEL);

	if (!j)
		return;
	j->id = id;
	hlist_add_head(&j->node, &job_hash[id & JOB_HASH_MASK]);
}

static bool job_done(unsigned int id)
{
	struct job *j;

	hlist_for_each_entry(j, &job_hash[id & JOB_HASH_MASK], node) {
		if (j->id == id) {
			hlist_del(&j->node);
			kfree(j);
			return true;
		}
	}
	return false;
}

int main(void)
{
	static const unsigned int ids[] = { 5, 21, 37, 1000, 7 };
	unsigned int i;

	printf("idle at start: %d\n", jobs_idle());
	for (i = 0; i < ARRAY_SIZE(ids); i++)
		job_queue(ids[i]);
	printf("idle after queueing: %d\n", jobs_idle());
	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		bool done = job_done(ids[i]);

		printf("done %u: %d, idle %d, pending %d, busy %d\n", ids[i], done,
		       jobs_idle(), jobs_pending(), busy_buckets() > 0);
		done = job_done(ids[i]);
		printf("done %u again: %d\n", ids[i], done);
	}
	return 0;
}
