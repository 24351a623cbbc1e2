// expect: byte_tab skipped
// reason: byte_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: prefix_tab skipped
// reason: prefix_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: whole_tab converted
// expect: typed_tab converted
/*
 * memcmp() of a key is a test of it only where it compares all of it: a size
 * of sizeof(u8) against a u32 key, or the length an entry gives (a prefix),
 * compare a part, and entries of other keys answer (converted by bb32928 with
 * the output changed: a fourth review's q10). sizeof() of the key, or of its
 * declared type, compares it whole.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/string.h>

struct item {
	u32 key;
	u32 len;
	struct hlist_node byte_node;
	struct hlist_node prefix_node;
	struct hlist_node whole_node;
	struct hlist_node typed_node;
};

static struct item items[] = { { 1, 1 }, { 17, 4 }, { 33, 1 }, { 9, 4 }, { 0x101, 1 }, { 22, 4 } };
static const u32 keys[] = { 1, 17, 0x111, 0x201, 22, 0x909, 3 };

static struct hlist_head byte_tab[16];
static struct hlist_head prefix_tab[16];
static struct hlist_head whole_tab[16];
static struct hlist_head typed_tab[16];

/* the first byte only: a sizeof(u8) left from an older layout */
static struct item *byte_find(u32 key)
{
	struct item *it;

	hlist_for_each_entry(it, &byte_tab[key & 15], byte_node)
		if (!memcmp(&it->key, &key, sizeof(u8)))
			return it;
	return NULL;
}

/* as many bytes as the entry says: the entry covers every key with that prefix */
static struct item *prefix_find(u32 key)
{
	struct item *it;

	hlist_for_each_entry(it, &prefix_tab[key & 15], prefix_node)
		if (!memcmp(&it->key, &key, it->len))
			return it;
	return NULL;
}

static struct item *whole_find(u32 key)
{
	struct item *it;

	hlist_for_each_entry(it, &whole_tab[key & 15], whole_node)
		if (!memcmp(&it->key, &key, sizeof(key)))
			return it;
	return NULL;
}

static struct item *typed_find(u32 key)
{
	struct item *it;

	hlist_for_each_entry(it, &typed_tab[key & 15], typed_node)
		if (memcmp(&it->key, &key, sizeof(u32)) == 0)
			return it;
	return NULL;
}

static long at(struct item *it)
{
	return it ? (long)(it - items) : -1L;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < 6; i++) {
		hlist_add_head(&items[i].byte_node, &byte_tab[items[i].key & 15]);
		hlist_add_head(&items[i].prefix_node, &prefix_tab[items[i].key & 15]);
		hlist_add_head(&items[i].whole_node, &whole_tab[items[i].key & 15]);
		hlist_add_head(&items[i].typed_node, &typed_tab[items[i].key & 15]);
	}
	for (i = 0; i < 7; i++)
		printf("%x:%ld,%ld,%ld,%ld ", keys[i], at(byte_find(keys[i])), at(prefix_find(keys[i])),
		       at(whole_find(keys[i])), at(typed_find(keys[i])));
	printf("\n");
	return 0;
}
