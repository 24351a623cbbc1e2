// expect: buf_tab converted
// expect: version_tab converted
// expect: sized_tab skipped
// reason: sized_tab the walk of the bucket of "key" is no lookup ("char buf[next_size()];" comes before a test of "key")
/*
 * What a lookup may do before its test (found over-cautious by a fifth
 * review, q17): declare an array without a value (char buf[16]), and follow
 * a field of the entry that is named next but is no node of the chain (a list
 * of the entry's versions). An array whose size a call computes is an effect:
 * it runs for the entries of other keys too.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/string.h>

struct item {
	unsigned int key;
	struct item *next;
	struct hlist_node buf_node;
	struct hlist_node version_node;
	struct hlist_node sized_node;
};

static struct item items[] = { { 1 }, { 17 }, { 33 }, { 9 }, { 22 }, { 30 } };
static struct item newer[] = { { 1 }, { 33 } };
static const unsigned int keys[] = { 1, 17, 33, 9, 22, 30, 3, 49 };

static struct hlist_head buf_tab[16];
static struct hlist_head version_tab[16];
static struct hlist_head sized_tab[16];
static int sizes_asked;

static int next_size(void)
{
	return 8 + sizes_asked++;
}

static int buf_find(unsigned int key, char *out)
{
	struct item *it;

	hlist_for_each_entry(it, &buf_tab[key & 15], buf_node) {
		char buf[16];

		if (it->key != key)
			continue;
		snprintf(buf, sizeof(buf), "<%u>", it->key);
		strcpy(out, buf);
		return 1;
	}
	return 0;
}

/* an entry heads the list of its versions: the newest is returned */
static struct item *version_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &version_tab[key & 15], version_node) {
		if (it->key != key)
			continue;
		while (it->next)
			it = it->next;
		return it;
	}
	return NULL;
}

static int sized_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &sized_tab[key & 15], sized_node) {
		char buf[next_size()];

		if (it->key != key)
			continue;
		return snprintf(buf, sizeof(buf), "%u", it->key);
	}
	return 0;
}

int main(void)
{
	unsigned int i;
	char out[16] = "";

	items[0].next = &newer[0];
	items[2].next = &newer[1];
	for (i = 0; i < 6; i++) {
		hlist_add_head(&items[i].buf_node, &buf_tab[items[i].key & 15]);
		hlist_add_head(&items[i].version_node, &version_tab[items[i].key & 15]);
		hlist_add_head(&items[i].sized_node, &sized_tab[items[i].key & 15]);
	}
	for (i = 0; i < 8; i++) {
		struct item *v = version_find(keys[i]);

		printf("%u:%d%s,%ld,%d ", keys[i], buf_find(keys[i], out), out,
		       v ? (v >= newer && v < newer + 2 ? 100 + (long)(v - newer) : (long)(v - items)) : -1L,
		       sized_find(keys[i]));
	}
	printf("sizes asked: %d\n", sizes_asked);
	return 0;
}
