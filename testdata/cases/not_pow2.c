// expect: name_hash skipped: size 31 is not a power of two
// reason: name_hash = 31 is not a power of two
/*
 * A prime-sized table indexed with "% 31": hash_min() cannot address a
 * table whose size is not a power of two.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/jhash.h>
#include <linux/string.h>
#include <linux/slab.h>

#define NAME_HASH_SIZE	31

struct name_ent {
	struct hlist_node node;
	unsigned int uses;
	char name[32];
};

static struct hlist_head name_hash[NAME_HASH_SIZE];

static void name_hash_init(void)
{
	int i;

	for (i = 0; i < NAME_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&name_hash[i]);
}

static struct name_ent *name_get(const char *name)
{
	u32 h = jhash(name, strlen(name), 0);
	struct name_ent *e;

	hlist_for_each_entry(e, &name_hash[h % NAME_HASH_SIZE], node) {
		if (!strcmp(e->name, name)) {
			e->uses++;
			return e;
		}
	}
	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return NULL;
	snprintf(e->name, sizeof(e->name), "%s", name);
	e->uses = 1;
	hlist_add_head(&e->node, &name_hash[h % NAME_HASH_SIZE]);
	return e;
}

static void name_put(struct name_ent *e)
{
	if (--e->uses)
		return;
	hlist_del(&e->node);
	kfree(e);
}

int main(void)
{
	static const char * const words[] = {
		"alpha", "beta", "gamma", "delta", "alpha", "beta", "alpha",
		"epsilon", "zeta", "eta", "theta", "gamma",
	};
	struct name_ent *held[ARRAY_SIZE(words)];
	unsigned int i;

	name_hash_init();
	for (i = 0; i < ARRAY_SIZE(words); i++)
		held[i] = name_get(words[i]);
	for (i = 0; i < ARRAY_SIZE(words); i++)
		printf("%-8s uses %u\n", words[i], held[i]->uses);
	for (i = 0; i < ARRAY_SIZE(words); i++)
		name_put(held[i]);
	return 0;
}
