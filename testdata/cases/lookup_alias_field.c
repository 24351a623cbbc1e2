// expect: param_tab skipped
// reason: param_tab the walk of the bucket of "id" is no lookup ("return" comes before a test of "id")
// expect: local_tab skipped
// reason: local_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// expect: id_tab converted
// expect: read_tab converted
/*
 * A test of another field than the one the entries are added by is no test
 * of the key, also where the adds key by a parameter that the function stores
 * in the entry (e->id = id), and where the body reads the field into a local
 * first (a = READ_ONCE(it->alias)): both converted by bb32928 with the output
 * changed (a fifth review's q16 and q20). The field stored, or read into the
 * local, is the key.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/compiler.h>

struct item {
	unsigned int id;
	unsigned int alias;
	struct hlist_node param_node;
	struct hlist_node local_node;
	struct hlist_node id_node;
	struct hlist_node read_node;
};

static struct item items[7];
static const unsigned int ids[] = { 1, 17, 33, 9, 22, 30, 3 };
static const unsigned int aliases[] = { 17, 1, 17, 30, 1, 9, 3 };

static struct hlist_head param_tab[16];
static struct hlist_head local_tab[16];
static struct hlist_head id_tab[16];
static struct hlist_head read_tab[16];

static void item_add(struct item *e, unsigned int id, unsigned int alias)
{
	e->id = id;
	e->alias = alias;
	hlist_add_head(&e->param_node, &param_tab[id & 15]);
	hlist_add_head(&e->id_node, &id_tab[id & 15]);
	hlist_add_head(&e->local_node, &local_tab[e->id & 15]);
	hlist_add_head(&e->read_node, &read_tab[e->id & 15]);
}

/* an entry also answers to its alias where that shares its bucket */
static struct item *param_find(unsigned int id)
{
	struct item *it;

	hlist_for_each_entry(it, &param_tab[id & 15], param_node)
		if (it->alias == id)
			return it;
	return NULL;
}

static struct item *local_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &local_tab[key & 15], local_node) {
		unsigned int a = READ_ONCE(it->alias);

		if (a == key)
			return it;
	}
	return NULL;
}

static struct item *id_find(unsigned int id)
{
	struct item *it;

	hlist_for_each_entry(it, &id_tab[id & 15], id_node)
		if (it->id == id)
			return it;
	return NULL;
}

static struct item *read_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &read_tab[key & 15], read_node) {
		unsigned int k = READ_ONCE(it->id);

		if (k == key)
			return it;
	}
	return NULL;
}

static long at(struct item *it)
{
	return it ? (long)(it - items) : -1L;
}

int main(void)
{
	unsigned int i;

	for (i = 0; i < 7; i++)
		item_add(&items[i], ids[i], aliases[i]);
	for (i = 0; i < 7; i++)
		printf("%u:%ld,%ld,%ld,%ld ", ids[i], at(param_find(ids[i])), at(local_find(ids[i])),
		       at(id_find(ids[i])), at(read_find(ids[i])));
	printf("\n");
	return 0;
}
