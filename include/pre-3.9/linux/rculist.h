/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/rculist.h> as kernels before 3.9 had it: the RCU
 * variants of the list and hlist operations, with that era's hlist
 * iterators, which take a struct hlist_node * cursor besides the typed one:
 *
 *	hlist_for_each_entry_rcu(tpos, pos, head, member)
 *	hlist_for_each_entry_rcu_bh(tpos, pos, head, member)
 *	hlist_for_each_entry_continue_rcu(tpos, pos, member)
 *	hlist_for_each_entry_continue_rcu_bh(tpos, pos, member)
 *
 * No lockdep condition argument (5.4), no _notrace (3.10), no _from_rcu;
 * hlist_add_after_rcu(prev, n) is that era's name for hlist_add_behind_rcu.
 * Writers publish with release stores (rcu_assign_pointer), readers load
 * with consume ordering (rcu_dereference), from the modern rcupdate.h shim.
 */
#ifndef _LINUX_RCULIST_H
#define _LINUX_RCULIST_H

#include <linux/list.h>
#include <linux/rcupdate.h>

#define hlist_first_rcu(head)	(*((struct hlist_node __rcu **)(&(head)->first)))
#define hlist_next_rcu(node)	(*((struct hlist_node __rcu **)(&(node)->next)))
#define hlist_pprev_rcu(node)	(*((struct hlist_node __rcu **)((node)->pprev)))

/* Unlink @n; concurrent readers may still walk through it, so ->next stays. */
static inline void hlist_del_rcu(struct hlist_node *n)
{
	__hlist_del(n);
	n->pprev = (struct hlist_node **)LIST_POISON2;
}

/* Unlink @n if hashed and leave it unhashed; ->next stays for readers. */
static inline void hlist_del_init_rcu(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		__hlist_del(n);
		n->pprev = NULL;
	}
}

/* Replace @old by @new on its list. */
static inline void hlist_replace_rcu(struct hlist_node *old, struct hlist_node *new)
{
	struct hlist_node *next = old->next;

	new->next = next;
	new->pprev = old->pprev;
	rcu_assign_pointer(*(struct hlist_node __rcu **)new->pprev, new);
	if (next)
		new->next->pprev = &new->next;
	old->pprev = (struct hlist_node **)LIST_POISON2;
}

/* Add @n at the head of @h, publishing it to concurrent readers. */
static inline void hlist_add_head_rcu(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	n->pprev = &h->first;
	rcu_assign_pointer(hlist_first_rcu(h), n);
	if (first)
		first->pprev = &n->next;
}

/* Add the new node @n before @next, which must be on a list. */
static inline void hlist_add_before_rcu(struct hlist_node *n, struct hlist_node *next)
{
	n->pprev = next->pprev;
	n->next = next;
	rcu_assign_pointer(hlist_pprev_rcu(n), n);
	next->pprev = &n->next;
}

/* Add the new node @n after @prev, which must be on a list. */
static inline void hlist_add_after_rcu(struct hlist_node *prev, struct hlist_node *n)
{
	n->next = prev->next;
	n->pprev = &prev->next;
	rcu_assign_pointer(hlist_next_rcu(prev), n);
	if (n->next)
		n->next->pprev = &n->next;
}

/* Iterate over the nodes of an RCU-protected hlist. */
#define __hlist_for_each_rcu(pos, head)					\
	for (pos = rcu_dereference(hlist_first_rcu(head));		\
	     pos;							\
	     pos = rcu_dereference(hlist_next_rcu(pos)))

/**
 * hlist_for_each_entry_rcu - iterate over an RCU-protected hlist
 * @tpos: the type * to use as the entry cursor
 * @pos: the &struct hlist_node * to use as the node cursor
 * @head: the list
 * @member: the name of the hlist_node within the entry's struct
 *
 * @pos is NULL after a full walk; @tpos then holds the last entry.
 */
#define hlist_for_each_entry_rcu(tpos, pos, head, member)		\
	for (pos = rcu_dereference_raw(hlist_first_rcu(head));		\
	     pos && __hlist_set_tpos(tpos, pos, member);		\
	     pos = rcu_dereference_raw(hlist_next_rcu(pos)))

/**
 * hlist_for_each_entry_rcu_bh - the same, in an rcu_read_lock_bh() section
 * @tpos: the type * to use as the entry cursor
 * @pos: the &struct hlist_node * to use as the node cursor
 * @head: the list
 * @member: the name of the hlist_node within the entry's struct
 */
#define hlist_for_each_entry_rcu_bh(tpos, pos, head, member)		\
	for (pos = rcu_dereference_bh(hlist_first_rcu(head));		\
	     pos && __hlist_set_tpos(tpos, pos, member);		\
	     pos = rcu_dereference_bh(hlist_next_rcu(pos)))

/**
 * hlist_for_each_entry_continue_rcu - iterate from the node after @pos
 * @tpos: the type * to use as the entry cursor
 * @pos: the &struct hlist_node * cursor, on a node of the list
 * @member: the name of the hlist_node within the entry's struct
 */
#define hlist_for_each_entry_continue_rcu(tpos, pos, member)		\
	for (pos = rcu_dereference(hlist_next_rcu(pos));		\
	     pos && __hlist_set_tpos(tpos, pos, member);		\
	     pos = rcu_dereference(hlist_next_rcu(pos)))

/**
 * hlist_for_each_entry_continue_rcu_bh - the same, in a _bh read section
 * @tpos: the type * to use as the entry cursor
 * @pos: the &struct hlist_node * cursor, on a node of the list
 * @member: the name of the hlist_node within the entry's struct
 */
#define hlist_for_each_entry_continue_rcu_bh(tpos, pos, member)	\
	for (pos = rcu_dereference_bh(hlist_next_rcu(pos));		\
	     pos && __hlist_set_tpos(tpos, pos, member);		\
	     pos = rcu_dereference_bh(hlist_next_rcu(pos)))

/* list_head RCU variants used by kernel-style programs. */
static inline void list_add_rcu(struct list_head *entry, struct list_head *head)
{
	struct list_head *next = head->next;

	entry->next = next;
	entry->prev = head;
	rcu_assign_pointer(head->next, entry);
	next->prev = entry;
}

static inline void list_add_tail_rcu(struct list_head *entry, struct list_head *head)
{
	struct list_head *prev = head->prev;

	entry->next = head;
	entry->prev = prev;
	rcu_assign_pointer(prev->next, entry);
	head->prev = entry;
}

/* Unlink @entry; ->next stays for readers, ->prev is poisoned. */
static inline void list_del_rcu(struct list_head *entry)
{
	__list_del_entry(entry);
	entry->prev = (struct list_head *)LIST_POISON2;
}

#define list_for_each_entry_rcu(pos, head, member)			\
	for (pos = list_entry(rcu_dereference_raw((head)->next),	\
			      __typeof__(*pos), member);		\
	     &pos->member != (head);					\
	     pos = list_entry(rcu_dereference_raw(pos->member.next),	\
			      __typeof__(*pos), member))

#endif /* _LINUX_RCULIST_H */
