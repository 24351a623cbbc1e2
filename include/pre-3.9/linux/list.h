/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/list.h> as kernels before 3.9 had it: list_head
 * lists and hlist hash lists, with the hlist entry iterators of that era,
 * which take a struct hlist_node * cursor besides the typed one:
 *
 *	hlist_for_each_entry(tpos, pos, head, member)
 *	hlist_for_each_entry_continue(tpos, pos, member)
 *	hlist_for_each_entry_from(tpos, pos, member)
 *	hlist_for_each_entry_safe(tpos, pos, n, head, member)
 *
 * The node cursor @pos drives these loops: it is NULL after a complete
 * walk, while @tpos keeps the last entry visited (or its old value when
 * there was none); _continue and _from start from @pos, not from @tpos.
 * hlist_add_after(n, next) has that era's argument order (the node on the
 * list first, the new node second). Names that came later (hlist_entry_safe,
 * hlist_add_behind, list_next_entry, ...) are deliberately absent, so that
 * code built against this shim uses only what those trees have.
 *
 * Use it before the modern shims: cc -I include/pre-3.9 -I include.
 */
#ifndef _LINUX_LIST_H
#define _LINUX_LIST_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/poison.h>
#include <linux/kernel.h>

/* ---------------------------------------------------------------- list_head */

#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	list->next = list;
	list->prev = list;
}

static inline void __list_add(struct list_head *entry, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = entry;
	entry->next = next;
	entry->prev = prev;
	prev->next = entry;
}

/* Insert @entry right after @head (stack order). */
static inline void list_add(struct list_head *entry, struct list_head *head)
{
	__list_add(entry, head, head->next);
}

/* Insert @entry right before @head (queue order). */
static inline void list_add_tail(struct list_head *entry, struct list_head *head)
{
	__list_add(entry, head->prev, head);
}

static inline void __list_del(struct list_head *prev, struct list_head *next)
{
	next->prev = prev;
	prev->next = next;
}

static inline void __list_del_entry(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
}

/* Unlink @entry and poison it. */
static inline void list_del(struct list_head *entry)
{
	__list_del_entry(entry);
	entry->next = (struct list_head *)LIST_POISON1;
	entry->prev = (struct list_head *)LIST_POISON2;
}

/* Unlink @entry and leave it an empty list. */
static inline void list_del_init(struct list_head *entry)
{
	__list_del_entry(entry);
	INIT_LIST_HEAD(entry);
}

/* Put @new where @old is; @old is left as it was. */
static inline void list_replace(struct list_head *old, struct list_head *new)
{
	new->next = old->next;
	new->next->prev = new;
	new->prev = old->prev;
	new->prev->next = new;
}

static inline void list_move(struct list_head *list, struct list_head *head)
{
	__list_del_entry(list);
	list_add(list, head);
}

static inline void list_move_tail(struct list_head *list, struct list_head *head)
{
	__list_del_entry(list);
	list_add_tail(list, head);
}

static inline int list_is_last(const struct list_head *list,
			       const struct list_head *head)
{
	return list->next == head;
}

static inline int list_empty(const struct list_head *head)
{
	return head->next == head;
}

static inline int list_is_singular(const struct list_head *head)
{
	return !list_empty(head) && head->next == head->prev;
}

#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_first_entry(ptr, type, member) list_entry((ptr)->next, type, member)

#define list_for_each(pos, head)					\
	for (pos = (head)->next; pos != (head); pos = pos->next)

#define list_for_each_safe(pos, n, head)				\
	for (pos = (head)->next, n = pos->next; pos != (head);		\
	     pos = n, n = pos->next)

#define list_for_each_entry(pos, head, member)				\
	for (pos = list_entry((head)->next, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))

