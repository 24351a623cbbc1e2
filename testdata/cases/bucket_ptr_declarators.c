// expect: tab converted
// expect: spare skipped: a pointer into it is kept and compared
// reason: spare use not understood
/*
 * A bucket pointer declared with another pointer in one declaration:
 *	struct hlist_head *head = &tab[key & TAB_MASK], *s = spare + SPARE_IDX;
 * The bucket pointer's declarator goes; the other one stays, and so does the
 * macro it names (SPARE_IDX): what the declarator after it is given is not the
 * bucket pointer's to remove.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/slab.h>

#define TAB_BITS 3
#define TAB_SIZE (1 << TAB_BITS)
#define TAB_MASK (TAB_SIZE - 1)

struct vobj { int mode; };
struct item {
	unsigned int key;
	struct vobj v;
	struct hlist_node node;
};
static struct hlist_head tab[TAB_SIZE];

#define SPARE_IDX 2
static struct hlist_head spare[4];

static void add(struct item *it)
{
	struct hlist_head *head = &tab[it->key & TAB_MASK], *s = spare + SPARE_IDX;
	hlist_add_head(&it->node, head);
	printf("%d\n", (int)(s - spare));
}

static struct item *find(unsigned int key)
{
	struct hlist_head *head;
	struct item *it;

	head = &tab[key & TAB_MASK];
	hlist_for_each_entry(it, head, node)
		if (it->key == key)
			return it;
	return NULL;
}

int main(void)
{
	static struct item items[20];
	unsigned int i, found = 0;

	for (i = 0; i < 20; i++) {
		items[i].key = i * 2;
		add(&items[i]);
	}
	for (i = 0; i < 50; i++)
		if (find(i))
			found++;
	printf("found %u\n", found);
	return 0;
}
