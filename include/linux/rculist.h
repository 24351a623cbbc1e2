/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/rculist.h>: the RCU variants of the hlist
 * operations. Writers publish with release stores (rcu_assign_pointer),
 * readers load with consume ordering (rcu_dereference), as in the kernel.
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
	WRITE_ONCE(n->pprev, (struct hlist_node **)LIST_POISON2);
}

/* Unlink @n if hashed and leave it unhashed; ->next stays for readers. */
static inline void hlist_del_init_rcu(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		__hlist_del(n);
		WRITE_ONCE(n->pprev, NULL);
	}
}

/* Replace @old by @new on its list. */
static inline void hlist_replace_rcu(struct hlist_node *old, struct hlist_node *new)
{
	struct hlist_node *next = old->next;

	new->next = next;
	WRITE_ONCE(new->pprev, old->pprev);
	rcu_assign_pointer(*(struct hlist_node __rcu **)new->pprev, new);
	if (next)
		WRITE_ONCE(new->next->pprev, &new->next);
	WRITE_ONCE(old->pprev, (struct hlist_node **)LIST_POISON2);
}

/* Add @n at the head of @h, publishing it to concurrent readers. */
static inline void hlist_add_head_rcu(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	WRITE_ONCE(n->pprev, &h->first);
	rcu_assign_pointer(hlist_first_rcu(h), n);
	if (first)
		WRITE_ONCE(first->pprev, &n->next);
}

static inline void hlist_add_before_rcu(struct hlist_node *n, struct hlist_node *next)
{
	WRITE_ONCE(n->pprev, next->pprev);
	n->next = next;
	rcu_assign_pointer(hlist_pprev_rcu(n), n);
	WRITE_ONCE(next->pprev, &n->next);
}

static inline void hlist_add_behind_rcu(struct hlist_node *n, struct hlist_node *prev)
{
	n->next = prev->next;
	WRITE_ONCE(n->pprev, &prev->next);
	rcu_assign_pointer(hlist_next_rcu(prev), n);
	if (n->next)
		WRITE_ONCE(n->next->pprev, &n->next);
}

/*
 * Iterate over an RCU-protected hlist. The optional @cond (a lockdep
 * expression in the kernel) is accepted and not evaluated.
 */
#define hlist_for_each_entry_rcu(pos, head, member, cond...)		\
	for (pos = hlist_entry_safe(rcu_dereference_raw(hlist_first_rcu(head)),\
			__typeof__(*(pos)), member);			\
	     pos;							\
	     pos = hlist_entry_safe(rcu_dereference_raw(hlist_next_rcu(	\
			&(pos)->member)), __typeof__(*(pos)), member))

/* As hlist_for_each_entry_rcu, for code that must not be traced. */
#define hlist_for_each_entry_rcu_notrace(pos, head, member)		\
	hlist_for_each_entry_rcu(pos, head, member)

#define hlist_for_each_entry_rcu_bh(pos, head, member)			\
	hlist_for_each_entry_rcu(pos, head, member)

#define hlist_for_each_entry_continue_rcu(pos, member)			\
	for (pos = hlist_entry_safe(rcu_dereference_raw(hlist_next_rcu(	\
			&(pos)->member)), __typeof__(*(pos)), member);	\
	     pos;							\
	     pos = hlist_entry_safe(rcu_dereference_raw(hlist_next_rcu(	\
			&(pos)->member)), __typeof__(*(pos)), member))

#define hlist_for_each_entry_from_rcu(pos, member)			\
	for (; pos;							\
	     pos = hlist_entry_safe(rcu_dereference_raw(hlist_next_rcu(	\
			&(pos)->member)), __typeof__(*(pos)), member))

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

static inline void list_del_rcu(struct list_head *entry)
{
	__list_del_entry(entry);
	entry->prev = (struct list_head *)LIST_POISON2;
}

#define list_for_each_entry_rcu(pos, head, member, cond...)		\
	for (pos = list_entry(rcu_dereference_raw((head)->next),	\
			      __typeof__(*pos), member);		\
	     &pos->member != (head);					\
	     pos = list_entry(rcu_dereference_raw(pos->member.next),	\
			      __typeof__(*pos), member))

#endif /* _LINUX_RCULIST_H */
