// expect: sessions converted
// expect: peers skipped: a helper whose parameter has no struct type cannot tell its base
// reason: peers cannot tell that "((struct peer_net *)peer_net(n))->peers" is a member
// expect: slots skipped: a caller passes a void *, which has no member slots
// reason: slots cannot tell that "priv->slots" is a member of struct slot_net
/*
 * A member table reached through a bucket helper whose parameter is a pointer
 * to the table's struct (struct sess_net *sn). Callers pass what a function
 * returns (sess_net_of(n), as l2tp_pernet(net) in Linux): whatever they pass
 * becomes a struct sess_net *, so the table is that struct's member. The
 * helper of peers takes a void *, which tells nothing: refused. The helper
 * of slots is typed, but a caller passes a void *: the key would move to
 * that caller as priv->slots, which does not compile.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define SESS_BITS	4

struct session {
	u32 id;
	struct hlist_node node;
};

struct sess_net {
	struct hlist_head sessions[1 << SESS_BITS];
};

struct peer_net {
	struct hlist_head peers[1 << SESS_BITS];
};

struct slot_net {
	struct hlist_head slots[1 << SESS_BITS];
};

struct net {
	struct sess_net *sn;
	struct peer_net *pn;
};

static inline struct sess_net *sess_net_of(const struct net *n)
{
	return n->sn;
}

static inline struct peer_net *peer_net(const struct net *n)
{
	return n->pn;
}

static struct hlist_head *sess_bucket(struct sess_net *sn, u32 id)
{
	return &sn->sessions[hash_32(id, SESS_BITS)];
}

static struct hlist_head *peer_bucket(void *p, u32 id)
{
	return &((struct peer_net *)p)->peers[hash_32(id, SESS_BITS)];
}

static struct hlist_head *slot_bucket(struct slot_net *s, u32 id)
{
	return &s->slots[hash_32(id, SESS_BITS)];
}

static void slot_add(void *priv, struct session *s)
{
	hlist_add_head(&s->node, slot_bucket(priv, s->id));
}

static int slot_has(struct slot_net *sl, u32 id)
{
	struct session *s;

	hlist_for_each_entry(s, slot_bucket(sl, id), node)
		if (s->id == id)
			return 1;
	return 0;
}

static void sess_add(struct net *n, struct session *s)
{
	hlist_add_head(&s->node, sess_bucket(sess_net_of(n), s->id));
}

static struct session *sess_find(struct net *n, u32 id)
{
	struct session *s;

	hlist_for_each_entry(s, sess_bucket(sess_net_of(n), id), node)
		if (s->id == id)
			return s;
	return NULL;
}

static void peer_add(struct net *n, struct session *s)
{
	hlist_add_head(&s->node, peer_bucket(peer_net(n), s->id));
}

static struct session *peer_find(struct net *n, u32 id)
{
	struct session *s;

	hlist_for_each_entry(s, peer_bucket(peer_net(n), id), node)
		if (s->id == id)
			return s;
	return NULL;
}

int main(void)
{
	static struct sess_net sn;
	static struct peer_net pn;
	static struct slot_net sl;
	struct session slot = { .id = 7 };
	struct net n = { &sn, &pn };
	struct session ss[20], ps[20];
	unsigned int i, found = 0, peers = 0;

	for (i = 0; i < 20; i++) {
		ss[i].id = 1000 + i * 77;
		sess_add(&n, &ss[i]);
		ps[i].id = 5 + i * 3;
		peer_add(&n, &ps[i]);
	}
	for (i = 0; i < 40; i++) {
		found += sess_find(&n, 1000 + i * 77) != NULL;
		peers += peer_find(&n, 5 + i * 3) != NULL;
	}
	printf("sessions found %u, peers found %u\n", found, peers);
	slot_add(&sl, &slot);
	printf("slot 7: %d, slot 8: %d\n", slot_has(&sl, 7), slot_has(&sl, 8));
	return 0;
}
