// expect: flow_hash converted
// build: pre-3.9
/*
 * Every pre-3.9 iterator form on one table: a keyed lookup with
 * hlist_for_each_entry_rcu(tpos, pos, head, member), a keyed removal with
 * hlist_for_each_entry_safe(tpos, pos, n, head, member), and full walks with
 * the plain, _safe and _rcu forms, each with its own struct hlist_node
 * cursor. They become 3.7's hash_for_each_possible_rcu(),
 * hash_for_each_possible_safe(), hash_for_each(), hash_for_each_safe() and
 * hash_for_each_rcu(), which take the same cursors.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

#define FLOW_HASH_BITS	3
#define FLOW_HASH_SIZE	(1 << FLOW_HASH_BITS)
#define FLOW_HASH_MASK	(FLOW_HASH_SIZE - 1)

struct flow {
	u32 id;
	unsigned int packets;
	struct hlist_node node;
};

static struct hlist_head flow_hash[FLOW_HASH_SIZE];

static void flows_init(void)
{
	int i;

	for (i = 0; i < FLOW_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&flow_hash[i]);
}

static struct flow *flow_lookup(u32 id)
{
	struct flow *f;
	struct hlist_node *pos;

	rcu_read_lock();
	hlist_for_each_entry_rcu(f, pos, &flow_hash[id & FLOW_HASH_MASK], node) {
		if (f->id == id) {
			rcu_read_unlock();
			return f;
		}
	}
	rcu_read_unlock();
	return NULL;
}

static void flow_add(u32 id)
{
	struct flow *f = kzalloc(sizeof(*f), GFP_KERNEL);

	f->id = id;
	hlist_add_head_rcu(&f->node, &flow_hash[id & FLOW_HASH_MASK]);
}

/* Remove every flow of @id (there may be several). */
static int flow_remove(u32 id)
{
	struct flow *f;
	struct hlist_node *pos, *n;
	int removed = 0;

	hlist_for_each_entry_safe(f, pos, n, &flow_hash[id & FLOW_HASH_MASK], node) {
		if (f->id != id)
			continue;
		hlist_del(&f->node);
		kfree(f);
		removed++;
	}
	return removed;
}

static unsigned int flows_packets(void)
{
	struct flow *f;
	struct hlist_node *pos;
	unsigned int total = 0;
	int i;

	for (i = 0; i < FLOW_HASH_SIZE; i++)
		hlist_for_each_entry(f, pos, &flow_hash[i], node)
			total += f->packets;
	return total;
}

static unsigned int flows_count_rcu(void)
{
	struct flow *f;
	struct hlist_node *pos;
	unsigned int n = 0;
	int i;

	rcu_read_lock();
	for (i = 0; i < FLOW_HASH_SIZE; i++) {
		hlist_for_each_entry_rcu(f, pos, &flow_hash[i], node)
			n++;
	}
	rcu_read_unlock();
	return n;
}

static void flows_destroy(void)
{
	struct flow *f;
	struct hlist_node *pos, *tmp;
	int i;

	for (i = 0; i < FLOW_HASH_SIZE; i++)
		hlist_for_each_entry_safe(f, pos, tmp, &flow_hash[i], node) {
			hlist_del(&f->node);
			kfree(f);
		}
}

int main(void)
{
	static const u32 ids[] = { 1, 9, 17, 2, 10, 3, 9, 100, 255, 17 };
	struct flow *f;
	unsigned int i;

	flows_init();
	for (i = 0; i < ARRAY_SIZE(ids); i++)
		flow_add(ids[i]);
	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		f = flow_lookup(ids[i]);
		if (f)
			f->packets += i + 1;
	}
	printf("flows %u, packets %u\n", flows_count_rcu(), flows_packets());
	printf("removed 9: %d, removed 17: %d, removed 4: %d\n",
	       flow_remove(9), flow_remove(17), flow_remove(4));
	printf("flows %u, packets %u\n", flows_count_rcu(), flows_packets());
	printf("lookup 10: %s, lookup 9: %s\n",
	       flow_lookup(10) ? "found" : "none", flow_lookup(9) ? "found" : "none");
	flows_destroy();
	printf("flows %u\n", flows_count_rcu());
	return 0;
}
