// expect: by_addr converted
// expect: by_mark converted
// expect: one_tab skipped: one value of the variable picks buckets of two tables
// reason: one_tab index variable "slot" holds one value for this table and another
// expect: two_tab skipped: one value of the variable picks buckets of two tables
// reason: two_tab index variable "slot" holds one value for this table and another
// expect: if_tab skipped: a branch may change the variable before the use
// reason: if_tab index variable "idx" picks buckets of other tables too, and no assignment
// expect: else_tab skipped: a branch may change the variable before the use
// reason: else_tab index variable "idx" picks buckets of other tables too, and no assignment
// expect: near_tab skipped: the assignment before the use is the else of a branch
// reason: near_tab index variable "pick" picks buckets of other tables too, and no assignment
// expect: far_tab skipped: the assignment before the use is the else of a branch
// reason: far_tab index variable "pick" picks buckets of other tables too, and no assignment
// expect: wide_tab skipped: the variable is declared with two types in the function
// reason: wide_tab index variable "cell" is declared with 2 types in the function (u8, unsigned int)
/*
 * One index variable for two tables (net/netfilter/ipvs/ip_vs_ctl.c hashes a
 * service by address or by mark into hash, in two branches): each use of it
 * is given its value by the assignment just before it in its block, for one
 * table only, so each table converts with its own key. The negatives: one
 * value indexes two tables (a conversion of one would hand the other a key
 * where it expects a bucket number), and an assignment in a branch between
 * the one before and the use, which the use may or may not see; an else
 * branch that assigns just before a use that the if branch reaches too; and a
 * u8 of the same name in an inner block, which would cut the key it is given.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define SVC_BITS	4
#define SVC_SIZE	(1 << SVC_BITS)
#define SVC_MASK	(SVC_SIZE - 1)

struct service {
	u32 addr;
	u32 mark;
	struct hlist_node node;
	struct hlist_node other;
};

static struct hlist_head by_addr[SVC_SIZE];
static struct hlist_head by_mark[SVC_SIZE];
static struct hlist_head one_tab[SVC_SIZE];
static struct hlist_head two_tab[SVC_SIZE];
static struct hlist_head if_tab[SVC_SIZE];
static struct hlist_head else_tab[SVC_SIZE];
static struct hlist_head near_tab[SVC_SIZE];
static struct hlist_head far_tab[SVC_SIZE];
static struct hlist_head wide_tab[SVC_SIZE];

static unsigned int addr_key(u32 addr)
{
	return (addr ^ (addr >> SVC_BITS)) & SVC_MASK;
}

static unsigned int mark_key(u32 mark)
{
	return (mark * 7) & SVC_MASK;
}

/* the negatives have keys of their own: a helper shared with them would keep by_addr */
static unsigned int other_key(u32 v)
{
	return (v * 13) & SVC_MASK;
}

static void add_service(struct service *s)
{
	unsigned int hash;

	if (s->mark == 0) {
		/* by address */
		hash = addr_key(s->addr);
		hlist_add_head(&s->node, &by_addr[hash]);
	} else {
		hash = mark_key(s->mark);
		hlist_add_head(&s->node, &by_mark[hash]);
	}
}

static struct service *find_by_addr(u32 addr)
{
	unsigned int hash = addr_key(addr);
	struct service *s;

	hlist_for_each_entry(s, &by_addr[hash], node)
		if (s->addr == addr && !s->mark)
			return s;
	return NULL;
}

static struct service *find_by_mark(u32 mark)
{
	unsigned int hash;
	struct service *s;

	hash = mark_key(mark);
	hlist_for_each_entry(s, &by_mark[hash], node)
		if (s->mark == mark)
			return s;
	return NULL;
}

static void add_twice(struct service *s)
{
	unsigned int slot = other_key(s->addr);

	hlist_add_head(&s->node, &one_tab[slot]);
	hlist_add_head(&s->other, &two_tab[slot]);
}

static void add_branch(struct service *s, bool alt)
{
	unsigned int idx;

	idx = other_key(s->addr);
	if (alt)
		idx = other_key(s->addr + 1);
	hlist_add_head(&s->node, &if_tab[idx]);
	idx = other_key(s->mark);
	hlist_add_head(&s->other, &else_tab[idx]);
}

static unsigned int near_key(u32 v)
{
	return (v * 5) & SVC_MASK;
}

static unsigned int far_key(u32 v)
{
	return (v * 11) & SVC_MASK;
}

static unsigned int wide_key(u32 v)
{
	return (v * 3) & SVC_MASK;
}

static void add_near_or_far(struct service *s)
{
	unsigned int pick;

	if (s->mark) {
		pick = far_key(s->mark);
		hlist_add_head(&s->other, &far_tab[pick]);
	} else
		pick = near_key(s->addr + 1);
	hlist_add_head(&s->node, &near_tab[pick]);
}

static void add_wide(struct service *s)
{
	unsigned int cell = wide_key(s->addr);

	if (s->mark) {
		u8 cell = wide_key(s->mark);

		hlist_add_head(&s->other, &wide_tab[cell]);
		return;
	}
	hlist_add_head(&s->other, &wide_tab[cell]);
}

int main(void)
{
	static struct service svc[40], twice[10], branch[10], near[10], wide[10];
	int i;

	for (i = 0; i < 40; i++) {
		svc[i].addr = 0x0a000000 + i * 37;
		svc[i].mark = i % 4 ? 0 : 100 + i;
		add_service(&svc[i]);
	}
	for (i = 0; i < 10; i++) {
		twice[i].addr = i * 11;
		add_twice(&twice[i]);
		branch[i].addr = i * 13;
		branch[i].mark = i;
		add_branch(&branch[i], i % 2);
		near[i].addr = i;
		near[i].mark = i % 2 ? i : 0;
		add_near_or_far(&near[i]);
		wide[i].addr = i * 3;
		wide[i].mark = i % 3 ? 0 : i;
		add_wide(&wide[i]);
	}
	for (i = 0; i < 40; i += 3)
		printf("%d: addr %s, mark %s\n", i,
		       find_by_addr(svc[i].addr) == &svc[i] ? "found" : "-",
		       svc[i].mark && find_by_mark(svc[i].mark) == &svc[i] ? "found" : "-");
	return 0;
}
