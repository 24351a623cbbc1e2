// SPDX-License-Identifier: GPL-2.0
/*
 * The pre-3.9 list.h and rculist.h shims behave as that era's kernel: the
 * 4-argument hlist entry iterators (the node cursor drives the loop and is
 * NULL after a full walk, the entry cursor keeps the last entry), _safe,
 * _continue and _from starting from the node cursor, the RCU iterators
 * including _bh and _continue_rcu, hlist_add_before/after with that era's
 * argument order, poisoning and unhashing, and a little of list_head.
 */
#include <linux/list.h>
#include <linux/rculist.h>
#include "../header/check.h"

/* The era's names are there, the later ones are not. */
#if !defined(hlist_for_each_entry) || !defined(hlist_for_each_entry_rcu_bh) || \
	!defined(hlist_for_each_entry_continue_rcu_bh)
#error "a pre-3.9 iterator is missing"
#endif
#if defined(hlist_entry_safe) || defined(hlist_for_each_entry_rcu_notrace) || \
	defined(hlist_for_each_entry_from_rcu) || defined(list_next_entry)
#error "a name from 3.9 or later is defined"
#endif

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

/* e[0] .. e[5] in order on @h */
static void fill(struct hlist_head *h)
{
	int i;

	init_elems();
	INIT_HLIST_HEAD(h);
	for (i = 5; i >= 0; i--)
		hlist_add_head(&e[i].hn, h);
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
	CHECK(!hlist_unhashed(&e[0].hn));
	INIT_HLIST_NODE(&e[0].hn);
	CHECK(e[0].hn.next == NULL && e[0].hn.pprev == NULL);
	CHECK(hlist_unhashed(&e[0].hn));
}

