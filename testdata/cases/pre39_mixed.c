// expect: conn_hash skipped: the file uses both the pre-3.9 hlist iterators
// reason: conn_hash uses both the pre-3.9 hlist iterators
// build: pre-3.9
/*
 * A backported driver on a pre-3.9 tree: its compat layer gives it
 * hlist_for_each_entry_rcu_notrace() of 3.10, without the node cursor,
 * while its own code still walks with the pre-3.9
 * hlist_for_each_entry(tpos, pos, head, member). Neither generation of
 * hashtable.h takes both forms of cursor, so the table stays.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

/* compat: the iterator of 3.10, without the struct hlist_node cursor */
#define compat_hlist_entry(ptr, type, member) \
	({ typeof(ptr) ____ptr = (ptr); ____ptr ? hlist_entry(____ptr, type, member) : NULL; })
#define hlist_for_each_entry_rcu_notrace(pos, head, member)			\
	for (pos = compat_hlist_entry(rcu_dereference_raw(hlist_first_rcu(head)),	\
				      typeof(*(pos)), member);				\
	     pos;									\
	     pos = compat_hlist_entry(rcu_dereference_raw(hlist_next_rcu(&(pos)->member)), \
				      typeof(*(pos)), member))

#define CONN_HASH_SIZE	16

struct conn {
	u32 port;
	struct hlist_node link;
};

static struct hlist_head conn_hash[CONN_HASH_SIZE];

static struct conn *conn_find_rcu(u32 port)
{
	struct conn *c;

	hlist_for_each_entry_rcu_notrace(c, &conn_hash[port % CONN_HASH_SIZE], link)
		if (c->port == port)
			return c;
	return NULL;
}

static struct conn *conn_find(u32 port)
{
	struct conn *c;
	struct hlist_node *pos;

	hlist_for_each_entry(c, pos, &conn_hash[port % CONN_HASH_SIZE], link)
		if (c->port == port)
			return c;
	return NULL;
}

static void conn_add(u32 port)
{
	struct conn *c = kzalloc(sizeof(*c), GFP_KERNEL);

	c->port = port;
	hlist_add_head_rcu(&c->link, &conn_hash[port % CONN_HASH_SIZE]);
}

int main(void)
{
	struct conn *c;
	struct hlist_node *pos, *n;
	u32 port;
	int i;

	for (port = 1000; port < 1040; port += 3)
		conn_add(port);
	printf("1003: %d %d\n", !!conn_find(1003), !!conn_find_rcu(1003));
	printf("1004: %d %d\n", !!conn_find(1004), !!conn_find_rcu(1004));
	for (i = 0; i < CONN_HASH_SIZE; i++)
		hlist_for_each_entry_safe(c, pos, n, &conn_hash[i], link) {
			hlist_del(&c->link);
			kfree(c);
		}
	return 0;
}
