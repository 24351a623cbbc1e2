// expect: probe_table converted
// build: pre-3.9
/*
 * The tracepoint seed (007) in its own era: kernel/tracepoint.c of Linux 3.6,
 * whose hlist iterators take a struct hlist_node cursor. A static 64-bucket
 * table, the bucket picked through a local head pointer from a jhash() of the
 * name masked with (SIZE - 1). The result uses 3.7's hash_for_each_possible()
 * with the function's own node cursor.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/jhash.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/mutex.h>
#include <linux/err.h>

/*
 * Probe points hash table, holding the registered probes.
 * Protected by probes_mutex.
 */
#define PROBE_HASH_BITS 6
#define PROBE_TABLE_SIZE (1 << PROBE_HASH_BITS)
static struct hlist_head probe_table[PROBE_TABLE_SIZE];

static DEFINE_MUTEX(probes_mutex);

struct probe_entry {
	struct hlist_node hlist;
	int refcount;	/* number of registered users */
	long hits;
	char name[];
};

/*
 * Get the probe point named @name, or NULL.
 * Must be called with probes_mutex held.
 */
static struct probe_entry *get_probe(const char *name)
{
	struct hlist_head *head;
	struct hlist_node *node;
	struct probe_entry *e;
	u32 hash = jhash(name, strlen(name), 0);

	head = &probe_table[hash & (PROBE_TABLE_SIZE - 1)];
	hlist_for_each_entry(e, node, head, hlist) {
		if (!strcmp(name, e->name))
			return e;
	}
	return NULL;
}

/*
 * Add the probe point @name; ERR_PTR(-EEXIST) if it is already there.
 * Must be called with probes_mutex held.
 */
static struct probe_entry *add_probe(const char *name)
{
	struct hlist_head *head;
	struct hlist_node *node;
	struct probe_entry *e;
	size_t name_len = strlen(name) + 1;
	u32 hash = jhash(name, name_len - 1, 0);

	head = &probe_table[hash & (PROBE_TABLE_SIZE - 1)];
	hlist_for_each_entry(e, node, head, hlist) {
		if (!strcmp(name, e->name)) {
			printk(KERN_NOTICE "probe %s busy\n", name);
			return ERR_PTR(-EEXIST);	/* Already there */
		}
	}
	/*
	 * kmalloc: the name is stored inline after the structure.
	 */
	e = kmalloc(sizeof(struct probe_entry) + name_len, GFP_KERNEL);
	if (!e)
		return ERR_PTR(-ENOMEM);
	memcpy(&e->name[0], name, name_len);
	e->refcount = 0;
	e->hits = 0;
	hlist_add_head(&e->hlist, head);
	return e;
}

/*
 * Remove the probe point from the table.
 * Must be called with probes_mutex held.
 */
static inline void remove_probe(struct probe_entry *e)
{
	hlist_del(&e->hlist);
	kfree(e);
}

static int probe_register(const char *name)
{
	struct probe_entry *e;
	int ret = 0;

	mutex_lock(&probes_mutex);
	e = get_probe(name);
	if (!e) {
		e = add_probe(name);
		if (IS_ERR(e)) {
			ret = PTR_ERR(e);
			goto out;
		}
	}
	e->refcount++;
out:
	mutex_unlock(&probes_mutex);
	return ret;
}

static int probe_unregister(const char *name)
{
	struct probe_entry *e;
	int ret = 0;

	mutex_lock(&probes_mutex);
	e = get_probe(name);
	if (!e) {
		ret = -ENOENT;
		goto out;
	}
	if (!--e->refcount)
		remove_probe(e);
out:
	mutex_unlock(&probes_mutex);
	return ret;
}

static void probe_hit(const char *name, long n)
{
	struct probe_entry *e;

	mutex_lock(&probes_mutex);
	e = get_probe(name);
	if (e)
		e->hits += n;
	mutex_unlock(&probes_mutex);
}

static const char * const names[] = {
	"sched_wakeup", "sched_switch", "irq_enter", "irq_exit",
	"softirq_raise", "timer_start", "timer_cancel", "page_fault",
	"block_rq_issue", "block_rq_complete", "net_dev_xmit", "net_rx",
	"kmem_alloc", "kmem_free", "signal_deliver", "task_rename",
};

int main(void)
{
	struct probe_entry *e;
	unsigned int i;
	long total = 0;
	int ret;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		ret = probe_register(names[i]);
		if (ret)
			printf("register %s: %d\n", names[i], ret);
	}
	/* a second user of some probes */
	for (i = 0; i < ARRAY_SIZE(names); i += 3)
		probe_register(names[i]);

	mutex_lock(&probes_mutex);
	e = add_probe("irq_exit");
	printf("add irq_exit again: %s\n", IS_ERR(e) ? "EEXIST" : "added");
	mutex_unlock(&probes_mutex);

	for (i = 0; i < ARRAY_SIZE(names); i++)
		probe_hit(names[i], i + 1);
	probe_hit("not_a_probe", 1000);

	/* drop one user of every probe: only the doubly held ones remain */
	for (i = 0; i < ARRAY_SIZE(names); i++)
		probe_unregister(names[i]);
	printf("unregister unknown: %d\n", probe_unregister("not_a_probe"));

	mutex_lock(&probes_mutex);
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		e = get_probe(names[i]);
		printf("%-18s %s", names[i], e ? "present" : "absent");
		if (e) {
			printf(" refs=%d hits=%ld", e->refcount, e->hits);
			total += e->hits;
		}
		printf("\n");
	}
	mutex_unlock(&probes_mutex);
	printf("total hits of present probes: %ld\n", total);

	for (i = 0; i < ARRAY_SIZE(names); i++)
		probe_unregister(names[i]);
	mutex_lock(&probes_mutex);
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (get_probe(names[i]))
			printf("leaked %s\n", names[i]);
	mutex_unlock(&probes_mutex);
	return 0;
}
