// expect: probe_table converted
/*
 * A seq_file over the buckets by position (kprobes' /sys/kernel/debug/kprobes/list):
 * start() and next() hand show() their position, counted up from 0 and
 * bounded by the bucket count, and show() lists the bucket of that number.
 * No bucket number comes from a key, so show() stays as it is; the keyed
 * accesses convert.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct seq_file { int count; unsigned long sum; unsigned int first_id; };
struct seq_operations {
	void *(*start)(struct seq_file *m, loff_t *pos);
	void *(*next)(struct seq_file *m, void *v, loff_t *pos);
	int (*show)(struct seq_file *m, void *v);
};

#define PROBE_HASH_BITS	4
#define PROBE_TABLE_SIZE	(1 << PROBE_HASH_BITS)
#define PROBE_MASK	(PROBE_TABLE_SIZE - 1)

struct probe {
	unsigned int id;
	struct hlist_node hlist;
};

static struct hlist_head probe_table[PROBE_TABLE_SIZE];

static void probe_add(struct probe *p)
{
	hlist_add_head(&p->hlist, &probe_table[p->id & PROBE_MASK]);
}

static struct probe *probe_get(unsigned int id)
{
	struct hlist_head *head = &probe_table[id & PROBE_MASK];
	struct probe *p;

	hlist_for_each_entry(p, head, hlist)
		if (p->id == id)
			return p;
	return NULL;
}

static void *probe_seq_start(struct seq_file *f, loff_t *pos)
{
	return (*pos < PROBE_TABLE_SIZE) ? pos : NULL;
}

static void *probe_seq_next(struct seq_file *f, void *v, loff_t *pos)
{
	(*pos)++;
	if (*pos >= PROBE_TABLE_SIZE)
		return NULL;
	return pos;
}

static int probe_seq_show(struct seq_file *m, void *v)
{
	struct hlist_head *head;
	struct probe *p;
	unsigned int i = *(loff_t *) v;

	head = &probe_table[i];
	hlist_for_each_entry(p, head, hlist) {
		m->count++;
		m->sum += p->id;
	}
	return 0;
}

static const struct seq_operations probe_sops = {
	.start = probe_seq_start,
	.next  = probe_seq_next,
	.show  = probe_seq_show,
};

/* what seq_read() does with them */
static void seq_read_all(const struct seq_operations *ops, struct seq_file *m)
{
	loff_t pos = 0;
	void *v;

	for (v = ops->start(m, &pos); v; v = ops->next(m, v, &pos))
		ops->show(m, v);
}

int main(void)
{
	static struct probe probes[20];
	struct seq_file m = { 0, 0, 0x53 };
	unsigned int i;

	for (i = 0; i < 20; i++) {
		probes[i].id = i * 0x31 + 3;
		probe_add(&probes[i]);
	}
	seq_read_all(&probe_sops, &m);
	printf("%d probes listed, ids sum to %lu; 5th found %d; 1000 found %d\n", m.count, m.sum,
	       probe_get(probes[5].id) == &probes[5], probe_get(1000) != NULL);
	return 0;
}
