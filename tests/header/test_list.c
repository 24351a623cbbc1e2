// SPDX-License-Identifier: GPL-2.0
/*
 * The list.h and rculist.h shims: the hlist operations the hash table is
 * built on (with the kernel's poisoning and unhashing rules), their entry
 * iterators including _safe, _continue and _from, the _rcu variants, and a
 * little of list_head.
 */
#include <linux/list.h>
#include <linux/rculist.h>
#include "check.h"

struct elem {
	int v;
	struct hlist_node hn;
	struct list_head ln;
};

/*
 * Does @h hold exactly the @n nodes of @want, in order, with every pprev
 * pointing at the pointer that points to its node?
 */
static int chain_is(struct hlist_head *h, struct hlist_node **want, int n)
{
	struct hlist_node *pos, **link = &h->first;
	int i = 0;

	for (pos = h->first; pos; pos = pos->next) {
		if (i >= n || pos != want[i] || pos->pprev != link)
			return 0;
		link = &pos->next;
		i++;
	}
	return i == n;
}

#define CHAIN(h, ...)							\
	({								\
		struct hlist_node *__w[] = { __VA_ARGS__ };		\
		chain_is(h, __w, ARRAY_SIZE(__w));			\
	})

static struct elem e[6];

static void init_elems(void)
{
	int i;

	for (i = 0; i < 6; i++) {
		e[i].v = i;
		INIT_HLIST_NODE(&e[i].hn);
	}
}

static void test_heads_and_nodes(void)
{
	HLIST_HEAD(h);
	struct hlist_head h2 = HLIST_HEAD_INIT;
	struct hlist_head h3;

	h3.first = &e[0].hn;
	INIT_HLIST_HEAD(&h3);
	CHECK(h.first == NULL && h2.first == NULL && h3.first == NULL);
	CHECK(hlist_empty(&h) && hlist_empty(&h2) && hlist_empty(&h3));

	e[0].hn.next = &e[1].hn;
	e[0].hn.pprev = &e[1].hn.next;
	INIT_HLIST_NODE(&e[0].hn);
	CHECK(e[0].hn.next == NULL && e[0].hn.pprev == NULL);
	CHECK(hlist_unhashed(&e[0].hn));
	CHECK(hlist_unhashed_lockless(&e[0].hn));
}

static void test_add(void)
{
	HLIST_HEAD(h);

	init_elems();
	hlist_add_head(&e[1].hn, &h);
	CHECK(CHAIN(&h, &e[1].hn));
	CHECK(!hlist_empty(&h));
	CHECK(!hlist_unhashed(&e[1].hn));
	CHECK(hlist_is_singular_node(&e[1].hn, &h));
	hlist_add_head(&e[0].hn, &h);
	CHECK(CHAIN(&h, &e[0].hn, &e[1].hn));
	CHECK(!hlist_is_singular_node(&e[0].hn, &h));
	CHECK(!hlist_is_singular_node(&e[1].hn, &h));

	/* before the first node updates the head */
	hlist_add_before(&e[2].hn, &e[0].hn);
	CHECK(CHAIN(&h, &e[2].hn, &e[0].hn, &e[1].hn));
	/* before a middle node */
	hlist_add_before(&e[3].hn, &e[1].hn);
	CHECK(CHAIN(&h, &e[2].hn, &e[0].hn, &e[3].hn, &e[1].hn));
	/* behind the last node */
	hlist_add_behind(&e[4].hn, &e[1].hn);
	CHECK(CHAIN(&h, &e[2].hn, &e[0].hn, &e[3].hn, &e[1].hn, &e[4].hn));
	/* behind a middle node */
	hlist_add_behind(&e[5].hn, &e[2].hn);
	CHECK(CHAIN(&h, &e[2].hn, &e[5].hn, &e[0].hn, &e[3].hn, &e[1].hn, &e[4].hn));
}

static void test_del(void)
{
	HLIST_HEAD(h);

	init_elems();
	hlist_add_head(&e[2].hn, &h);
	hlist_add_head(&e[1].hn, &h);
	hlist_add_head(&e[0].hn, &h);

	/* hlist_del poisons: the node is not "unhashed" afterwards */
	hlist_del(&e[1].hn);
	CHECK(CHAIN(&h, &e[0].hn, &e[2].hn));
	CHECK(e[1].hn.next == LIST_POISON1);
	CHECK((void *)e[1].hn.pprev == LIST_POISON2);
	CHECK(!hlist_unhashed(&e[1].hn));

	/* hlist_del_init unhashes, and a second one does nothing */
	hlist_del_init(&e[2].hn);
	CHECK(CHAIN(&h, &e[0].hn));
	CHECK(hlist_unhashed(&e[2].hn));
	CHECK(e[2].hn.next == NULL);
	hlist_del_init(&e[2].hn);
	CHECK(CHAIN(&h, &e[0].hn));

	/* deleting the only node empties the list */
	hlist_del_init(&e[0].hn);
	CHECK(hlist_empty(&h));
	CHECK(hlist_unhashed(&e[0].hn));
}

