// expect: active_tab skipped: table passed as a pointer to a helper that indexes it
// reason: active_tab use not understood: "= find ( active_tab , nr )"
// expect: retired_tab skipped: table passed as a pointer to a helper that indexes it
// reason: retired_tab use not understood: "add ( retired_tab , t )"
/*
 * Two tables share generic helpers that take the table as a plain
 * struct hlist_head * and index it themselves; the helpers cannot use
 * the hashtable.h API on a pointer (HASH_SIZE needs the array).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define TAB_SIZE	16
#define TAB_MASK	(TAB_SIZE - 1)

struct ticket {
	unsigned int nr;
	unsigned int prio;
	struct hlist_node node;
};

static struct hlist_head active_tab[TAB_SIZE];
static struct hlist_head retired_tab[TAB_SIZE];

static void add(struct hlist_head *tbl, struct ticket *t)
{
	hlist_add_head(&t->node, &tbl[t->nr & TAB_MASK]);
}

static struct ticket *find(struct hlist_head *tbl, unsigned int nr)
{
	struct ticket *t;

	hlist_for_each_entry(t, &tbl[nr & TAB_MASK], node)
		if (t->nr == nr)
			return t;
	return NULL;
}

static bool retire(unsigned int nr)
{
	struct ticket *t = find(active_tab, nr);

	if (!t)
		return false;
	hlist_del(&t->node);
	add(retired_tab, t);
	return true;
}

static unsigned int drain(struct hlist_head *tbl)
{
	struct hlist_node *tmp;
	struct ticket *t;
	unsigned int i, n = 0;

	for (i = 0; i < TAB_SIZE; i++)
		hlist_for_each_entry_safe(t, tmp, &tbl[i], node) {
			hlist_del(&t->node);
			kfree(t);
			n++;
		}
	return n;
}

int main(void)
{
	unsigned int nr, prio = 0;
	struct ticket *t;

	for (nr = 100; nr < 160; nr++) {
		t = kzalloc(sizeof(*t), GFP_KERNEL);
		if (!t)
			return 1;
		t->nr = nr;
		t->prio = nr % 5;
		add(active_tab, t);
	}
	for (nr = 100; nr < 160; nr += 4)
		retire(nr);
	printf("retire twice: %d\n", retire(100));
	for (nr = 100; nr < 160; nr++) {
		t = find(retired_tab, nr);
		if (t)
			prio += t->prio;
	}
	printf("104 active %d retired %d, retired prio %u\n", find(active_tab, 104) != NULL,
	       find(retired_tab, 104) != NULL, prio);
	printf("drained %u active", drain(active_tab));
	printf(", %u retired\n", drain(retired_tab));
	return 0;
}
