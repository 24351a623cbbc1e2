// expect: epoch_tab skipped: the key macro reads the counter that atomic_inc() bumps
// reason: epoch_tab key "OBJ_EPOCH_KEY(o)" calls a function; moving it would evaluate it again
// expect: gen_tab skipped: the counter atomic_inc() bumps shares a union with the key
// reason: gen_tab a call may change key "o->gen"
// expect: wait_tab skipped: the key is read after the reference is dropped
// reason: wait_tab a call may change key "o->id"
// expect: loop_tab skipped: the key changes after the use, in a loop that uses it again
// reason: loop_tab key "o->id" changes before the bucket is used
/*
 * Counter calls between the pick of a bucket and its use that may change the
 * key after all (calls_between.c has those that cannot): a key read through a
 * macro may read the very counter bumped (the call writes a field the key
 * text does not name; the macro is read, and its atomic_read() is no value
 * a key may copy); a counter in a union without a name with the key's
 * field is the key; after a reference is dropped, the entry may be freed; and
 * a change after the use, in a loop around it, comes before the next use.
 * Each table stays as it is: moving its key would file or find entries under
 * another value than the original code does.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/atomic.h>

#define OBJ_BITS	3
#define OBJ_EPOCH_KEY(o)	((o)->id ^ (u32)atomic_read(&(o)->epoch))

struct obj {
	u32 id;
	atomic_t epoch;
	atomic_t refs;
	union {
		u32 gen;
		atomic_t gen_count;
	};
	struct hlist_node epoch_node;
	struct hlist_node gen_node;
	struct hlist_node wait_node;
	struct hlist_node loop_node;
};

static struct hlist_head epoch_tab[1 << OBJ_BITS];
static struct hlist_head gen_tab[1 << OBJ_BITS];
static struct hlist_head wait_tab[1 << OBJ_BITS];
static struct hlist_head loop_tab[1 << OBJ_BITS];

static void add_by_epoch(struct obj *o)
{
	struct hlist_head *head = &epoch_tab[hash_32(OBJ_EPOCH_KEY(o), OBJ_BITS)];

	atomic_inc(&o->epoch);
	hlist_add_head(&o->epoch_node, head);
}

static void add_by_gen(struct obj *o)
{
	struct hlist_head *head = &gen_tab[hash_32(o->gen, OBJ_BITS)];

	atomic_inc(&o->gen_count);
	hlist_add_head(&o->gen_node, head);
}

static int put_and_count(struct obj *o)
{
	struct hlist_head *head = &wait_tab[hash_32(o->id, OBJ_BITS)];
	struct obj *w;
	int n = 0;

	atomic_dec(&o->refs);
	hlist_for_each_entry(w, head, wait_node)
		n++;
	return n;
}

static void add_renumbered(struct obj *o, struct obj *more, int times)
{
	struct hlist_head *head = &loop_tab[hash_32(o->id, OBJ_BITS)];
	int i;

	for (i = 0; i < times; i++) {
		hlist_add_head(&more[i].loop_node, head);
		o->id++;
	}
}

int main(void)
{
	static struct obj objs[12];
	int i;

	for (i = 0; i < 12; i++) {
		objs[i].id = i * 5;
		atomic_set(&objs[i].epoch, i);
		atomic_set(&objs[i].refs, 2);
		objs[i].gen = i * 3;
		add_by_epoch(&objs[i]);
		add_by_gen(&objs[i]);
	}
	printf("waiting: %d\n", put_and_count(&objs[3]));
	add_renumbered(&objs[0], &objs[1], 6);
	printf("renumbered to %u\n", objs[0].id);
	return 0;
}