#define list_for_each_entry_reverse(pos, head, member)			\
	for (pos = list_entry((head)->prev, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_entry(pos->member.prev, __typeof__(*pos), member))

#define list_for_each_entry_safe(pos, n, head, member)			\
	for (pos = list_entry((head)->next, __typeof__(*pos), member),	\
	     n = list_entry(pos->member.next, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = n, n = list_entry(n->member.next, __typeof__(*n), member))

/* ---------------------------------------------------------------- hlist */

#define HLIST_HEAD_INIT { .first = NULL }
#define HLIST_HEAD(name) struct hlist_head name = { .first = NULL }
#define INIT_HLIST_HEAD(ptr) ((ptr)->first = NULL)

static inline void INIT_HLIST_NODE(struct hlist_node *h)
{
	h->next = NULL;
	h->pprev = NULL;
}

/* A node is unhashed when it is on no list (never added, or deleted with _init). */
static inline int hlist_unhashed(const struct hlist_node *h)
{
	return !h->pprev;
}

static inline int hlist_empty(const struct hlist_head *h)
{
	return !h->first;
}

static inline void __hlist_del(struct hlist_node *n)
{
	struct hlist_node *next = n->next;
	struct hlist_node **pprev = n->pprev;

	*pprev = next;
	if (next)
		next->pprev = pprev;
}

/* Unlink @n and poison it: hlist_unhashed() stays false afterwards. */
static inline void hlist_del(struct hlist_node *n)
{
	__hlist_del(n);
	n->next = (struct hlist_node *)LIST_POISON1;
	n->pprev = (struct hlist_node **)LIST_POISON2;
}

/* Unlink @n if it is hashed and leave it unhashed. */
static inline void hlist_del_init(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		__hlist_del(n);
		INIT_HLIST_NODE(n);
	}
}

static inline void hlist_add_head(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	if (first)
		first->pprev = &n->next;
	h->first = n;
	n->pprev = &h->first;
}

/* Add the new node @n before @next, which must be on a list. */
static inline void hlist_add_before(struct hlist_node *n, struct hlist_node *next)
{
	n->pprev = next->pprev;
	n->next = next;
	next->pprev = &n->next;
	*(n->pprev) = n;
}

/*
 * Add the new node @next after @n, which must be on a list. Mind the order:
 * the node already on the list comes first (3.17 renamed this
 * hlist_add_behind() and swapped the arguments).
 */
static inline void hlist_add_after(struct hlist_node *n, struct hlist_node *next)
{
	next->next = n->next;
	n->next = next;
	next->pprev = &n->next;
	if (next->next)
		next->next->pprev = &next->next;
}

/* Make @n look hashed while being on no list. */
static inline void hlist_add_fake(struct hlist_node *n)
{
	n->pprev = &n->next;
}

/* Move the whole list from @old to @new, leaving @old empty. */
static inline void hlist_move_list(struct hlist_head *old, struct hlist_head *new)
{
	new->first = old->first;
	if (new->first)
		new->first->pprev = &new->first;
	old->first = NULL;
}

#define hlist_entry(ptr, type, member) container_of(ptr, type, member)

/* Iterate over the nodes of a list; @pos is NULL after a full walk. */
#define hlist_for_each(pos, head)					\
	for (pos = (head)->first; pos; pos = pos->next)

/* The same, safe against removal of @pos; @n is temporary storage. */
#define hlist_for_each_safe(pos, n, head)				\
	for (pos = (head)->first; pos && ({ n = pos->next; 1; });	\
	     pos = n)

/*
 * Set the entry cursor @tpos from the node cursor @pos; always true, so it
 * can sit in a loop condition after the test of @pos.
 */
#define __hlist_set_tpos(tpos, pos, member)				\
	({ tpos = hlist_entry(pos, __typeof__(*(tpos)), member); 1; })

/**
 * hlist_for_each_entry - iterate over the entries of a list
 * @tpos: the type * to use as the entry cursor
 * @pos: the &struct hlist_node * to use as the node cursor
 * @head: the list
 * @member: the name of the hlist_node within the entry's struct
 *
 * @pos is NULL after a full walk; @tpos then holds the last entry.
 */
#define hlist_for_each_entry(tpos, pos, head, member)			\
	for (pos = (head)->first;					\
	     pos && __hlist_set_tpos(tpos, pos, member);		\
	     pos = pos->next)

/**
 * hlist_for_each_entry_continue - iterate from the node after @pos
 * @tpos: the type * to use as the entry cursor
 * @pos: the &struct hlist_node * cursor, on a node of the list
 * @member: the name of the hlist_node within the entry's struct
 */
#define hlist_for_each_entry_continue(tpos, pos, member)		\
	for (pos = (pos)->next;						\
	     pos && __hlist_set_tpos(tpos, pos, member);		\
	     pos = pos->next)

/**
 * hlist_for_each_entry_from - iterate from the node @pos itself
 * @tpos: the type * to use as the entry cursor
 * @pos: the &struct hlist_node * cursor, on a node of the list or NULL
 * @member: the name of the hlist_node within the entry's struct
 */
#define hlist_for_each_entry_from(tpos, pos, member)			\
	for (; pos && __hlist_set_tpos(tpos, pos, member);		\
	     pos = pos->next)

/**
 * hlist_for_each_entry_safe - iterate, safe against removal of the entry
 * @tpos: the type * to use as the entry cursor
 * @pos: the &struct hlist_node * to use as the node cursor
 * @n: a &struct hlist_node * used as temporary storage
 * @head: the list
 * @member: the name of the hlist_node within the entry's struct
 */
#define hlist_for_each_entry_safe(tpos, pos, n, head, member)		\
	for (pos = (head)->first;					\
	     pos && ({ n = pos->next; 1; }) &&				\
		__hlist_set_tpos(tpos, pos, member);			\
	     pos = n)

#endif /* _LINUX_LIST_H */
