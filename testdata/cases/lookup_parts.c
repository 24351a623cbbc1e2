// expect: num_tab skipped
// reason: num_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: masked_tab skipped
// reason: masked_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: narrow_tab skipped
// reason: narrow_tab the walk of the bucket of "k8" is no lookup (its key is "(u8)*", where entries are added by "*": the two agree under the mask only)
// expect: nested_tab skipped
// reason: nested_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: local_tab skipped
// reason: local_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: struct_tab converted
// expect: array_tab converted
/*
 * Tests of a part of a key, and keys computed otherwise at the walk than at
 * the adds, from a sixth review (36 of its 56 programs converted with the
 * output changed before): a constant size given with the address of a scalar
 * key, both sides masked alike, a walk keyed by a u8 local of the key, a
 * field beside the one the entries are added by (k.alias, k.id), a local of
 * the body computed from the entry. sizeof(*k) of a struct key and sizeof()
 * of an array compare all of it.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/string.h>

struct pair {
	unsigned int id;
	unsigned int alias;
};

struct item {
	unsigned int key;
	struct pair k;
	u8 addr[6];
	struct hlist_node num_node;
	struct hlist_node masked_node;
	struct hlist_node narrow_node;
	struct hlist_node nested_node;
	struct hlist_node local_node;
	struct hlist_node struct_node;
	struct hlist_node array_node;
};

static struct item items[] = {
	{ 1, { 1, 0x101 }, { 1 } }, { 0x11, { 0x11, 0x11 }, { 0x11 } }, { 0x101, { 0x101, 1 }, { 1, 1 } },
	{ 0x21, { 0x21, 0x221 }, { 0x21 } }, { 0x201, { 0x201, 0x301 }, { 1, 2 } }, { 2, { 2, 2 }, { 2 } },
};
static const unsigned int keys[] = { 1, 0x11, 0x101, 0x21, 0x201, 0x301, 2, 0x102 };

static struct hlist_head num_tab[16];
static struct hlist_head masked_tab[16];
static struct hlist_head narrow_tab[16];
static struct hlist_head nested_tab[16];
static struct hlist_head local_tab[16];
static struct hlist_head struct_tab[16];
static struct hlist_head array_tab[16];

static struct item *num_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &num_tab[key & 15], num_node)
		if (!memcmp(&it->key, &key, 1))
			return it;
	return NULL;
}

static struct item *masked_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &masked_tab[key & 15], masked_node)
		if ((it->key & 0xff) == (key & 0xff))
			return it;
	return NULL;
}

static struct item *narrow_find(unsigned int key)
{
	u8 k8 = key;
	struct item *it;

	hlist_for_each_entry(it, &narrow_tab[k8 & 15], narrow_node)
		if (it->key == key)
			return it;
	return NULL;
}

static struct item *nested_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &nested_tab[key & 15], nested_node)
		if (it->k.alias == key)
			return it;
	return NULL;
}

static struct item *local_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &local_tab[key & 15], local_node) {
		unsigned int low = it->key & 0xff;

		if (low == key)
			return it;
	}
	return NULL;
}

static struct item *struct_find(const struct pair *k)
{
	struct item *it;

	hlist_for_each_entry(it, &struct_tab[k->id & 15], struct_node)
		if (!memcmp(&it->k, k, sizeof(*k)))
			return it;
	return NULL;
}

static struct item *array_find(const struct item *like)
{
	struct item *it;

	hlist_for_each_entry(it, &array_tab[like->addr[0] & 15], array_node)
		if (!memcmp(it->addr, like->addr, sizeof(it->addr)))
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
		hlist_add_head(&items[i].num_node, &num_tab[items[i].key & 15]);
		hlist_add_head(&items[i].masked_node, &masked_tab[items[i].key & 15]);
		hlist_add_head(&items[i].narrow_node, &narrow_tab[items[i].key & 15]);
		hlist_add_head(&items[i].nested_node, &nested_tab[items[i].k.id & 15]);
		hlist_add_head(&items[i].local_node, &local_tab[items[i].key & 15]);
		hlist_add_head(&items[i].struct_node, &struct_tab[items[i].k.id & 15]);
		hlist_add_head(&items[i].array_node, &array_tab[items[i].addr[0] & 15]);
	}
	for (i = 0; i < 8; i++) {
		struct pair p = { keys[i], keys[i] };
		struct item like = { .addr = { keys[i] & 0xff } };

		printf("%x:%ld,%ld,%ld,%ld,%ld,%ld,%ld ", keys[i], at(num_find(keys[i])),
		       at(masked_find(keys[i])), at(narrow_find(keys[i])), at(nested_find(keys[i])),
		       at(local_find(keys[i])), at(struct_find(&p)), at(array_find(&like)));
	}
	printf("\n");
	return 0;
}
