/*
 * The field an entry was added by must not change while the entry is in the
 * table. The open-coded table keeps it in the masked bucket of its old key,
 * and a changed key that keeps the masked bits (key + 16 under a mask of 15)
 * still finds it there; hash_min() spreads the two otherwise. A write counts
 * wherever it is not before an add of the entry: assigned (aged_tab), stepped
 * in a walk of every bucket (step_tab), its address given to a function that
 * writes through it (bump_tab) or kept in a pointer (alias_tab), copied into
 * (copy_tab). Writes that fill an entry before it is added do not count: a
 * setter called before each add, an allocation filled then added, a struct
 * initializer, a field of the same name in another struct, the address given
 * to a function that only reads (fill_tab). Each of the five converted with
 * the output changed before 2026-12-07 (an eighth review's r32-r35, r61, r62).
 */
// expect: fill_tab converted
// expect: aged_tab skipped: the key changes after the add
// reason: aged_tab the field "key" that its entries are added by is written while they may be in the table (items[2].key, line 194): they stay in the bucket of the old key, which the mask may keep and hash_min() does not
// expect: step_tab skipped: a walk of every bucket steps the key
// reason: step_tab the field "key" that its entries are added by is written while they may be in the table (e->key, line 128): they stay in the bucket of the old key, which the mask may keep and hash_min() does not
// expect: bump_tab skipped: the key is stepped through its address
// reason: bump_tab the field "key" that its entries are added by is written while they may be in the table (b->key, line 196): they stay in the bucket of the old key, which the mask may keep and hash_min() does not
// expect: alias_tab skipped: the key is written through a pointer
// reason: alias_tab the field "key" that its entries are added by is written while they may be in the table (a->key, line 197): they stay in the bucket of the old key, which the mask may keep and hash_min() does not
// expect: copy_tab skipped: the key is copied into
// reason: copy_tab the field "key" that its entries are added by is written while they may be in the table (c->key, line 199): they stay in the bucket of the old key, which the mask may keep and hash_min() does not
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/jhash.h>

#define TAB_SIZE	16
#define TAB_MASK	(TAB_SIZE - 1)

struct fill_item {
	unsigned int key;
	struct hlist_node node;
};

struct aged_item {
	unsigned int key;
	struct hlist_node node;
};

struct step_item {
	unsigned int key;
	struct hlist_node node;
};

struct bump_item {
	unsigned int key;
	struct hlist_node node;
};

struct alias_item {
	unsigned int key;
	struct hlist_node node;
};

struct copy_item {
	unsigned int key;
	struct hlist_node node;
};

/* another struct with a field of the same name */
struct request {
	unsigned int key;
};

static struct hlist_head fill_tab[TAB_SIZE];
static struct hlist_head aged_tab[TAB_SIZE];
static struct hlist_head step_tab[TAB_SIZE];
static struct hlist_head bump_tab[TAB_SIZE];
static struct hlist_head alias_tab[TAB_SIZE];
static struct hlist_head copy_tab[TAB_SIZE];

#define N 4
static const unsigned int keys[N] = { 1, 2, 17, 0x101 };
static struct fill_item fills[N + 1] = { [N] = { .key = 3 } };
static struct aged_item items[N];
static struct step_item steps[N];
static struct bump_item bumps[N];
static struct alias_item aliases[N];
static struct copy_item copies[N];

static void fill_set(struct fill_item *e, unsigned int key)
{
	e->key = key;
}

static void fill_add(struct fill_item *e)
{
	hlist_add_head(&e->node, &fill_tab[e->key & TAB_MASK]);
}

static struct fill_item *fill_new(unsigned int key)
{
	struct fill_item *e = kzalloc(sizeof(*e), GFP_KERNEL);

	e->key = key;
	return e;
}

static struct fill_item *fill_find(unsigned int key)
{
	struct fill_item *e;

	hlist_for_each_entry(e, &fill_tab[key & TAB_MASK], node)
		if (e->key == key)
			return e;
	return NULL;
}

static u32 request_hash(struct request *r)
{
	r->key = 7;
	return jhash(&r->key, sizeof(r->key), 0);
}

static void step_all(void)
{
	struct step_item *e;
	int i;

	for (i = 0; i < TAB_SIZE; i++)
		hlist_for_each_entry(e, &step_tab[i], node)
			e->key += 16;
}

static void bump(unsigned int *k)
{
	*k += 16;
}

static struct aged_item *aged_find(unsigned int key)
{
	struct aged_item *e;

	hlist_for_each_entry(e, &aged_tab[key & TAB_MASK], node)
		if (e->key == key)
			return e;
	return NULL;
}

static struct step_item *step_find(unsigned int key)
{
	struct step_item *e;

	hlist_for_each_entry(e, &step_tab[key & TAB_MASK], node)
		if (e->key == key)
			return e;
	return NULL;
}

static struct bump_item *bump_find(unsigned int key)
{
	struct bump_item *e;

	hlist_for_each_entry(e, &bump_tab[key & TAB_MASK], node)
		if (e->key == key)
			return e;
	return NULL;
}

static struct alias_item *alias_find(unsigned int key)
{
	struct alias_item *e;

	hlist_for_each_entry(e, &alias_tab[key & TAB_MASK], node)
		if (e->key == key)
			return e;
	return NULL;
}

static struct copy_item *copy_find(unsigned int key)
{
	struct copy_item *e;

	hlist_for_each_entry(e, &copy_tab[key & TAB_MASK], node)
		if (e->key == key)
			return e;
	return NULL;
}

static void change_keys(void)
{
	static const unsigned int moved = 0x211;
	struct bump_item *b = &bumps[3];
	struct alias_item *a = &aliases[3];
	struct copy_item *c = &copies[3];
	unsigned int *p;

	items[2].key += 0x100;
	step_all();
	bump(&b->key);
	p = &a->key;
	*p += 0x10;
	memcpy(&c->key, &moved, sizeof(moved));
}

int main(void)
{
	struct request req;
	struct fill_item *made;
	unsigned int i;

	for (i = 0; i < N; i++) {
		fill_set(&fills[i], keys[i]);
		fill_add(&fills[i]);
		items[i].key = steps[i].key = bumps[i].key = keys[i];
		aliases[i].key = copies[i].key = keys[i];
		hlist_add_head(&items[i].node, &aged_tab[items[i].key & TAB_MASK]);
		hlist_add_head(&steps[i].node, &step_tab[steps[i].key & TAB_MASK]);
		hlist_add_head(&bumps[i].node, &bump_tab[bumps[i].key & TAB_MASK]);
		hlist_add_head(&aliases[i].node, &alias_tab[aliases[i].key & TAB_MASK]);
		hlist_add_head(&copies[i].node, &copy_tab[copies[i].key & TAB_MASK]);
	}
	fill_add(&fills[N]);
	made = fill_new(0x31);
	fill_add(made);
	change_keys();
	printf("request %x\n", request_hash(&req) != 0);
	for (i = 0; i < N + 2; i++) {
		unsigned int k = i < N ? keys[i] : 0x301;

		printf("%x: %d %d %d %d %d %d\n", k, fill_find(k) != NULL, aged_find(k + 0x100) != NULL,
		       step_find(k + 16) != NULL, bump_find(k + 16) != NULL,
		       alias_find(k + 16) != NULL, copy_find(0x211) != NULL);
	}
	printf("%d %d\n", fill_find(3) != NULL, fill_find(0x31) != NULL);
	kfree(made);
	return 0;
}
