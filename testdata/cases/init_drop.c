// expect: owner_hash converted
/*
 * A table keyed by pointer (hash_ptr inline at every site), set up once in
 * an __init function (the loop can go: the table is statically empty) and
 * cleared again by a reset function (there the loop must become hash_init).
 */
#include <stdio.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define OWNER_HASH_BITS	4

struct owner {
	const void *obj;
	int refs;
	struct hlist_node link;
};

static struct hlist_head owner_hash[1 << OWNER_HASH_BITS];

static struct owner *owner_find(const void *obj)
{
	struct owner *o;

	hlist_for_each_entry(o, &owner_hash[hash_ptr(obj, OWNER_HASH_BITS)], link)
		if (o->obj == obj)
			return o;
	return NULL;
}

static void owner_add(struct owner *o)
{
	hlist_add_head(&o->link, &owner_hash[hash_ptr(o->obj, OWNER_HASH_BITS)]);
}

static int __init owner_init(void)
{
	int i;

	for (i = 0; i < (1 << OWNER_HASH_BITS); i++)
		INIT_HLIST_HEAD(&owner_hash[i]);
	return 0;
}

/* Forget every owner: the objects themselves belong to the caller. */
static void owner_reset(void)
{
	int i;

	for (i = 0; i < (1 << OWNER_HASH_BITS); i++)
		INIT_HLIST_HEAD(&owner_hash[i]);
}

int main(void)
{
	static int objects[40];
	static struct owner owners[40];
	int i, found = 0;

	owner_init();
	for (i = 0; i < 40; i += 2) {
		owners[i].obj = &objects[i];
		owners[i].refs = i;
		owner_add(&owners[i]);
	}
	for (i = 0; i < 40; i++) {
		struct owner *o = owner_find(&objects[i]);

		if (o) {
			found++;
			printf("object %d owned, refs %d\n", i, o->refs);
		}
	}
	printf("found %d\n", found);
	owner_reset();
	printf("after reset: %s\n", owner_find(&objects[0]) ? "still there" : "gone");
	return 0;
}
