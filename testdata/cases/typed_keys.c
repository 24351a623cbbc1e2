// expect: name_hash converted
// expect: obj_hash converted
/*
 * Keys whose widths only C types tell: a u32 local on one side and the
 * result of a function returning u32 on the other (name_hash), and a
 * typedef'd handle, a struct field of that type and a cast to it
 * (obj_hash). hash_min() hashes by sizeof(key): these are all 4 bytes,
 * so every site hashes alike.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/string.h>
#include <linux/jhash.h>

#define NAME_HASH_SIZE	16
#define OBJ_HASH_SIZE	32

typedef u32 handle_t;

struct name_ent {
	const char *name;
	struct hlist_node node;
};

struct obj {
	handle_t handle;
	struct hlist_node node;
};

static struct hlist_head name_hash[NAME_HASH_SIZE];
static struct hlist_head obj_hash[OBJ_HASH_SIZE];

static u32 name_strhash(const char *s)
{
	return jhash(s, strlen(s), 0);
}

static void name_add(struct name_ent *e)
{
	u32 h = name_strhash(e->name);

	hlist_add_head(&e->node, &name_hash[h & (NAME_HASH_SIZE - 1)]);
}

static struct name_ent *name_find(const char *name)
{
	struct name_ent *e;

	hlist_for_each_entry(e, &name_hash[name_strhash(name) & (NAME_HASH_SIZE - 1)], node)
		if (!strcmp(e->name, name))
			return e;
	return NULL;
}

static void obj_add(struct obj *o)
{
	hlist_add_head(&o->node, &obj_hash[o->handle % OBJ_HASH_SIZE]);
}

static struct obj *obj_find(unsigned long raw)
{
	struct obj *o;

	hlist_for_each_entry(o, &obj_hash[(handle_t)raw % OBJ_HASH_SIZE], node)
		if (o->handle == (handle_t)raw)
			return o;
	return NULL;
}

static struct obj *obj_find_handle(handle_t h)
{
	struct obj *o;

	hlist_for_each_entry(o, &obj_hash[h % OBJ_HASH_SIZE], node)
		if (o->handle == h)
			return o;
	return NULL;
}

int main(void)
{
	static const char *names[] = { "alpha", "beta", "gamma", "delta", "epsilon" };
	struct name_ent ents[5];
	struct obj objs[12];
	unsigned int i;

	for (i = 0; i < NAME_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&name_hash[i]);
	for (i = 0; i < OBJ_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&obj_hash[i]);
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		ents[i].name = names[i];
		name_add(&ents[i]);
	}
	for (i = 0; i < ARRAY_SIZE(objs); i++) {
		objs[i].handle = 0x1000 + 77 * i;
		obj_add(&objs[i]);
	}
	printf("%d %d\n", name_find("gamma") != NULL, name_find("zeta") != NULL);
	for (i = 0; i < 14; i++)
		printf("%d%d", obj_find(0x1000 + 77 * i) != NULL,
		       obj_find_handle(0x1000 + 77 * i) != NULL);
	printf("\n");
	return 0;
}
