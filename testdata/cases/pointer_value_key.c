// expect: count_hash converted
// expect: deref_hash skipped: its key reads through the pointer, and a call comes between
// reason: deref_hash a call may change key "deref_hashfn(ns, uid)"
/*
 * A bucket pointer computed before calls and used after them
 * (kernel/ucount.c): count_hash's key is the value of the namespace
 * pointer and of the uid, which no call can change, so it may move to the
 * uses. deref_hash's helper hands its pointer to ns_id(), which reads
 * ns->id: new_count(ns), called in between, could change that, so it stays
 * (kzalloc() alone could not: it writes only the memory it returns, case
 * calls_between).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#define COUNT_BITS	4

struct ns {
	int id;
};

struct count {
	struct ns *ns;
	u32 uid;
	int n;
	struct hlist_node node;
};

static struct hlist_head count_hash[1 << COUNT_BITS];
static struct hlist_head deref_hash[1 << COUNT_BITS];
static DEFINE_SPINLOCK(count_lock);

#define count_hashfn(ns, uid)						\
	hash_long((unsigned long)(uid) + (unsigned long)(ns), COUNT_BITS)
#define count_hashentry(ns, uid)	\
	(count_hash + count_hashfn(ns, uid))
static inline int ns_id(const struct ns *ns)
{
	return ns->id;
}
#define deref_hashfn(ns, uid)	hash_32(ns_id(ns) + (uid), COUNT_BITS)
#define deref_hashentry(ns, uid)	\
	(deref_hash + deref_hashfn(ns, uid))

static struct count *find_count(struct ns *ns, u32 uid, struct hlist_head *head)
{
	struct count *c;

	hlist_for_each_entry(c, head, node)
		if (c->ns == ns && c->uid == uid)
			return c;
	return NULL;
}

static struct count *get_count(struct ns *ns, u32 uid)
{
	struct hlist_head *head = count_hashentry(ns, uid);
	struct count *c, *new;

	spin_lock(&count_lock);
	c = find_count(ns, uid, head);
	spin_unlock(&count_lock);
	if (c)
		return c;
	new = kzalloc(sizeof(*new), GFP_KERNEL);
	new->ns = ns;
	new->uid = uid;
	spin_lock(&count_lock);
	c = find_count(ns, uid, head);
	if (c) {
		kfree(new);
	} else {
		hlist_add_head(&new->node, head);
		c = new;
	}
	spin_unlock(&count_lock);
	return c;
}

/* a function of the file's own: what it does to ns is not looked into */
static struct count *new_count(struct ns *ns)
{
	struct count *c = kzalloc(sizeof(*c), GFP_KERNEL);

	c->ns = ns;
	return c;
}

static struct count *get_deref(struct ns *ns, u32 uid)
{
	struct hlist_head *head = deref_hashentry(ns, uid);
	struct count *c;

	hlist_for_each_entry(c, head, node)
		if (c->ns == ns && c->uid == uid)
			return c;
	c = new_count(ns);
	c->uid = uid;
	hlist_add_head(&c->node, head);
	return c;
}

int main(void)
{
	static struct ns spaces[3] = { { 1 }, { 2 }, { 3 } };
	struct hlist_node *tmp;
	struct count *c;
	int i;

	for (i = 0; i < 30; i++) {
		get_count(&spaces[i % 3], i % 7)->n++;
		get_deref(&spaces[i % 3], i % 5)->n++;
	}
	for (i = 0; i < 6; i++)
		printf("%d: %d %d\n", i, get_count(&spaces[i % 3], i)->n,
		       get_deref(&spaces[i % 3], i)->n);
	for (i = 0; i < (1 << COUNT_BITS); i++) {
		hlist_for_each_entry_safe(c, tmp, &count_hash[i], node)
			kfree(c);
		hlist_for_each_entry_safe(c, tmp, &deref_hash[i], node)
			kfree(c);
	}
	return 0;
}
