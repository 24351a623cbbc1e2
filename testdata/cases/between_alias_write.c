// expect: sessions skipped: a write through an alias changes what the table expression reads
// reason: sessions table "net_of(ns)->sessions" of bucket pointer "head": "net_of ( ns )" may change through a pointer before the bucket is used
/*
 * A bucket helper given net_of(ns), which reads ns->tables[ns->cur]; between
 * the pick and the add, a write through another pointer to ns changes cur.
 * Written out at the add, net_of(ns)->sessions would name the other table.
 * (From a review: the rule before this case converted it, and the program
 * then printed otherwise.)
 */
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define SB 4
struct session { unsigned int id; struct hlist_node node; };
struct net_tables { struct hlist_head sessions[1 << SB]; };
struct netns { struct net_tables *tables[2]; int cur; };

static struct net_tables nets[2];
static struct netns ns0 = { { &nets[0], &nets[1] }, 0 };

static struct net_tables *net_of(const struct netns *ns)
{
	return ns->tables[ns->cur];
}

static struct hlist_head *session_bucket(struct net_tables *nt, unsigned int id)
{
	return &nt->sessions[hash_32(id, SB)];
}

static void session_register(struct netns *ns, struct netns *other, struct session *s)
{
	struct hlist_head *head = session_bucket(net_of(ns), s->id);

	other->cur = 1;
	hlist_add_head(&s->node, head);
}

static struct session *session_find(struct net_tables *nt, unsigned int id)
{
	struct hlist_head *head;
	struct session *s;

	head = session_bucket(nt, id);
	hlist_for_each_entry(s, head, node)
		if (s->id == id)
			return s;
	return NULL;
}

int main(void)
{
	static struct session a = { .id = 3 };
	int i, k;

	for (i = 0; i < 2; i++) {
		struct net_tables *nt = &nets[i];

		for (k = 0; k < (1 << SB); k++)
			INIT_HLIST_HEAD(&nt->sessions[k]);
	}
	session_register(&ns0, &ns0, &a);
	printf("%d %d\n", session_find(&nets[0], 3) == &a, session_find(&nets[1], 3) == &a);
	return 0;
}
