// expect: obj_hash converted
/*
 * Every access goes through a hash function that folds and masks in one
 * step. The fold is a function of the key alone (what hash_min() does,
 * better), so the key of every access is the helper's argument, unreduced,
 * and the helper goes: hash_min() never sees the folded bucket number.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define OBJ_HASH_SIZE	16
#define OBJ_MASK	(OBJ_HASH_SIZE - 1)

struct obj {
	unsigned int handle;
	unsigned int refs;
	struct hlist_node link;
};

static struct hlist_head obj_hash[OBJ_HASH_SIZE];

static unsigned int obj_hashfn(unsigned int k)
{
	return (k ^ (k >> 4)) & OBJ_MASK;
}

static struct obj *obj_lookup(unsigned int handle)
{
	struct obj *o;

	hlist_for_each_entry(o, &obj_hash[obj_hashfn(handle)], link)
		if (o->handle == handle)
			return o;
	return NULL;
}

static struct obj *obj_get(unsigned int handle)
{
	struct obj *o = obj_lookup(handle);

	if (o) {
		o->refs++;
		return o;
	}
	o = kzalloc(sizeof(*o), GFP_KERNEL);
	if (!o)
		return NULL;
	o->handle = handle;
	o->refs = 1;
	hlist_add_head(&o->link, &obj_hash[obj_hashfn(handle)]);
	return o;
}

static void obj_put(unsigned int handle)
{
	struct obj *o = obj_lookup(handle);

	if (o && !--o->refs) {
		hlist_del(&o->link);
		kfree(o);
	}
}

int main(void)
{
	unsigned int h, refs = 0, live = 0;
	struct obj *o;

	for (h = 0; h < 300; h++)
		obj_get(h * 16);
	for (h = 0; h < 300; h += 2)
		obj_get(h * 16);
	for (h = 0; h < 300; h += 3)
		obj_put(h * 16);
	for (h = 0; h < 300 * 16; h++) {
		o = obj_lookup(h);
		if (o) {
			live++;
			refs += o->refs;
		}
	}
	printf("live %u, refs %u\n", live, refs);
	for (h = 0; h < 300; h++) {
		obj_put(h * 16);
		obj_put(h * 16);
	}
	printf("after put: %d\n", obj_lookup(32) != NULL);
	return 0;
}
