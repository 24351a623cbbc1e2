// expect: ports converted: walks by bucket pointer stay as they are
/*
 * Every bucket walked by a pointer that runs from the first bucket to past the
 * last (tcm_fc's ft_sess_delete_all()): for (head = T; head < &T[N]; head++),
 * and the same with T + N, != and &T[0]. hash_for_each() would need a bucket
 * number the function does not have; the walk stays, and stays right, as
 * DECLARE_HASHTABLE() and DEFINE_HASHTABLE() keep the array of buckets. Its
 * cursor is only given to an iterator, hlist_empty() or INIT_HLIST_HEAD(), and
 * the next walk by it (of another array) starts it over.
 */
#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define PORT_BITS	3
#define PORT_SIZE	(1 << PORT_BITS)

struct port {
	unsigned int id;
	struct hlist_node node;
};

static struct hlist_head ports[PORT_SIZE];
static struct hlist_head spare[PORT_SIZE];

static void port_add(struct port *p)
{
	hlist_add_head_rcu(&p->node, &ports[hash_32(p->id, PORT_BITS)]);
}

static struct port *port_find(unsigned int id)
{
	struct port *p;

	hlist_for_each_entry_rcu(p, &ports[hash_32(id, PORT_BITS)], node)
		if (p->id == id)
			return p;
	return NULL;
}

static unsigned int port_sum(void)
{
	struct hlist_head *head;
	struct port *p;
	unsigned int sum = 0;

	for (head = ports; head < &ports[PORT_SIZE]; head++) {
		hlist_for_each_entry_rcu(p, head, node)
			sum += p->id;
	}
	return sum;
}

static int both_empty(void)
{
	struct hlist_head *head;
	int empty = 0;

	for (head = ports; head < &ports[PORT_SIZE]; head++)
		empty += hlist_empty(head);
	for (head = spare; head < &spare[PORT_SIZE]; head++)
		empty += hlist_empty(head);
	return empty;
}

static int port_used(void)
{
	struct hlist_head *h;
	int used = 0;

	for (h = &ports[0]; h != ports + PORT_SIZE; ++h)
		used += !hlist_empty(h);
	return used;
}

static void port_drop_all(void)
{
	struct hlist_head *head;
	struct hlist_node *tmp;
	struct port *p;

	for (head = ports; head < ports + ARRAY_SIZE(ports); head++)
		hlist_for_each_entry_safe(p, tmp, head, node)
			hlist_del_rcu(&p->node);
}

int main(void)
{
	static struct port p[6];
	int i;

	for (i = 0; i < 6; i++) {
		p[i].id = 7 * i + 1;
		port_add(&p[i]);
	}
	printf("%u %d %d\n", port_sum(), port_used() > 0, port_find(15) == &p[2]);
	port_drop_all();
	printf("%u %d %d\n", port_sum(), port_used(), port_find(15) == NULL);
	printf("%d\n", both_empty());
	return 0;
}
