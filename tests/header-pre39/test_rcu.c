// SPDX-License-Identifier: GPL-2.0
/*
 * The RCU flavours of the pre-3.9 header: hash_add_rcu, hash_del_rcu,
 * hash_for_each_rcu and hash_for_each_possible_rcu, with their node
 * cursor. Single-threaded: what is checked is the list surgery and the
 * walks, including a reader standing on a node while it is deleted.
 */
#include <linux/hashtable.h>
#include "../header/check.h"

struct session {
	u64 id;
	int refs;
	struct hlist_node link;
	struct rcu_head rcu;
};

static DEFINE_HASHTABLE(sessions, 6);
static DEFINE_READ_MOSTLY_HASHTABLE(rm_sessions, 2);

static int freed;

static void session_free_rcu(struct rcu_head *head)
{
	free(container_of(head, struct session, rcu));
	freed++;
}

static struct session *new_session(u64 id)
{
	struct session *s = calloc(1, sizeof(*s));

	BUG_ON(!s);
	s->id = id;
	return s;
}

/* The lookup of 3.7/3.8 code: the node cursor says whether it was found. */
static struct session *lookup(u64 id)
{
	struct session *s;
	struct hlist_node *node;

	rcu_read_lock();
	hash_for_each_possible_rcu(sessions, s, node, link, id)
		if (s->id == id)
			break;
	rcu_read_unlock();
	return node ? s : NULL;
}

#define NSESS 100

static struct session *all[NSESS];

static void test_add_and_lookup(void)
{
	unsigned int i, found = 0, misplaced = 0;

	CHECK(hash_empty(sessions));
	for (i = 0; i < NSESS; i++) {
		all[i] = new_session(0x100000000ull * i + i * 31);
		hash_add_rcu(sessions, &all[i]->link, all[i]->id);
		CHECK(hash_hashed(&all[i]->link));
	}
	CHECK(!hash_empty(sessions));

	for (i = 0; i < NSESS; i++) {
		u32 b = hash_min(all[i]->id, HASH_BITS(sessions));
		struct hlist_node *pos;
		int here = 0;

		/* u64 keys go through hash_long */
		if (b != (u32)hash_long(all[i]->id, 6))
			misplaced++;
		hlist_for_each(pos, &sessions[b])
			here += pos == &all[i]->link;
		if (here != 1)
			misplaced++;
		found += lookup(all[i]->id) == all[i];
	}
	CHECK_EQ(misplaced, 0);
	CHECK_EQ(found, NSESS);
	CHECK(lookup(7) == NULL);
}

static void test_for_each_rcu(void)
{
	struct session *s = NULL;
	struct hlist_node *node;
	unsigned int ubkt, visited = 0, wrong = 0, i, want = 0;
	int bkt;
	size_t zbkt;

	for (i = 0; i < NSESS; i++)
		all[i]->refs = 0;
	rcu_read_lock();
	hash_for_each_rcu(sessions, ubkt, node, s, link) {
		s->refs++;
		visited++;
		if (ubkt != hash_min(s->id, 6))
			wrong++;
		if (node != &s->link)
			wrong++;
	}
	rcu_read_unlock();
	CHECK(node == NULL);
	CHECK_EQ(ubkt, 64);
	CHECK_EQ(visited, NSESS);
	CHECK_EQ(wrong, 0);
	for (i = 0; i < NSESS; i++)
		CHECK_EQ(all[i]->refs, 1);

	visited = 0;
	hash_for_each_rcu(sessions, zbkt, node, s, link)
		visited++;
	CHECK_EQ(visited, NSESS);
	CHECK_EQ(zbkt, 64);

	/* break ends the whole walk; the cursor is one past the bucket */
	for (i = 0; i < hash_min(all[42]->id, 6); i++)
		hlist_for_each(node, &sessions[i])
			want++;
	hlist_for_each(node, &sessions[hash_min(all[42]->id, 6)]) {
		want++;
		if (node == &all[42]->link)
			break;
	}
	visited = 0;
	hash_for_each_rcu(sessions, bkt, node, s, link) {
		visited++;
		if (s == all[42])
			break;
	}
	CHECK(s == all[42]);
	CHECK(node == &all[42]->link);
	CHECK_EQ(bkt, hash_min(all[42]->id, 6) + 1);
	CHECK_EQ(visited, want);
}

/*
 * hash_del_rcu unhashes the node but keeps its ->next, so a reader that
 * already stands on it still reaches the rest of the bucket.
 */
