// expect: fold_tab skipped: the helper only folds its key, so it would go and leave its stub
// reason: fold_tab index helper fold_hash(): it is defined more than once
// expect: salt_tab skipped: the other body returns a variable, not a constant
// reason: salt_tab index helper salt_hash(): it is defined more than once
// expect: two_tab skipped: two real bodies, which the rule cannot both read
// reason: two_tab index helper two_hash(): it is defined more than once
// expect: bucket_tab skipped: a bucket helper with a stub body
// reason: bucket_tab bucket helper bucket_of(): it is defined more than once
/*
 * Helpers with a second body that the rule must not take as a harmless
 * stub: a helper that only folds its key goes with the conversion, and its
 * stub would be left behind; a stub that returns a variable; two real
 * bodies, of which the build takes one the rule cannot know; a bucket
 * helper whose stub returns NULL.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define TAB_SIZE	16
#define TAB_MASK	(TAB_SIZE - 1)

struct ent {
	u32 key;
	struct hlist_node node;
};

static struct hlist_head fold_tab[TAB_SIZE];
static struct hlist_head salt_tab[TAB_SIZE];
static struct hlist_head two_tab[TAB_SIZE];
static struct hlist_head bucket_tab[TAB_SIZE];
static u32 salt = 7;

#ifndef CONFIG_NO_FOLD
static u32 fold_hash(u32 k)
{
	return (k ^ (k >> 4)) & TAB_MASK;
}
#else
static u32 fold_hash(u32 k)
{
	return 0;
}
#endif

#ifndef CONFIG_NO_SALT
static u32 salt_hash(u32 k)
{
	return (k * 2654435761u >> 11) & TAB_MASK;
}
#else
static u32 salt_hash(u32 k)
{
	return salt;
}
#endif

#ifdef CONFIG_TWO_ALT
static u32 two_hash(u32 k)
{
	return (k * 40503u >> 3) & TAB_MASK;
}
#else
static u32 two_hash(u32 k)
{
	return (k * 2654435761u >> 9) & TAB_MASK;
}
#endif

#ifndef CONFIG_NO_BUCKET
static struct hlist_head *bucket_of(u32 k)
{
	return &bucket_tab[(k ^ salt) & TAB_MASK];
}
#else
static struct hlist_head *bucket_of(u32 k)
{
	return 0;
}
#endif

static int count_fold(u32 key)
{
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, &fold_tab[fold_hash(key)], node)
		n += e->key == key;
	return n;
}

static int count_salt(u32 key)
{
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, &salt_tab[salt_hash(key)], node)
		n += e->key == key;
	return n;
}

static int count_two(u32 key)
{
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, &two_tab[two_hash(key)], node)
		n += e->key == key;
	return n;
}

static int count_bucket(u32 key)
{
	struct ent *e;
	int n = 0;

	hlist_for_each_entry(e, bucket_of(key), node)
		n += e->key == key;
	return n;
}

int main(void)
{
	static struct ent ents[4][50];
	int i, n = 0;

	for (i = 0; i < 50; i++) {
		ents[0][i].key = ents[1][i].key = ents[2][i].key = ents[3][i].key = i * 5;
		hlist_add_head(&ents[0][i].node, &fold_tab[fold_hash(i * 5)]);
		hlist_add_head(&ents[1][i].node, &salt_tab[salt_hash(i * 5)]);
		hlist_add_head(&ents[2][i].node, &two_tab[two_hash(i * 5)]);
		hlist_add_head(&ents[3][i].node, bucket_of(i * 5));
	}
	for (i = 0; i < 300; i++) {
		n += count_fold(i) + count_salt(i) + count_two(i) + count_bucket(i);
	}
	printf("%d\n", n);
	return 0;
}
