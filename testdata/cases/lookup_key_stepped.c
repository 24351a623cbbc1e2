// expect: tab skipped
// reason: tab the walk of the bucket of "h" is no lookup ("return" comes before a test of "h"): hash_for_each_possible() would visit the entries of other keys than before
/*
 * A local key stepped under a test of another variable (if (dir) h += 8): converted by be6eac0 with the
 * program's output changed (a fifth review's q14).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/string.h>

/* a name and a direction: the direction moves the hash by 8 */
struct item { char name[8]; int dir; unsigned int hash; struct hlist_node node; };

static struct item items[] = { { "a", 0 }, { "a", 1 }, { "b", 0 }, { "b", 1 }, { "c", 0 }, { "c", 1 }, { "q", 0 }, { "q", 1 } };
static struct hlist_head tab[16];

static unsigned int name_hash(const char *s)
{
	unsigned int h = 0;

	while (*s)
		h = h * 31 + (unsigned char)*s++;
	return h;
}

static struct item *find(const char *name, int dir)
{
	struct item *it;
	unsigned int h = name_hash(name);

	if (dir)
		h += 8;
	hlist_for_each_entry(it, &tab[h & 15], node)
		if (!strcmp(it->name, name))
			return it;
	return NULL;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < 8; i++) {
		items[i].hash = name_hash(items[i].name) + items[i].dir * 8;
		hlist_add_head(&items[i].node, &tab[items[i].hash & 15]);
	}
	for (i = 0; i < 8; i++) {
		struct item *e = find(items[i].name, items[i].dir);
		printf("%s%d:%ld ", items[i].name, items[i].dir, e ? (long)(e - items) : -1L);
	}
	printf("\n");
	return 0;
}
