// expect: same_tab converted
// expect: cut_tab skipped: a u32 key stored in a u8 field
// reason: cut_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: list_tab skipped: a u8 field declared in a list (u8 flags, lkey;)
// reason: list_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: param_tab skipped: a u8 parameter given the u32 field
// reason: param_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
/*
 * A field holds the key an entry was added by only where it keeps all of it:
 * a u32 key stored in a u8 field (cut_tab), or an adding function whose u8
 * parameter is given the u32 field (param_tab), leaves a test of the field
 * comparing other bits than the bucket was picked by; 0x101 and 1 share a
 * masked bucket and a low byte, not a hash_min() bucket (an eighth review's
 * r14 and r18, converted with the output changed before 2026-12-07). A u16
 * field given a u16 key holds it (same_tab). A field declared in a list
 * (u8 flags, lkey;) is as narrow (list_tab, a ninth review's s45).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct cut_item {
	u8 low;
	struct hlist_node node;
};

struct list_item {
	u8 flags, lkey;
	struct hlist_node node;
};

struct param_item {
	u32 key;
	struct hlist_node node;
};

struct same_item {
	u16 id;
	struct hlist_node node;
};

static struct hlist_head cut_tab[16];
static struct hlist_head param_tab[16];
static struct hlist_head list_tab[16];
static struct hlist_head same_tab[16];

static const unsigned int keys[] = { 1, 0x101, 2, 0x211, 17 };
static struct cut_item cuts[ARRAY_SIZE(keys)];
static struct param_item params[ARRAY_SIZE(keys)];
static struct list_item lists[ARRAY_SIZE(keys)];
static struct same_item sames[ARRAY_SIZE(keys)];

static void cut_put(struct cut_item *e, unsigned int key)
{
	e->low = key;
	hlist_add_head(&e->node, &cut_tab[key & 15]);
}

static struct cut_item *cut_find(unsigned int key)
{
	struct cut_item *e;

	hlist_for_each_entry(e, &cut_tab[key & 15], node)
		if (e->low == key)
			return e;
	return NULL;
}

static void list_put(struct list_item *e, unsigned int key)
{
	e->lkey = key;
	hlist_add_head(&e->node, &list_tab[key & 15]);
}

static struct list_item *list_find(unsigned int key)
{
	struct list_item *e;

	hlist_for_each_entry(e, &list_tab[key & 15], node)
		if (e->lkey == key)
			return e;
	return NULL;
}

static void param_put(struct param_item *e, u8 key)
{
	hlist_add_head(&e->node, &param_tab[key & 15]);
}

static struct param_item *param_find(unsigned int key)
{
	struct param_item *e;

	hlist_for_each_entry(e, &param_tab[key & 15], node)
		if (e->key == key)
			return e;
	return NULL;
}

static void same_put(struct same_item *e, u16 id)
{
	e->id = id;
	hlist_add_head(&e->node, &same_tab[id & 15]);
}

static struct same_item *same_find(u16 id)
{
	struct same_item *e;

	hlist_for_each_entry(e, &same_tab[id & 15], node)
		if (e->id == id)
			return e;
	return NULL;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		params[i].key = keys[i];
		cut_put(&cuts[i], keys[i]);
		list_put(&lists[i], keys[i]);
		param_put(&params[i], params[i].key);
		same_put(&sames[i], keys[i]);
	}
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		struct cut_item *c = cut_find(keys[i]);
		struct param_item *p = param_find(keys[i]);
		struct same_item *s = same_find(keys[i]);

		struct list_item *l = list_find(keys[i]);

		printf("%x: %ld %ld %ld %ld\n", keys[i], c ? (long)(c - cuts) : -1L,
		       p ? (long)(p - params) : -1L, s ? (long)(s - sames) : -1L,
		       l ? (long)(l - lists) : -1L);
	}
	return 0;
}