static void test_fake_and_move(void)
{
	HLIST_HEAD(from);
	HLIST_HEAD(to);

	init_elems();
	/* a fake node looks hashed while on no list */
	CHECK(!hlist_fake(&e[0].hn));
	hlist_add_fake(&e[0].hn);
	CHECK(hlist_fake(&e[0].hn));
	CHECK(!hlist_unhashed(&e[0].hn));
	hlist_del_init(&e[0].hn);
	CHECK(hlist_unhashed(&e[0].hn));
	CHECK(!hlist_fake(&e[0].hn));

	/* move_list carries the chain and fixes the first pprev */
	hlist_add_head(&e[2].hn, &from);
	hlist_add_head(&e[1].hn, &from);
	hlist_move_list(&from, &to);
	CHECK(hlist_empty(&from));
	CHECK(CHAIN(&to, &e[1].hn, &e[2].hn));
	/* moving an empty list empties the target */
	hlist_move_list(&from, &to);
	CHECK(hlist_empty(&to));
}

static void test_iterators(void)
{
	HLIST_HEAD(h);
	struct hlist_node *pos, *n;
	struct elem *ep, *start;
	int got[8], k, i;

	init_elems();
	for (i = 5; i >= 0; i--)
		hlist_add_head(&e[i].hn, &h);		/* 0 1 2 3 4 5 */

	CHECK(hlist_entry(&e[3].hn, struct elem, hn) == &e[3]);
	CHECK(hlist_entry_safe(h.first, struct elem, hn) == &e[0]);
	pos = NULL;
	CHECK(hlist_entry_safe(pos, struct elem, hn) == NULL);

	k = 0;
	hlist_for_each(pos, &h)
		got[k++] = hlist_entry(pos, struct elem, hn)->v;
	CHECK(k == 6 && got[0] == 0 && got[5] == 5);
	CHECK(pos == NULL);

	k = 0;
	hlist_for_each_entry(ep, &h, hn)
		got[k++] = ep->v;
	CHECK(k == 6 && got[0] == 0 && got[3] == 3 && got[5] == 5);
	CHECK(ep == NULL);

	/* _continue starts after the cursor, _from at the cursor */
	start = &e[2];
	k = 0;
	ep = start;
	hlist_for_each_entry_continue(ep, hn)
		got[k++] = ep->v;
	CHECK(k == 3 && got[0] == 3 && got[2] == 5);
	CHECK(ep == NULL);
	k = 0;
	ep = start;
	hlist_for_each_entry_from(ep, hn)
		got[k++] = ep->v;
	CHECK(k == 4 && got[0] == 2 && got[3] == 5);
	ep = &e[5];
	k = 0;
	hlist_for_each_entry_continue(ep, hn)
		k++;
	CHECK_EQ(k, 0);

	/* break leaves the cursor on the element */
	hlist_for_each_entry(ep, &h, hn)
		if (ep->v == 4)
			break;
	CHECK(ep == &e[4]);

	/* _safe variants survive deletion of the cursor */
	hlist_for_each_safe(pos, n, &h)
		if (hlist_entry(pos, struct elem, hn)->v % 2)
			hlist_del(pos);
	CHECK(CHAIN(&h, &e[0].hn, &e[2].hn, &e[4].hn));
	k = 0;
	hlist_for_each_entry_safe(ep, n, &h, hn) {
		hlist_del_init(&ep->hn);
		k++;
	}
	CHECK_EQ(k, 3);
	CHECK(ep == NULL);
	CHECK(hlist_empty(&h));
	CHECK(hlist_unhashed(&e[0].hn) && hlist_unhashed(&e[4].hn));

	/* _safe with freed objects: ASan catches a touch after free */
	for (i = 0; i < 10; i++) {
		struct elem *x = malloc(sizeof(*x));

		BUG_ON(!x);
		x->v = i;
		hlist_add_head(&x->hn, &h);
	}
	k = 0;
	hlist_for_each_entry_safe(ep, n, &h, hn) {
		hlist_del(&ep->hn);
		free(ep);
		k++;
	}
	CHECK_EQ(k, 10);
	CHECK(hlist_empty(&h));
}

