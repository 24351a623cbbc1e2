// expect: low_tab skipped
// reason: low_tab the walk of the bucket of "(u8)id" is no lookup (its key is cast to u8, where entries are added by a key not cast: the two agree under the mask only)
// expect: both_tab converted
/*
 * A key cast to a narrower type at the walk and not where entries are added:
 * (u8)id & 15 and id & 15 pick the same bucket, but hash_min() of (u8)id and
 * of id do not (converted by bb32928 with the output changed: a fifth
 * review's q13). Cast alike on both sides, the keys are the same.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item {
	unsigned int key;
	struct hlist_node low_node;
	struct hlist_node both_node;
};

static struct item items[] = { { 1 }, { 257 }, { 513 }, { 9 }, { 0x1209 } };

static struct hlist_head low_tab[16];
static struct hlist_head both_tab[16];

/* the bucket by the low byte of the id, as the mask keeps 4 bits of it anyway */
static struct item *low_find(unsigned int id)
{
	struct item *it;

	hlist_for_each_entry(it, &low_tab[(u8)id & 15], low_node)
		if (it->key == id)
			return it;
	return NULL;
}

static struct item *both_find(unsigned int id)
{
	struct item *it;

	hlist_for_each_entry(it, &both_tab[(u8)id & 15], both_node)
		if (it->key == id)
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

	for (i = 0; i < 5; i++) {
		hlist_add_head(&items[i].low_node, &low_tab[items[i].key & 15]);
		hlist_add_head(&items[i].both_node, &both_tab[(u8)items[i].key & 15]);
	}
	for (i = 0; i < 5; i++)
		printf("%u:%ld,%ld ", items[i].key, at(low_find(items[i].key)),
		       at(both_find(items[i].key)));
	printf("\n");
	return 0;
}
