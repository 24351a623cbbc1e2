// expect: by_field skipped: a parameter of the print macro lands after ->
// expect: by_op skipped: a parameter of the print macro is an operator
// expect: by_alt skipped: the print macro has another definition under #else
// expect: by_undef skipped: the print macro is undefined and defined again
// expect: by_pr skipped: the file redefines the print function
// expect: by_obj skipped: an object-like macro in the print macro calls a writer
// expect: by_stmt skipped: an object-like macro alone between pick and use
// reason: by_field a call may change key "s->f" before the bucket is used
// reason: by_op a call may change key "s->o" before the bucket is used
// reason: by_alt a call may change key "s->a" before the bucket is used
// reason: by_undef a call may change key "s->u" before the bucket is used
// reason: by_pr a call may change key "s->p" before the bucket is used
// reason: by_obj a call may change key "s->b" before the bucket is used
// reason: by_stmt a macro may change key "s->m" before the bucket is used
/*
 * Macros between the bucket's pick and its use that look like one print call
 * but change the key (from a review): a parameter that the body puts after ->
 * or between operands (given id++ or +=), a name with another definition in an
 * #else branch or after an #undef, a print function the file redefines to
 * write, and an object-like macro that calls a function that writes. The entry
 * would be added to the bucket of the old key, and found under the new one.
 */
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define B 3

struct item {
	unsigned int f, o, a, u, p, b, m;
	struct hlist_node nf, no, na, nu, np, nb, nm;
};

static struct hlist_head by_field[1 << B];
static struct hlist_head by_op[1 << B];
static struct hlist_head by_alt[1 << B];
static struct hlist_head by_undef[1 << B];
static struct hlist_head by_pr[1 << B];
static struct hlist_head by_obj[1 << B];
static struct hlist_head by_stmt[1 << B];

static unsigned int bump(unsigned int *v)
{
	return *v += 3;
}

#define SHOW_FIELD(s, f)	pr_info("%u\n", (s)->f)
#define SHOW_OP(s, op)		pr_info("%u\n", (s)->o op 4)
#ifdef VERBOSE
#define SHOW_ALT(s)		pr_info("%u\n", (s)->a)
#else
static unsigned int note_a(struct item *s)
{
	return s->a += 3;
}
#define SHOW_ALT		note_a
#endif
#define SHOW_UNDEF(s)		pr_info("%u\n", (s)->u)
static unsigned int note_u(struct item *s)
{
	return s->u += 3;
}
#undef SHOW_UNDEF
#define SHOW_UNDEF		note_u
#define BUMPED_B		bump(&s->b)
#define SHOW_OBJ(s)		pr_info("%u\n", BUMPED_B)
#define BUMPED_M		bump(&s->m)
#define pr_notice(fmt, v)	printf(fmt, bump(&(v)))
#define SHOW_PR(s)		pr_notice("%u\n", (s)->p)

static void add_field(struct item *s)
{
	struct hlist_head *head = &by_field[hash_32(s->f, B)];

	SHOW_FIELD(s, f++);
	hlist_add_head(&s->nf, head);
}

static void add_op(struct item *s)
{
	struct hlist_head *head = &by_op[hash_32(s->o, B)];

	SHOW_OP(s, +=);
	hlist_add_head(&s->no, head);
}

static void add_alt(struct item *s)
{
	struct hlist_head *head = &by_alt[hash_32(s->a, B)];

	SHOW_ALT(s);
	hlist_add_head(&s->na, head);
}

static void add_undef(struct item *s)
{
	struct hlist_head *head = &by_undef[hash_32(s->u, B)];

	SHOW_UNDEF(s);
	hlist_add_head(&s->nu, head);
}

static void add_pr(struct item *s)
{
	struct hlist_head *head = &by_pr[hash_32(s->p, B)];

	SHOW_PR(s);
	hlist_add_head(&s->np, head);
}

static void add_obj(struct item *s)
{
	struct hlist_head *head = &by_obj[hash_32(s->b, B)];

	SHOW_OBJ(s);
	hlist_add_head(&s->nb, head);
}

static void add_stmt(struct item *s)
{
	struct hlist_head *head = &by_stmt[hash_32(s->m, B)];

	BUMPED_M;
	hlist_add_head(&s->nm, head);
}

static void add(struct item *s)
{
	add_field(s);
	add_op(s);
	add_alt(s);
	add_undef(s);
	add_pr(s);
	add_obj(s);
	add_stmt(s);
}

static int found(struct item *s)
{
	struct item *e;
	int n = 0;

	hlist_for_each_entry(e, &by_field[hash_32(s->f, B)], nf)
		n += e == s;
	hlist_for_each_entry(e, &by_op[hash_32(s->o, B)], no)
		n += e == s;
	hlist_for_each_entry(e, &by_alt[hash_32(s->a, B)], na)
		n += e == s;
	hlist_for_each_entry(e, &by_undef[hash_32(s->u, B)], nu)
		n += e == s;
	hlist_for_each_entry(e, &by_pr[hash_32(s->p, B)], np)
		n += e == s;
	hlist_for_each_entry(e, &by_obj[hash_32(s->b, B)], nb)
		n += e == s;
	hlist_for_each_entry(e, &by_stmt[hash_32(s->m, B)], nm)
		n += e == s;
	return n;
}

int main(void)
{
	static struct item s = { 1, 2, 3, 4, 5, 6, 7 };

	add(&s);
	printf("%d %u %u %u %u %u %u %u\n", found(&s), s.f, s.o, s.a, s.u, s.p, s.b, s.m);
	return 0;
}
