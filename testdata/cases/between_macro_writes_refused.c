// expect: by_id skipped: a macro of the file that prints a key it increments
// expect: by_num skipped: a macro of the file that prints what a function returns
// expect: by_tag skipped: a macro of the file that pastes the name of what it calls
// reason: by_id a call may change key "s->id" before the bucket is used
// reason: by_num a call may change key "s->num" before the bucket is used
// reason: by_tag a call may change key "s->tag" before the bucket is used
/*
 * Between the bucket and hlist_add_head() stands a macro of the file's own that
 * looks like a debug print, but changes the key: by an increment in its
 * arguments, by a call of a function that writes it, or by a name pasted
 * together that calls such a function. The entry would be added to the bucket
 * of the old key, and hash_add() of the new one would put it elsewhere.
 */
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/kernel.h>

#define B 3

struct item {
	unsigned int id, num, tag;
	struct hlist_node a, b, c;
};

static struct hlist_head by_id[1 << B];
static struct hlist_head by_num[1 << B];
static struct hlist_head by_tag[1 << B];

static unsigned int bump(struct item *s)
{
	return s->num += 3;
}

static unsigned int item_retag(struct item *s)
{
	return s->tag += 5;
}

#define ID_DBG(s, fmt, args...)		pr_info(fmt, (s)->id++, ##args)
#define NUM_DBG(s, fmt, args...)	pr_info(fmt, bump(s), ##args)
#define TAG_DBG(s, what, fmt)		pr_info(fmt, item_ ## what(s))

static void add(struct item *s)
{
	struct hlist_head *head = &by_id[hash_32(s->id, B)];

	ID_DBG(s, "id %u\n");
	hlist_add_head(&s->a, head);
	head = &by_num[hash_32(s->num, B)];
	NUM_DBG(s, "num %u\n");
	hlist_add_head(&s->b, head);
	head = &by_tag[hash_32(s->tag, B)];
	TAG_DBG(s, retag, "tag %u\n");
	hlist_add_head(&s->c, head);
}

static int found(unsigned int id, unsigned int num, unsigned int tag)
{
	struct item *s;
	int n = 0;

	hlist_for_each_entry(s, &by_id[hash_32(id, B)], a)
		n += s->id == id;
	hlist_for_each_entry(s, &by_num[hash_32(num, B)], b)
		n += 10 * (s->num == num);
	hlist_for_each_entry(s, &by_tag[hash_32(tag, B)], c)
		n += 100 * (s->tag == tag);
	return n;
}

int main(void)
{
	static struct item s = { .id = 1, .num = 2, .tag = 3 };

	add(&s);
	printf("%d\n", found(s.id, s.num, s.tag));
	return 0;
}