static void test_del_rcu(void)
{
	struct session *a = new_session(1), *b = new_session(1), *c = new_session(1);
	struct session *s;
	struct hlist_node *node, *reader;
	unsigned int n = 0, bkt;
	u32 bucket = hash_min((u64)1, 6);
	struct session *seen[3] = { NULL, NULL, NULL };

	hash_add_rcu(sessions, &a->link, a->id);
	hash_add_rcu(sessions, &b->link, b->id);
	hash_add_rcu(sessions, &c->link, c->id);
	/* newest first: c, b, a */
	CHECK(sessions[bucket].first == &c->link);

	/* a reader stops on b ... */
	reader = NULL;
	hash_for_each_possible_rcu(sessions, s, node, link, (u64)1)
		if (s == b) {
			reader = node;
			break;
		}
	CHECK(reader == &b->link);

	/* ... b is deleted under it ... */
	hash_del_rcu(&b->link);
	CHECK(!hash_hashed(&b->link));
	CHECK(b->link.pprev == NULL);
	CHECK(b->link.next == &a->link);
	CHECK(c->link.next == &a->link);
	CHECK(a->link.pprev == &c->link.next);

	/* ... and the reader carries on to a */
	node = reader;
	hlist_for_each_entry_continue_rcu(s, node, link)
		seen[n++] = s;
	CHECK_EQ(n, 1);
	CHECK(seen[0] == a);

	/* new readers no longer see b */
	n = 0;
	hash_for_each_possible_rcu(sessions, s, node, link, (u64)1)
		if (s->id == 1)
			n++;
	CHECK_EQ(n, 2);

	/* deleting again is harmless */
	hash_del_rcu(&b->link);
	CHECK(!hash_hashed(&b->link));
	CHECK(sessions[bucket].first == &c->link && c->link.next == &a->link);

	/* and the object can be freed after a grace period */
	freed = 0;
	call_rcu(&b->rcu, session_free_rcu);
	CHECK_EQ(freed, 1);

	hash_del_rcu(&a->link);
	hash_del_rcu(&c->link);
	CHECK(!hash_hashed(&a->link) && !hash_hashed(&c->link));
	free(a);
	free(c);

	/* delete everything still in the table */
	hash_for_each(sessions, bkt, node, s, link)
		;
	CHECK(node == NULL);
	freed = 0;
	for (n = 0; n < NSESS; n++) {
		hash_del_rcu(&all[n]->link);
		call_rcu(&all[n]->rcu, session_free_rcu);
	}
	CHECK_EQ(freed, NSESS);
	CHECK(hash_empty(sessions));
}

/* The RCU walks on a read-mostly 4-bucket table and a 1-bucket table. */
static DEFINE_HASHTABLE(single, 0);

static void test_small_tables(void)
{
	struct session x = { .id = 10 }, y = { .id = 11 }, *s;
	struct hlist_node *node;
	unsigned int n = 0;
	int bkt;

	hash_add_rcu(rm_sessions, &x.link, x.id);
	hash_add_rcu(rm_sessions, &y.link, y.id);
	hash_for_each_rcu(rm_sessions, bkt, node, s, link)
		n++;
	CHECK_EQ(n, 2);
	CHECK_EQ(bkt, 4);
	hash_for_each_possible_rcu(rm_sessions, s, node, link, y.id)
		if (s->id == y.id)
			break;
	CHECK(node == &y.link && s == &y);
	hash_del_rcu(&x.link);
	hash_del_rcu(&y.link);
	CHECK(hash_empty(rm_sessions));

	hash_add_rcu(single, &x.link, x.id);
	hash_add_rcu(single, &y.link, (u32)y.id);
	CHECK(single[0].first == &y.link && y.link.next == &x.link);
	n = 0;
	hash_for_each_rcu(single, bkt, node, s, link)
		n++;
	CHECK_EQ(n, 2);
	CHECK_EQ(bkt, 1);
	CHECK(node == NULL);
	hash_for_each_possible_rcu(single, s, node, link, x.id)
		if (s->id == x.id)
			break;
	CHECK(node == &x.link && s == &x);
	hash_for_each_possible_rcu(single, s, node, link, 12345u)
		if (s->id == 12345)
			break;
	CHECK(node == NULL);
	hash_del_rcu(&y.link);
	hash_del_rcu(&x.link);
	CHECK(hash_empty(single));
}

int main(void)
{
	test_add_and_lookup();
	test_for_each_rcu();
	test_del_rcu();
	test_small_tables();
	return check_done("test_rcu");
}