static void test_add(void)
{
	HLIST_HEAD(h);

	init_elems();
	hlist_add_head(&e[1].hn, &h);
	CHECK(CHAIN(&h, &e[1].hn));
	CHECK(!hlist_empty(&h));
	CHECK(!hlist_unhashed(&e[1].hn));
	hlist_add_head(&e[0].hn, &h);
	CHECK(CHAIN(&h, &e[0].hn, &e[1].hn));

	/* hlist_add_before(new, existing): before the first node ... */
	hlist_add_before(&e[2].hn, &e[0].hn);
	CHECK(CHAIN(&h, &e[2].hn, &e[0].hn, &e[1].hn));
	/* ... and before a middle node */
	hlist_add_before(&e[3].hn, &e[1].hn);
	CHECK(CHAIN(&h, &e[2].hn, &e[0].hn, &e[3].hn, &e[1].hn));
	/* hlist_add_after(existing, new): after the last node ... */
	hlist_add_after(&e[1].hn, &e[4].hn);
	CHECK(CHAIN(&h, &e[2].hn, &e[0].hn, &e[3].hn, &e[1].hn, &e[4].hn));
	/* ... and after a middle node */
	hlist_add_after(&e[2].hn, &e[5].hn);
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
	hlist_add_fake(&e[0].hn);
	CHECK(!hlist_unhashed(&e[0].hn));
	hlist_del_init(&e[0].hn);
	CHECK(hlist_unhashed(&e[0].hn));

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

static void test_for_each(void)
{
	HLIST_HEAD(h);
	HLIST_HEAD(empty);
	struct hlist_node *pos, *n;
	struct elem *tpos;
	int got[8], k;

	fill(&h);
	CHECK(hlist_entry(&e[3].hn, struct elem, hn) == &e[3]);

	k = 0;
	hlist_for_each(pos, &h)
		got[k++] = hlist_entry(pos, struct elem, hn)->v;
	CHECK(k == 6 && got[0] == 0 && got[5] == 5);
	CHECK(pos == NULL);

	k = 0;
	hlist_for_each_safe(pos, n, &h)
		got[k++] = hlist_entry(pos, struct elem, hn)->v;
	CHECK(k == 6 && got[0] == 0 && got[5] == 5);
	CHECK(pos == NULL);

	/* the entry iterator: in order; after it pos is NULL, tpos the last */
	k = 0;
	tpos = NULL;
	hlist_for_each_entry(tpos, pos, &h, hn) {
		CHECK(pos == &tpos->hn);
		got[k++] = tpos->v;
	}
	CHECK(k == 6 && got[0] == 0 && got[3] == 3 && got[5] == 5);
	CHECK(pos == NULL);
	CHECK(tpos == &e[5]);

	/* an empty list: no iteration, tpos untouched, pos NULL */
	tpos = &e[2];
	pos = &e[0].hn;
	k = 0;
	hlist_for_each_entry(tpos, pos, &empty, hn)
		k++;
	CHECK_EQ(k, 0);
	CHECK(pos == NULL);
	CHECK(tpos == &e[2]);

	/* break leaves both cursors on the element */
	hlist_for_each_entry(tpos, pos, &h, hn)
		if (tpos->v == 4)
			break;
	CHECK(tpos == &e[4]);
	CHECK(pos == &e[4].hn);

	/* the head expression is evaluated once */
	k = 0;
	{
		struct hlist_head *heads[2] = { &h, &empty };
		int i = 0;

		hlist_for_each_entry(tpos, pos, heads[i++], hn)
			k++;
		CHECK_EQ(i, 1);
		CHECK_EQ(k, 6);
	}
}

/* _continue starts after the node cursor, _from at it; tpos is not read. */
static void test_continue_from(void)
{
	HLIST_HEAD(h);
	struct hlist_node *pos;
	struct elem *tpos;
	int got[8], k;

	fill(&h);

	k = 0;
	pos = &e[2].hn;
	tpos = &e[0];			/* deliberately another entry */
	hlist_for_each_entry_continue(tpos, pos, hn) {
		CHECK(pos == &tpos->hn);
		got[k++] = tpos->v;
	}
	CHECK(k == 3 && got[0] == 3 && got[1] == 4 && got[2] == 5);
	CHECK(pos == NULL);
	CHECK(tpos == &e[5]);

	/* from the last node there is nothing after */
	k = 0;
	pos = &e[5].hn;
	tpos = NULL;
	hlist_for_each_entry_continue(tpos, pos, hn)
		k++;
	CHECK_EQ(k, 0);
	CHECK(pos == NULL);
	CHECK(tpos == NULL);

	k = 0;
	pos = &e[2].hn;
	tpos = &e[0];
	hlist_for_each_entry_from(tpos, pos, hn) {
		CHECK(pos == &tpos->hn);
		got[k++] = tpos->v;
	}
	CHECK(k == 4 && got[0] == 2 && got[3] == 5);
	CHECK(pos == NULL);

	/* _from on a NULL cursor does nothing */
	k = 0;
	pos = NULL;
	tpos = &e[1];
	hlist_for_each_entry_from(tpos, pos, hn)
		k++;
	CHECK_EQ(k, 0);
	CHECK(tpos == &e[1]);

	/* the lookup-then-resume idiom: find 1, then continue past it */
	hlist_for_each_entry(tpos, pos, &h, hn)
		if (tpos->v == 1)
			break;
	k = 0;
	hlist_for_each_entry_continue(tpos, pos, hn)
		got[k++] = tpos->v;
	CHECK(k == 4 && got[0] == 2 && got[3] == 5);

	/* break in _continue and _from leaves the cursors on the element */
	pos = &e[0].hn;
	hlist_for_each_entry_continue(tpos, pos, hn)
		if (tpos->v == 3)
			break;
	CHECK(tpos == &e[3] && pos == &e[3].hn);
	hlist_for_each_entry_from(tpos, pos, hn)
		if (tpos->v == 4)
			break;
	CHECK(tpos == &e[4] && pos == &e[4].hn);
}

static void test_safe(void)
{
	HLIST_HEAD(h);
	struct hlist_node *pos, *n;
	struct elem *tpos = NULL;
	int k, i;

	fill(&h);
	/* hlist_for_each_safe survives deletion of the cursor */
	hlist_for_each_safe(pos, n, &h)
		if (hlist_entry(pos, struct elem, hn)->v % 2)
			hlist_del(pos);
	CHECK(CHAIN(&h, &e[0].hn, &e[2].hn, &e[4].hn));

	/* so does the entry version, with the node and the temporary cursor */
	k = 0;
	hlist_for_each_entry_safe(tpos, pos, n, &h, hn) {
		CHECK(pos == &tpos->hn);
		CHECK(n == tpos->hn.next);
		hlist_del_init(&tpos->hn);
		k++;
	}
	CHECK_EQ(k, 3);
	CHECK(pos == NULL);
	CHECK(tpos == &e[4]);
	CHECK(hlist_empty(&h));
	CHECK(hlist_unhashed(&e[0].hn) && hlist_unhashed(&e[4].hn));

	/* with freed objects: ASan catches a touch after free */
	for (i = 0; i < 10; i++) {
		struct elem *x = malloc(sizeof(*x));

		BUG_ON(!x);
		x->v = i;
		hlist_add_head(&x->hn, &h);
	}
	k = 0;
	hlist_for_each_entry_safe(tpos, pos, n, &h, hn) {
		hlist_del(&tpos->hn);
		free(tpos);
		k++;
	}
	CHECK_EQ(k, 10);
	CHECK(pos == NULL);
	CHECK(hlist_empty(&h));

	/* break leaves the cursors on the element, n on the next */
	fill(&h);
	hlist_for_each_entry_safe(tpos, pos, n, &h, hn)
		if (tpos->v == 2)
			break;
	CHECK(tpos == &e[2] && pos == &e[2].hn && n == &e[3].hn);
}

static void test_rcu(void)
{
	HLIST_HEAD(h);
	struct hlist_node *pos;
	struct elem *tpos = NULL, repl;
	int k, got[8];

	init_elems();
	INIT_HLIST_NODE(&repl.hn);
	repl.v = 99;

	hlist_add_head_rcu(&e[2].hn, &h);
	hlist_add_head_rcu(&e[0].hn, &h);
	CHECK(CHAIN(&h, &e[0].hn, &e[2].hn));
	/* hlist_add_after_rcu(existing, new) */
	hlist_add_after_rcu(&e[0].hn, &e[1].hn);
	CHECK(CHAIN(&h, &e[0].hn, &e[1].hn, &e[2].hn));
	hlist_add_after_rcu(&e[2].hn, &e[4].hn);
	CHECK(CHAIN(&h, &e[0].hn, &e[1].hn, &e[2].hn, &e[4].hn));
	/* hlist_add_before_rcu(new, existing) */
	hlist_add_before_rcu(&e[3].hn, &e[4].hn);
	CHECK(CHAIN(&h, &e[0].hn, &e[1].hn, &e[2].hn, &e[3].hn, &e[4].hn));
	hlist_add_before_rcu(&e[5].hn, &e[0].hn);
	CHECK(CHAIN(&h, &e[5].hn, &e[0].hn, &e[1].hn, &e[2].hn, &e[3].hn, &e[4].hn));
	CHECK(hlist_first_rcu(&h) == &e[5].hn);
	CHECK(hlist_next_rcu(&e[0].hn) == &e[1].hn);

	k = 0;
	rcu_read_lock();
	__hlist_for_each_rcu(pos, &h)
		got[k++] = hlist_entry(pos, struct elem, hn)->v;
	rcu_read_unlock();
	CHECK(k == 6 && got[0] == 5 && got[5] == 4);
	CHECK(pos == NULL);

	k = 0;
	rcu_read_lock();
	hlist_for_each_entry_rcu(tpos, pos, &h, hn) {
		CHECK(pos == &tpos->hn);
		got[k++] = tpos->v;
	}
	rcu_read_unlock();
	CHECK(k == 6 && got[0] == 5 && got[1] == 0 && got[5] == 4);
	CHECK(pos == NULL);
	CHECK(tpos == &e[4]);

	k = 0;
	rcu_read_lock_bh();
	hlist_for_each_entry_rcu_bh(tpos, pos, &h, hn)
		got[k++] = tpos->v;
	rcu_read_unlock_bh();
	CHECK(k == 6 && got[0] == 5 && got[5] == 4);
	CHECK(pos == NULL);

	/* break leaves both cursors; _continue_rcu resumes from pos */
	hlist_for_each_entry_rcu(tpos, pos, &h, hn)
		if (tpos->v == 1)
			break;
	CHECK(tpos == &e[1] && pos == &e[1].hn);
	k = 0;
	hlist_for_each_entry_continue_rcu(tpos, pos, hn)
		got[k++] = tpos->v;
	CHECK(k == 3 && got[0] == 2 && got[1] == 3 && got[2] == 4);
	CHECK(pos == NULL);

	pos = &e[2].hn;
	tpos = &e[5];
	k = 0;
	hlist_for_each_entry_continue_rcu_bh(tpos, pos, hn)
		got[k++] = tpos->v;
	CHECK(k == 2 && got[0] == 3 && got[1] == 4);

	/* hlist_del_rcu keeps ->next for readers and poisons pprev */
	hlist_del_rcu(&e[1].hn);
	CHECK(CHAIN(&h, &e[5].hn, &e[0].hn, &e[2].hn, &e[3].hn, &e[4].hn));
	CHECK(e[1].hn.next == &e[2].hn);
	CHECK((void *)e[1].hn.pprev == LIST_POISON2);
	CHECK(!hlist_unhashed(&e[1].hn));

	/* a reader standing on the deleted node still reaches the rest */
	pos = &e[1].hn;
	k = 0;
	hlist_for_each_entry_continue_rcu(tpos, pos, hn)
		got[k++] = tpos->v;
	CHECK(k == 3 && got[0] == 2 && got[2] == 4);

	/* hlist_del_init_rcu keeps ->next and unhashes; twice is harmless */
	hlist_del_init_rcu(&e[3].hn);
	CHECK(CHAIN(&h, &e[5].hn, &e[0].hn, &e[2].hn, &e[4].hn));
	CHECK(e[3].hn.next == &e[4].hn);
	CHECK(hlist_unhashed(&e[3].hn));
	hlist_del_init_rcu(&e[3].hn);
	CHECK(CHAIN(&h, &e[5].hn, &e[0].hn, &e[2].hn, &e[4].hn));

	/* replace in the middle, at the head and at the tail */
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
	struct list_head l2, *p, *q;
	struct elem *ep, *tmp, x;
	int k = 0, got[6];

	INIT_LIST_HEAD(&l2);
	CHECK(list_empty(&l) && list_empty(&l2));
	list_add(&e[1].ln, &l);
	CHECK(list_is_singular(&l));
	list_add(&e[0].ln, &l);
	CHECK(!list_is_singular(&l));
	list_add_tail(&e[2].ln, &l);
	list_for_each_entry(ep, &l, ln)
		got[k++] = ep->v;
	CHECK(k == 3 && got[0] == 0 && got[1] == 1 && got[2] == 2);
	k = 0;
	list_for_each_entry_reverse(ep, &l, ln)
		got[k++] = ep->v;
	CHECK(k == 3 && got[0] == 2 && got[2] == 0);
	k = 0;
	list_for_each(p, &l)
		k++;
	CHECK_EQ(k, 3);
	CHECK(list_first_entry(&l, struct elem, ln) == &e[0]);
	CHECK(list_is_last(&e[2].ln, &l) && !list_is_last(&e[1].ln, &l));

	x.v = 7;
	list_replace(&e[1].ln, &x.ln);
	k = 0;
	list_for_each_entry(ep, &l, ln)
		got[k++] = ep->v;
	CHECK(k == 3 && got[1] == 7);
	list_del(&x.ln);
	CHECK(x.ln.next == LIST_POISON1 && x.ln.prev == LIST_POISON2);

	list_move_tail(&e[0].ln, &l2);
	list_move(&e[2].ln, &l2);
	CHECK(list_empty(&l));
	CHECK(list_first_entry(&l2, struct elem, ln) == &e[2]);
	list_add_tail_rcu(&e[1].ln, &l2);
	list_add_rcu(&e[3].ln, &l2);
	k = 0;
	list_for_each_entry_rcu(ep, &l2, ln)
		got[k++] = ep->v;
	CHECK(k == 4 && got[0] == 3 && got[1] == 2 && got[2] == 0 && got[3] == 1);
	list_del_rcu(&e[3].ln);
	CHECK(e[3].ln.prev == LIST_POISON2 && e[3].ln.next == &e[2].ln);
	k = 0;
	list_for_each_safe(p, q, &l2)
		k++;
	CHECK_EQ(k, 3);
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
	test_for_each();
	test_continue_from();
	test_safe();
	test_rcu();
	test_list_head();
	return check_done("test_list");
}
