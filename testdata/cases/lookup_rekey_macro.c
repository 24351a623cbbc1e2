// expect: tab skipped
// reason: tab the walk of the bucket of "key" is no lookup (it changes the key of an entry (it->key)): hash_for_each_possible() would visit the entries of other keys than before
// expect: tab2 skipped
// reason: tab2 the walk of the bucket of "key" is no lookup (it changes the key of an entry (it->key)): hash_for_each_possible() would visit the entries of other keys than before
/*
 * An entry re-keyed in place by WRITE_ONCE() or memcpy() after the test: converted by be6eac0 with the
 * program's output changed (a fifth review's q12).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/string.h>

struct item { unsigned int key; struct hlist_node node; };

static struct item items[] = { { 27 }, { 27 }, { 3 } };
static struct hlist_head tab[16];
static struct hlist_head tab2[16];

static struct item *find(struct hlist_head *t, unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &t[key & 15], node)
		if (it->key == key)
			return it;
	return NULL;
}

/* renumber every entry of a key in place */
static int renumber(unsigned int key, unsigned int to)
{
	struct item *it;
	int n = 0;

	hlist_for_each_entry(it, &tab[key & 15], node) {
		if (it->key != key)
			continue;
		WRITE_ONCE(it->key, to);
		n++;
	}
	return n;
}

static int renumber2(unsigned int key, unsigned int to)
{
	struct item *it;
	int n = 0;

	hlist_for_each_entry(it, &tab2[key & 15], node) {
		if (it->key != key)
			continue;
		memcpy(&it->key, &to, sizeof(to));
		n++;
	}
	return n;
}

static struct item *find_t(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &tab[key & 15], node)
		if (it->key == key)
			return it;
	return NULL;
}

static struct item *find_t2(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &tab2[key & 15], node)
		if (it->key == key)
			return it;
	return NULL;
}

int main(void)
{
	hlist_add_head(&items[0].node, &tab[items[0].key & 15]);
	hlist_add_head(&items[1].node, &tab2[items[1].key & 15]);
	printf("%d ", renumber(27, 35));
	printf("%d ", find_t(35) != NULL);
	printf("%d ", renumber2(27, 35));
	printf("%d\n", find_t2(35) != NULL);
	(void)find;
	return 0;
}