static void test_rcu_variants(void)
{
	HLIST_HEAD(h);
	struct elem *ep, repl;
	int k, got[8];

	init_elems();
	INIT_HLIST_NODE(&repl.hn);
	repl.v = 99;

	hlist_add_head_rcu(&e[2].hn, &h);
	hlist_add_head_rcu(&e[0].hn, &h);
	CHECK(CHAIN(&h, &e[0].hn, &e[2].hn));
	hlist_add_behind_rcu(&e[1].hn, &e[0].hn);
	CHECK(CHAIN(&h, &e[0].hn, &e[1].hn, &e[2].hn));
	hlist_add_behind_rcu(&e[4].hn, &e[2].hn);
	CHECK(CHAIN(&h, &e[0].hn, &e[1].hn, &e[2].hn, &e[4].hn));
	hlist_add_before_rcu(&e[3].hn, &e[4].hn);
	CHECK(CHAIN(&h, &e[0].hn, &e[1].hn, &e[2].hn, &e[3].hn, &e[4].hn));
	hlist_add_before_rcu(&e[5].hn, &e[0].hn);
	CHECK(CHAIN(&h, &e[5].hn, &e[0].hn, &e[1].hn, &e[2].hn, &e[3].hn, &e[4].hn));
	CHECK(hlist_first_rcu(&h) == &e[5].hn);
	CHECK(hlist_next_rcu(&e[0].hn) == &e[1].hn);

	k = 0;
	rcu_read_lock();
	hlist_for_each_entry_rcu(ep, &h, hn)
		got[k++] = ep->v;
	rcu_read_unlock();
	CHECK(k == 6 && got[0] == 5 && got[1] == 0 && got[5] == 4);
	CHECK(ep == NULL);
	k = 0;
	hlist_for_each_entry_rcu(ep, &h, hn, true)
		k++;
	CHECK_EQ(k, 6);
	k = 0;
	hlist_for_each_entry_rcu_notrace(ep, &h, hn)
		k++;
	CHECK_EQ(k, 6);
	ep = &e[2];
	k = 0;
	hlist_for_each_entry_continue_rcu(ep, hn)
		got[k++] = ep->v;
	CHECK(k == 2 && got[0] == 3 && got[1] == 4);
	ep = &e[2];
	k = 0;
	hlist_for_each_entry_from_rcu(ep, hn)
		got[k++] = ep->v;
	CHECK(k == 3 && got[0] == 2);

	/* hlist_del_rcu keeps ->next for readers and poisons pprev */
	hlist_del_rcu(&e[1].hn);
	CHECK(CHAIN(&h, &e[5].hn, &e[0].hn, &e[2].hn, &e[3].hn, &e[4].hn));
	CHECK(e[1].hn.next == &e[2].hn);
	CHECK((void *)e[1].hn.pprev == LIST_POISON2);
	CHECK(!hlist_unhashed(&e[1].hn));

	/* hlist_del_init_rcu keeps ->next and unhashes; twice is harmless */
	hlist_del_init_rcu(&e[3].hn);
	CHECK(CHAIN(&h, &e[5].hn, &e[0].hn, &e[2].hn, &e[4].hn));
	CHECK(e[3].hn.next == &e[4].hn);
	CHECK(hlist_unhashed(&e[3].hn));
	hlist_del_init_rcu(&e[3].hn);
	CHECK(CHAIN(&h, &e[5].hn, &e[0].hn, &e[2].hn, &e[4].hn));

	/* replace in the middle and at the head */
	hlist_replace_rcu(&e[2].hn, &repl.hn);
	CHECK(CHAIN(&h, &e[5].hn, &e[0].hn, &repl.hn, &e[4].hn));
	CHECK((void *)e[2].hn.pprev == LIST_POISON2);
	hlist_replace_rcu(&e[5].hn, &e[2].hn);
	CHECK(CHAIN(&h, &e[2].hn, &e[0].hn, &repl.hn, &e[4].hn));
	hlist_replace_rcu(&e[4].hn, &e[5].hn);
	CHECK(CHAIN(&h, &e[2].hn, &e[0].hn, &repl.hn, &e[5].hn));
}

static void test_list_head(void)
{
	LIST_HEAD(l);
	struct list_head l2;
	struct elem *ep, *tmp;
	int k = 0, got[6];

	INIT_LIST_HEAD(&l2);
	CHECK(list_empty(&l) && list_empty(&l2));
	CHECK(list_first_entry_or_null(&l, struct elem, ln) == NULL);
	list_add(&e[1].ln, &l);
	list_add(&e[0].ln, &l);
	list_add_tail(&e[2].ln, &l);
	list_for_each_entry(ep, &l, ln)
		got[k++] = ep->v;
	CHECK(k == 3 && got[0] == 0 && got[1] == 1 && got[2] == 2);
	CHECK(list_first_entry(&l, struct elem, ln) == &e[0]);
	CHECK(list_last_entry(&l, struct elem, ln) == &e[2]);
	list_del(&e[1].ln);
	CHECK(e[1].ln.next == LIST_POISON1 && e[1].ln.prev == LIST_POISON2);
	list_move_tail(&e[0].ln, &l2);
	list_move(&e[2].ln, &l2);
	CHECK(list_empty(&l));
	CHECK(list_first_entry(&l2, struct elem, ln) == &e[2]);
	list_add_tail_rcu(&e[1].ln, &l2);
	k = 0;
	list_for_each_entry_rcu(ep, &l2, ln)
		got[k++] = ep->v;
	CHECK(k == 3 && got[0] == 2 && got[1] == 0 && got[2] == 1);
	k = 0;
	list_for_each_entry_safe(ep, tmp, &l2, ln) {
		list_del_init(&ep->ln);
		CHECK(list_empty(&ep->ln));
		k++;
	}
	CHECK_EQ(k, 3);
	CHECK(list_empty(&l2));
}

int main(void)
{
	test_heads_and_nodes();
	test_add();
	test_del();
	test_fake_and_move();
	test_iterators();
	test_rcu_variants();
	test_list_head();
	return check_done("test_list");
}
