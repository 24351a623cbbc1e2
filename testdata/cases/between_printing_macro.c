// expect: hash converted: a macro of the file that only prints stands between bucket and add
/*
 * The bucket is picked by sess->port_id, then a debug macro of the file's own
 * prints the session before hlist_add_head_rcu() (tcm_fc's TFC_SESS_DBG): it is
 * one call of a printing function, which only reads what it is given, so the
 * key is the same where the entry is added. Given sess itself, such a macro
 * declares no other sess either: &sess->hash is still a node of struct sess.
 */
#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define SESS_HASH_BITS	3
#define SESS_HASH_SIZE	(1 << SESS_HASH_BITS)

#define SESS_DBG(port, fmt, args...) \
	pr_info("port %u: " fmt, (port)->number, ##args)
#define SESS_SHOW(sess) \
	pr_info("sess %u of port %u\n", (sess)->port_id, (sess)->port->number)

struct port {
	unsigned int number;
	struct hlist_head hash[SESS_HASH_SIZE];
};

struct sess {
	unsigned int port_id;
	struct port *port;
	struct hlist_node hash;
};

static u32 sess_hash(u32 port_id)
{
	return hash_32(port_id, SESS_HASH_BITS);
}

static int sess_add(void *p)
{
	struct sess *sess = p;
	struct port *port = sess->port;
	struct hlist_head *head = &port->hash[sess_hash(sess->port_id)];

	SESS_DBG(port, "id %x sess %u\n", sess->port_id, sess->port_id % 7);
	SESS_SHOW(sess);
	hlist_add_head_rcu(&sess->hash, head);
	return 0;
}

static struct sess *sess_get(struct port *port, u32 port_id)
{
	struct hlist_head *head;
	struct sess *sess;

	head = &port->hash[sess_hash(port_id)];
	hlist_for_each_entry_rcu(sess, head, hash)
		if (sess->port_id == port_id)
			return sess;
	return NULL;
}

static int sess_count(struct port *port)
{
	struct sess *sess;
	int n = 0;

	int i;

	for (i = 0; i < SESS_HASH_SIZE; i++)
		hlist_for_each_entry_rcu(sess, &port->hash[i], hash)
			n++;
	return n;
}

int main(void)
{
	static struct port port = { .number = 4 };
	static struct sess s[5];
	int i;

	for (i = 0; i < 5; i++) {
		s[i].port_id = 0x10 * i + 3;
		s[i].port = &port;
		sess_add(&s[i]);
	}
	printf("%d %d %d\n", sess_count(&port), sess_get(&port, 0x23) == &s[2],
	       sess_get(&port, 0x24) == NULL);
	return 0;
}
