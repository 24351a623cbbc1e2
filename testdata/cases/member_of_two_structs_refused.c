// expect: hash skipped: the file names hash as a member of another struct too
// reason: hash the file names hash as a member of struct stat too
/*
 * A member table hash of struct tab, and struct stat's hash, an unsigned int
 * the file also names. Each E->hash is told apart by the declaration of E,
 * which the rule reads from tokens; reviews fooled that reading (a local in a
 * sibling block, a macro that declares one), and a use of the table read as
 * stat's would keep its old bucket while the others move. Refused (before, as
 * a use not understood: the same verdict, a reason that says why).
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define TAB_BITS	3
#define TAB_SIZE	(1 << TAB_BITS)
#define TAB_MASK	(TAB_SIZE - 1)

struct ent {
	u32 id;
	struct hlist_node node;
};

struct tab {
	struct hlist_head hash[TAB_SIZE];
};

struct stat {
	unsigned int hash;
	unsigned int count;
};

static struct tab tab;
static struct stat stat;

static void tab_add(struct ent *e)
{
	struct stat *s = &stat;

	hlist_add_head(&e->node, &tab.hash[e->id & TAB_MASK]);
	s->hash ^= e->id;
	s->count++;
}

static struct ent *tab_find(u32 id)
{
	struct ent *e;

	hlist_for_each_entry(e, &tab.hash[id & TAB_MASK], node)
		if (e->id == id)
			return e;
	return NULL;
}

int main(void)
{
	static struct ent all[10];
	int i, n = 0;

	for (i = 0; i < TAB_SIZE; i++)
		INIT_HLIST_HEAD(&tab.hash[i]);
	for (i = 0; i < 10; i++) {
		all[i].id = i * 3 + 100;
		tab_add(&all[i]);
	}
	for (i = 0; i < 10; i++)
		n += tab_find(i * 3 + 100) != NULL;
	printf("%d %u %u\n", n, stat.hash, stat.count);
	return 0;
}
