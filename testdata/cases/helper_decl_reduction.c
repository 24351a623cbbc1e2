// expect: key_table converted
// expect: name_table converted
/*
 * Helpers that reduce where they declare the index (kernel/locking/lockdep.c's
 * keyhashentry()): unsigned long hash = hash_long((uintptr_t)key, BITS);
 *
 * key_table: a bucket helper that only folds its parameter; it goes, and
 * the key is the cast pointer.
 * name_table: an index helper with a real mix (jhash of two parameters);
 * it stays, less its reduction: u32 h = jhash(...) & MASK; loses "& MASK".
 */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/jhash.h>

#define KEY_BITS	4
#define KEY_SIZE	(1UL << KEY_BITS)

struct key_entry {
	const void *key;
	struct hlist_node hash_entry;
};

static struct hlist_head key_table[KEY_SIZE];

static inline struct hlist_head *keyhashentry(const void *key)
{
	unsigned long hash = hash_long((uintptr_t)key, KEY_BITS);

	return key_table + hash;
}

static void key_register(struct key_entry *k)
{
	struct hlist_head *hash_head = keyhashentry(k->key);

	hlist_add_head(&k->hash_entry, hash_head);
}

static int key_known(const void *key)
{
	struct hlist_head *hash_head;
	struct key_entry *k;

	hash_head = keyhashentry(key);
	hlist_for_each_entry(k, hash_head, hash_entry)
		if (k->key == key)
			return 1;
	return 0;
}

#define NAME_SIZE	32

struct name {
	char text[16];
	u32 len;
	struct hlist_node node;
};

static struct hlist_head name_table[NAME_SIZE];

static u32 name_hashfn(const char *text, u32 len)
{
	u32 h = jhash(text, len, 0) & (NAME_SIZE - 1);

	return h;
}

static void name_add(struct name *n)
{
	hlist_add_head(&n->node, &name_table[name_hashfn(n->text, n->len)]);
}

static struct name *name_find(const char *text)
{
	struct name *n;
	u32 len = strlen(text);

	hlist_for_each_entry(n, &name_table[name_hashfn(text, len)], node)
		if (n->len == len && !memcmp(n->text, text, len))
			return n;
	return NULL;
}

int main(void)
{
	static struct key_entry keys[12];
	static struct name names[6];
	static const char *words[] = { "ant", "bee", "cat", "dog", "eel", "fox", "gnu", "hen" };
	static int objects[24];
	int i, hits = 0;

	for (i = 0; i < 12; i++) {
		keys[i].key = &objects[2 * i];
		key_register(&keys[i]);
	}
	for (i = 0; i < 24; i++)
		hits += key_known(&objects[i]);
	for (i = 0; i < 6; i++) {
		names[i].len = strlen(words[i]);
		memcpy(names[i].text, words[i], names[i].len);
		name_add(&names[i]);
	}
	for (i = 0; i < 8; i++)
		hits += name_find(words[i]) != NULL;
	printf("hits %d\n", hits);
	return 0;
}
