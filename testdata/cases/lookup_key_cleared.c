// expect: clear_tab converted
// expect: once_tab skipped: WRITE_ONCE() changes the key of an entry in the table
// reason: once_tab the field "okey" that its entries are added by is written while they may be in the table (e->okey, line 70): they stay in the bucket of the old key, which the mask may keep and hash_min() does not
// expect: macro_tab skipped: a macro of the file changes the key
// reason: macro_tab the field "mkey" that its entries are added by is written by a macro of the file (line 30): where it runs is not followed
/*
 * The field an entry was added by may change once the entry is out of the
 * table (hlist_del(); WRITE_ONCE(e->key, 0): clear_tab, lockdep's shape),
 * not while it is in it, whether through WRITE_ONCE() (once_tab) or in a
 * macro of the file (macro_tab): a ninth review's s07 and s06, converted with
 * the output changed before, and s61, refused before.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/compiler.h>

struct clear_item { unsigned int key; struct hlist_node node; };
struct once_item { unsigned int okey; struct hlist_node node; };
struct macro_item { unsigned int mkey; struct hlist_node node; };

static struct hlist_head clear_tab[16];
static struct hlist_head once_tab[16];
static struct hlist_head macro_tab[16];

static struct clear_item clears[4] = { { 1 }, { 17 }, { 2 }, { 0x101 } };
static struct once_item onces[4] = { { 1 }, { 17 }, { 2 }, { 0x101 } };
static struct macro_item macros[4] = { { 1 }, { 17 }, { 2 }, { 0x101 } };

#define MACRO_REKEY(x, k)	((x)->mkey = (k))

static void clear_drop(struct clear_item *e)
{
	hlist_del(&e->node);
	WRITE_ONCE(e->key, 0);
}

static struct clear_item *clear_find(unsigned int key)
{
	struct clear_item *e;

	hlist_for_each_entry(e, &clear_tab[key & 15], node)
		if (e->key == key)
			return e;
	return NULL;
}

static struct once_item *once_find(unsigned int key)
{
	struct once_item *e;

	hlist_for_each_entry(e, &once_tab[key & 15], node)
		if (e->okey == key)
			return e;
	return NULL;
}

static struct macro_item *macro_find(unsigned int key)
{
	struct macro_item *e;

	hlist_for_each_entry(e, &macro_tab[key & 15], node)
		if (e->mkey == key)
			return e;
	return NULL;
}

static void once_rekey(struct once_item *e)
{
	WRITE_ONCE(e->okey, e->okey + 0x100);
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < 4; i++) {
		hlist_add_head(&clears[i].node, &clear_tab[clears[i].key & 15]);
		hlist_add_head(&onces[i].node, &once_tab[onces[i].okey & 15]);
		hlist_add_head(&macros[i].node, &macro_tab[macros[i].mkey & 15]);
	}
	clear_drop(&clears[1]);
	once_rekey(&onces[1]);
	MACRO_REKEY(&macros[1], 0x111);
	printf("%d %d %d %d\n", clear_find(17) != NULL, clear_find(1) != NULL,
	       once_find(0x111) != NULL, macro_find(0x111) != NULL);
	return 0;
}
