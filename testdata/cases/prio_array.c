// expect: by_prio skipped: indexed by priority, not a hash
// reason: by_prio index "t->prio" is not a masked or hashed key
/*
 * An array of lists indexed directly by an enum priority. Its size, 8, is
 * a power of two, but the index is not a hash of anything: the order of
 * the buckets is the dispatch order, and every index is a positional one.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

enum task_prio {
	PRIO_REALTIME,
	PRIO_URGENT,
	PRIO_HIGH,
	PRIO_ABOVE,
	PRIO_NORMAL,
	PRIO_BELOW,
	PRIO_LOW,
	PRIO_IDLE,
	NR_PRIO = 8,		/* spelled out: the size is known, the index is what refuses */
};

struct task {
	int id;
	enum task_prio prio;
	struct hlist_node run_node;
};

static struct hlist_head by_prio[NR_PRIO];

static void enqueue(struct task *t)
{
	hlist_add_head(&t->run_node, &by_prio[t->prio]);
}

/* The first task of the highest non-empty priority, removed. */
static struct task *pick_next(void)
{
	struct task *t;
	int p;

	for (p = 0; p < NR_PRIO; p++) {
		hlist_for_each_entry(t, &by_prio[p], run_node) {
			hlist_del_init(&t->run_node);
			return t;
		}
	}
	return NULL;
}

static unsigned int nr_at(enum task_prio prio)
{
	struct task *t;
	unsigned int n = 0;

	hlist_for_each_entry(t, &by_prio[prio], run_node)
		n++;
	return n;
}

int main(void)
{
	struct task *t;
	int i;

	for (i = 0; i < 20; i++) {
		t = kzalloc(sizeof(*t), GFP_KERNEL);
		if (!t)
			return 1;
		t->id = i;
		t->prio = (enum task_prio)((i * 5) % NR_PRIO);
		enqueue(t);
	}
	printf("normal %u, idle %u\n", nr_at(PRIO_NORMAL), nr_at(PRIO_IDLE));
	printf("dispatch:");
	while ((t = pick_next()) != NULL) {
		printf(" %d/%d", t->id, t->prio);
		kfree(t);
	}
	printf("\n");
	return 0;
}
