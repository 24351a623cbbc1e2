/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compile-only: every entry of the pre-3.9 <linux/hashtable.h>, every walk
 * with an int, an unsigned int and a size_t bucket cursor, written in C89
 * style so the same file is built as gnu89 and gnu11, with gcc and clang,
 * under -Wall -Wextra -Werror. A warning anywhere is a failure.
 */
#include <linux/hashtable.h>

struct conn {
	u32 id;
	u64 cookie;
	struct hlist_node by_id;
	struct hlist_node by_cookie;
};

struct server {
	int nconn;
	DECLARE_HASHTABLE(conns, 7);
	DECLARE_HASHTABLE(single, 0);
};

DEFINE_HASHTABLE(exported_tbl, 3);
extern DECLARE_HASHTABLE(exported_tbl, 3);
static DEFINE_HASHTABLE(by_id, 5);
static DEFINE_READ_MOSTLY_HASHTABLE(by_cookie, 4);
static DEFINE_HASHTABLE(one, 0);

typedef char size_is_constant[HASH_SIZE(by_id)];
typedef char bits_is_constant[HASH_BITS(by_id) == 5 ? 1 : -1];
typedef char member_bits[HASH_BITS(((struct server *)0)->conns) == 7 ? 1 : -1];
typedef char one_bits[HASH_BITS(one) == 0 && HASH_SIZE(one) == 1 ? 1 : -1];

static int add_all(struct server *srv, struct conn *c, int n)
{
	int i;

	hash_init(srv->conns);
	hash_init(srv->single);
	for (i = 0; i < n; i++) {
		hash_add(srv->conns, &c[i].by_id, c[i].id);
		hash_add(by_id, &c[i].by_cookie, c[i].cookie);
		if (!hash_hashed(&c[i].by_id))
			return -1;
	}
	hash_add_rcu(by_cookie, &c[0].by_cookie, c[0].cookie);
	hash_add(one, &c[0].by_id, c[0].id);
	hash_add_rcu(srv->single, &c[0].by_id, (unsigned long)&c[0]);
	srv->nconn = n;
	return hash_empty(srv->conns) + hash_empty(by_id) + hash_empty(one) +
	       (int)HASH_SIZE(srv->conns) + HASH_BITS(srv->single);
}

static int walk_int(struct server *srv)
{
	struct conn *c;
	struct hlist_node *node, *tmp;
	int bkt, n = 0;

	hash_for_each(srv->conns, bkt, node, c, by_id)
		n += bkt;
	hash_for_each_rcu(by_cookie, bkt, node, c, by_cookie)
		n++;
	hash_for_each_safe(by_id, bkt, node, tmp, c, by_cookie)
		hash_del(&c->by_cookie);
	hash_for_each(one, bkt, node, c, by_id)
		if (c->id == 3)
			break;
	return n + bkt + (node != NULL);
}

static unsigned int walk_unsigned(struct server *srv)
{
	struct conn *c;
	struct hlist_node *node, *tmp;
	unsigned int bkt, n = 0;

	hash_for_each(srv->conns, bkt, node, c, by_id)
		n += bkt;
	hash_for_each_rcu(by_cookie, bkt, node, c, by_cookie)
		n++;
	hash_for_each_safe(srv->single, bkt, node, tmp, c, by_id)
		hash_del_rcu(&c->by_id);
	hash_for_each(one, bkt, node, c, by_id)
		if (c->id == 3)
			break;
	return n + bkt;
}

static size_t walk_size_t(struct server *srv)
{
	struct conn *c;
	struct hlist_node *node, *tmp;
	size_t bkt, n = 0;

	hash_for_each(srv->conns, bkt, node, c, by_id)
		n += bkt;
	hash_for_each_rcu(srv->conns, bkt, node, c, by_id)
		n++;
	hash_for_each_safe(srv->conns, bkt, node, tmp, c, by_id)
		n++;
	hash_for_each(one, bkt, node, c, by_id)
		n++;
	return n + bkt;
}

static struct conn *find_id(struct server *srv, u32 id)
{
	struct conn *c;
	struct hlist_node *node;

	hash_for_each_possible(srv->conns, c, node, by_id, id)
		if (c->id == id)
			return c;
	return NULL;
}

static struct conn *find_cookie(u64 cookie)
{
	struct conn *c;
	struct hlist_node *node;

	rcu_read_lock();
	hash_for_each_possible_rcu(by_cookie, c, node, by_cookie, cookie)
		if (c->cookie == cookie)
			break;
	rcu_read_unlock();
	return node ? c : NULL;
}

static struct conn *find_one(unsigned long key)
{
	struct conn *c;
	struct hlist_node *node;

	hash_for_each_possible_rcu(one, c, node, by_id, key)
		if (c->id == key)
			break;
	return node ? c : NULL;
}

static int drop_id(struct server *srv, u32 id)
{
	struct conn *c;
	struct hlist_node *node, *tmp;
	int n = 0;

	hash_for_each_possible_safe(srv->conns, c, node, tmp, by_id, id) {
		if (c->id != id)
			continue;
		hash_del(&c->by_id);
		n++;
	}
	hash_for_each_possible_safe(one, c, node, tmp, by_id, id)
		hash_del_rcu(&c->by_id);
	return n;
}

static int locals(void)
{
	DECLARE_HASHTABLE(scratch, 2);
	DEFINE_HASHTABLE(defined, 1);
	struct conn c;
	struct hlist_node *node;
	unsigned int ubkt;
	int bkt;
	struct conn *pos;

	hash_init(scratch);
	c.id = 1;
	c.cookie = 2;
	hash_add(scratch, &c.by_id, c.id);
	hash_add(defined, &c.by_cookie, c.cookie);
	hash_for_each(scratch, bkt, node, pos, by_id)
		;
	hash_for_each(defined, ubkt, node, pos, by_cookie)
		;
	return (int)hash_min(c.id, HASH_BITS(scratch)) + bkt + (int)ubkt +
	       (int)hash_min(c.cookie, 0) + (int)hash_min((u8)c.id, 0);
}

int main(void)
{
	static struct server srv;
	static struct conn c[4];
	int r;

	r = add_all(&srv, c, 4);
	r += walk_int(&srv);
	r += (int)walk_unsigned(&srv);
	r += (int)walk_size_t(&srv);
	r += find_id(&srv, 1) != NULL;
	r += find_cookie(2) != NULL;
	r += find_one(3) != NULL;
	r += drop_id(&srv, 1);
	r += locals();
	r += (int)HASH_SIZE(exported_tbl);
	return r;
}
