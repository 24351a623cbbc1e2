// expect: conn_table converted
/*
 * A convertible table with a walk over all buckets whose body breaks: the
 * break leaves the current chain only, and the walk goes on with the next
 * bucket. In hash_for_each() a break would end the whole walk, so that
 * loop must stay open-coded (the count walk without a break may not).
 *
 * Pinned connections are all added at start-up, before any other, and
 * hlist_add_head() puts newer entries in front: once a chain reaches a
 * pinned entry, only pinned entries follow, so the ageing scan stops there.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define CONN_HASH_SIZE	64
#define CONN_HASH_MASK	(CONN_HASH_SIZE - 1)

struct conn {
	unsigned int port;
	bool pinned;
	unsigned int age;
	struct hlist_node hnode;
};

static struct hlist_head conn_table[CONN_HASH_SIZE];

static struct conn *conn_add(unsigned int port, bool pinned)
{
	struct conn *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c)
		return NULL;
	c->port = port;
	c->pinned = pinned;
	hlist_add_head(&c->hnode, &conn_table[port & CONN_HASH_MASK]);
	return c;
}

static struct conn *conn_find(unsigned int port)
{
	struct conn *c;

	hlist_for_each_entry(c, &conn_table[port & CONN_HASH_MASK], hnode)
		if (c->port == port)
			return c;
	return NULL;
}

/* Age every unpinned connection; returns how many were aged. */
static unsigned int conn_age_all(void)
{
	struct conn *c;
	unsigned int i, aged = 0;

	for (i = 0; i < CONN_HASH_SIZE; i++) {
		hlist_for_each_entry(c, &conn_table[i], hnode) {
			if (c->pinned)
				break;
			c->age++;
			aged++;
		}
	}
	return aged;
}

static unsigned int conn_count(void)
{
	struct conn *c;
	unsigned int i, n = 0;

	for (i = 0; i < CONN_HASH_SIZE; i++)
		hlist_for_each_entry(c, &conn_table[i], hnode)
			n++;
	return n;
}

static void conn_close(unsigned int port)
{
	struct conn *c = conn_find(port);

	if (c) {
		hlist_del(&c->hnode);
		kfree(c);
	}
}

static const unsigned int pinned_ports[] = { 22, 53, 80, 123, 443, 514, 993, 3306 };

int main(void)
{
	unsigned int i, port, aged, age_sum = 0;
	struct conn *c;

	for (i = 0; i < ARRAY_SIZE(pinned_ports); i++)
		conn_add(pinned_ports[i], true);
	for (port = 1024; port < 1024 + 300; port += 3)
		conn_add(port, false);

	aged = conn_age_all();
	printf("total %u, aged %u\n", conn_count(), aged);

	for (port = 1024; port < 1024 + 300; port += 9)
		conn_close(port);
	aged = conn_age_all();
	printf("total %u, aged %u\n", conn_count(), aged);

	for (port = 0; port < 4096; port++) {
		c = conn_find(port);
		if (c)
			age_sum += c->age;
	}
	printf("age sum %u, port 80 age %u, port 1027 age %u\n", age_sum,
	       conn_find(80)->age, conn_find(1027)->age);

	for (port = 0; port < 4096; port++)
		conn_close(port);
	printf("left %u\n", conn_count());
	return 0;
}
