// SPDX-License-Identifier: GPL-2.0
/*
 * The RCU flavours: hash_add_rcu, hash_del_rcu, hash_for_each_rcu,
 * hash_for_each_possible_rcu (with and without the lockdep condition) and
 * hash_for_each_possible_rcu_notrace. Single-threaded: what is checked is
 * the list surgery and the walks, including a reader standing on a node
 * while it is deleted.
 */
#include <linux/hashtable.h>
#include "check.h"

struct session {
	u64 id;
	int refs;
	struct hlist_node link;
	struct rcu_head rcu;
};

struct fake_lock {
	int locked;
};

static struct fake_lock table_lock;
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

static struct session *lookup(u64 id)
{
	struct session *s;

	rcu_read_lock();
	hash_for_each_possible_rcu(sessions, s, link, id)
		if (s->id == id)
			break;
	rcu_read_unlock();
	return s;
}

/* An update-side lookup: the lock, not an RCU read section, protects it. */
static struct session *lookup_locked(u64 id)
{
	struct session *s;

	table_lock.locked = 1;
	hash_for_each_possible_rcu(sessions, s, link, id,
				   lockdep_is_held(&table_lock))
		if (s->id == id)
			break;
	table_lock.locked = 0;
	return s;
}

static struct session *lookup_notrace(u64 id)
{
	struct session *s;

	hash_for_each_possible_rcu_notrace(sessions, s, link, id)
		if (s->id == id)
			break;
	return s;
}

#define NSESS 100

static struct session *all[NSESS];

static void test_add_and_lookup(void)
{
	struct session *s;
	unsigned int i, found = 0, found_locked = 0, found_notrace = 0, misplaced = 0;

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
		if (b != (hash_long(all[i]->id, 6)))
			misplaced++;
		hlist_for_each(pos, &sessions[b])
			here += pos == &all[i]->link;
		if (here != 1)
			misplaced++;
		found += lookup(all[i]->id) == all[i];
		found_locked += lookup_locked(all[i]->id) == all[i];
		found_notrace += lookup_notrace(all[i]->id) == all[i];
	}
	CHECK_EQ(misplaced, 0);
	CHECK_EQ(found, NSESS);
	CHECK_EQ(found_locked, NSESS);
	CHECK_EQ(found_notrace, NSESS);
	CHECK(lookup(7) == NULL);
	CHECK(lookup_locked(7) == NULL);
	CHECK(lookup_notrace(7) == NULL);

	/* the cond argument may be any expression */
	hash_for_each_possible_rcu(sessions, s, link, all[3]->id, true)
		if (s == all[3])
			break;
	CHECK(s == all[3]);
}

static void test_for_each_rcu(void)
{
	struct session *s;
	unsigned int ubkt, visited = 0, wrong = 0, i;
	int bkt;

	for (i = 0; i < NSESS; i++)
		all[i]->refs = 0;
	rcu_read_lock();
	hash_for_each_rcu(sessions, ubkt, s, link) {
		s->refs++;
		visited++;
		if (ubkt != hash_min(s->id, 6))
			wrong++;
	}
	rcu_read_unlock();
	CHECK(s == NULL);
	CHECK_EQ(ubkt, 64);
	CHECK_EQ(visited, NSESS);
	CHECK_EQ(wrong, 0);
	for (i = 0; i < NSESS; i++)
		CHECK_EQ(all[i]->refs, 1);

	/* break ends the whole walk; the cursor is one past the bucket */
	visited = 0;
	hash_for_each_rcu(sessions, bkt, s, link) {
		visited++;
		if (s == all[42])
			break;
	}
	CHECK(s == all[42]);
	CHECK_EQ(bkt, hash_min(all[42]->id, 6) + 1);
	CHECK(visited <= NSESS);
}

/*
 * hash_del_rcu unhashes the node but keeps its ->next, so a reader that
 * already stands on it still reaches the rest of the bucket.
 */
static void test_del_rcu(void)
{
	struct session *a = new_session(1), *b = new_session(1), *c = new_session(1);
	struct session *s, *reader;
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
	hash_for_each_possible_rcu(sessions, s, link, (u64)1)
		if (s == b) {
			reader = s;
			break;
		}
	CHECK(reader == b);

	/* ... b is deleted under it ... */
	hash_del_rcu(&b->link);
	CHECK(!hash_hashed(&b->link));
	CHECK(b->link.pprev == NULL);
	CHECK(b->link.next == &a->link);
	CHECK(c->link.next == &a->link);
	CHECK(a->link.pprev == &c->link.next);

	/* ... and the reader carries on to a */
	s = reader;
	hlist_for_each_entry_continue_rcu(s, link)
		seen[n++] = s;
	CHECK_EQ(n, 1);
	CHECK(seen[0] == a);

	/* new readers no longer see b */
	n = 0;
	hash_for_each_possible_rcu(sessions, s, link, (u64)1)
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
	hash_for_each(sessions, bkt, s, link)
		;
	CHECK(s == NULL);
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
	unsigned int n = 0;
	int bkt;

	hash_add_rcu(rm_sessions, &x.link, x.id);
	hash_add_rcu(rm_sessions, &y.link, y.id);
	hash_for_each_rcu(rm_sessions, bkt, s, link)
		n++;
	CHECK_EQ(n, 2);
	hash_for_each_possible_rcu(rm_sessions, s, link, y.id)
		if (s->id == y.id)
			break;
	CHECK(s == &y);
	hash_del_rcu(&x.link);
	hash_del_rcu(&y.link);
	CHECK(hash_empty(rm_sessions));

	hash_add_rcu(single, &x.link, x.id);
	hash_add_rcu(single, &y.link, (u32)y.id);
	CHECK(single[0].first == &y.link && y.link.next == &x.link);
	n = 0;
	hash_for_each_rcu(single, bkt, s, link)
		n++;
	CHECK_EQ(n, 2);
	CHECK_EQ(bkt, 1);
	hash_for_each_possible_rcu_notrace(single, s, link, x.id)
		if (s->id == x.id)
			break;
	CHECK(s == &x);
	hash_for_each_possible_rcu(single, s, link, 12345u, lockdep_is_held(&table_lock))
		if (s->id == 12345)
			break;
	CHECK(s == NULL);
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
