// expect: sessions converted: the calls between the pick and the add write other fields
// expect: ports skipped: a function called in between writes the key's field
// reason: ports a call may change key "p->port" before the bucket is used
/*
 * A bucket picked by a helper of a per-net struct that a function returns
 * (spatch types net_of(ns) as struct net_tables *), then calls before the entry
 * goes in: a lock, a function of the file that bumps a counter of another
 * object, a WRITE_ONCE() of another field. None changes the key, so the pick
 * may move to the add. In ports, renumber() writes the key's own field between
 * the pick and the add: the add must keep the bucket of the old key.
 */
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/kernel.h>
#include <linux/atomic.h>
#include <linux/spinlock.h>

#define SESSION_BITS 4
#define SESSION_SIZE (1 << SESSION_BITS)

struct tunnel {
	atomic_t refs;
	int version;
};

struct session {
	unsigned int id;
	struct tunnel *tunnel;
	struct hlist_node node;
};

struct net_tables {
	spinlock_t lock;
	struct hlist_head sessions[SESSION_SIZE];
};

struct netns {
	struct net_tables *tables;
};

static struct net_tables nets[2];
static struct netns netns[2] = { { &nets[0] }, { &nets[1] } };

static struct net_tables *net_of(const struct netns *ns)
{
	return ns->tables;
}

static struct hlist_head *session_bucket(struct net_tables *nt, unsigned int id)
{
	return &nt->sessions[hash_32(id, SESSION_BITS)];
}

static void tunnel_get(struct tunnel *t)
{
	atomic_inc(&t->refs);
}

static int session_register(struct netns *ns, struct session *s, struct tunnel *t)
{
	struct net_tables *nt = net_of(ns);
	struct hlist_head *head = session_bucket(nt, s->id);
	struct session *walk;

	spin_lock_bh(&nt->lock);
	hlist_for_each_entry(walk, head, node)
		if (walk->id == s->id) {
			spin_unlock_bh(&nt->lock);
			return -1;
		}
	tunnel_get(t);
	WRITE_ONCE(s->tunnel, t);
	hlist_add_head(&s->node, head);
	spin_unlock_bh(&nt->lock);
	return 0;
}

static struct session *session_find(struct netns *ns, unsigned int id)
{
	struct hlist_head *head;
	struct session *s;

	head = session_bucket(net_of(ns), id);
	hlist_for_each_entry(s, head, node)
		if (s->id == id)
			return s;
	return NULL;
}

#define PORT_BITS 3

struct port {
	unsigned int port;
	struct hlist_node node;
};

static struct hlist_head ports[1 << PORT_BITS];

static void renumber(struct port *p)
{
	WRITE_ONCE(p->port, p->port + 1);
}

static void port_add(struct port *p)
{
	struct hlist_head *head = &ports[hash_32(p->port, PORT_BITS)];

	renumber(p);
	hlist_add_head(&p->node, head);
}

static int port_bucket_count(unsigned int port)
{
	struct port *p;
	int n = 0;

	hlist_for_each_entry(p, &ports[hash_32(port, PORT_BITS)], node)
		n++;
	return n;
}

int main(void)
{
	static struct tunnel t;
	static struct session a = { .id = 3 }, b = { .id = 19 }, c = { .id = 3 };
	static struct port p = { .port = 5 };
	int i;

	for (i = 0; i < 2; i++) {
		struct net_tables *nt = &nets[i];
		int k;

		spin_lock_init(&nt->lock);
		for (k = 0; k < SESSION_SIZE; k++)
			INIT_HLIST_HEAD(&nt->sessions[k]);
	}
	printf("%d %d %d\n", session_register(&netns[0], &a, &t),
	       session_register(&netns[0], &b, &t), session_register(&netns[0], &c, &t));
	printf("%d %d %d %d\n", session_find(&netns[0], 3) == &a,
	       session_find(&netns[0], 19) == &b, session_find(&netns[1], 3) != NULL,
	       atomic_read(&t.refs));
	port_add(&p);
	printf("%d %d\n", port_bucket_count(5), p.port);
	return 0;
}
