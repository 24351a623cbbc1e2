// expect: est_hash converted
// expect: vni_hash converted
// expect: sess_hash converted
/*
 * Two index helpers whose hash is more than a fold of the key (the shapes
 * of xt_RATEEST and geneve): est_hashfn() mixes a boot-time random seed
 * into jhash(), vni_hashfn() reads the three bytes its pointer argument
 * points to. Neither may become hash_min() of its argument: the seed would
 * be lost (the table open to hash flooding), or the pointer hashed instead
 * of the bytes. Each helper stays, without its mask, and is the key. The
 * macro SESS_HASH() keeps its seed too, and its parentheses.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/jhash.h>
#include <linux/hash.h>
#include <linux/slab.h>
#include <linux/string.h>

#define EST_HSIZE	16
#define VNI_HASH_BITS	6
#define VNI_HASH_SIZE	(1 << VNI_HASH_BITS)
#define SESS_HASH_SIZE	8
#define SESS_HASH(id)	(jhash_1word(id, est_seed) & (SESS_HASH_SIZE - 1))

struct est {
	char name[16];
	int rate;
	struct hlist_node list;
};

struct vni_dev {
	u8 vni[3];
	int id;
	struct hlist_node hlist;
};

static unsigned int est_seed;
static struct hlist_head est_hash[EST_HSIZE];
static struct hlist_head vni_hash[VNI_HASH_SIZE];
static struct hlist_head sess_hash[SESS_HASH_SIZE];

struct sess {
	u32 id;
	struct hlist_node node;
};

static unsigned int est_hashfn(const char *name)
{
	return jhash(name, strlen(name), est_seed) & (EST_HSIZE - 1);
}

static u32 vni_hashfn(const u8 vni[3])
{
	u32 vnid;

	vnid = (vni[0] << 16) | (vni[1] << 8) | vni[2];
	return hash_32(vnid, VNI_HASH_BITS);
}

static struct est *est_find(const char *name)
{
	struct est *e;
	unsigned int h = est_hashfn(name);

	hlist_for_each_entry(e, &est_hash[h], list)
		if (!strcmp(e->name, name))
			return e;
	return NULL;
}

static struct est *est_add(const char *name, int rate)
{
	struct est *e = kzalloc(sizeof(*e), GFP_KERNEL);

	if (!e)
		return NULL;
	strncpy(e->name, name, sizeof(e->name) - 1);
	e->rate = rate;
	hlist_add_head(&e->list, &est_hash[est_hashfn(e->name)]);
	return e;
}

static struct vni_dev *vni_find(const u8 *vni)
{
	struct vni_dev *d;

	hlist_for_each_entry(d, &vni_hash[vni_hashfn(vni)], hlist)
		if (!memcmp(d->vni, vni, sizeof(d->vni)))
			return d;
	return NULL;
}

static void vni_add(struct vni_dev *d)
{
	hlist_add_head(&d->hlist, &vni_hash[vni_hashfn(d->vni)]);
}

static struct sess *sess_find(u32 id)
{
	struct sess *s;

	hlist_for_each_entry(s, &sess_hash[SESS_HASH(id)], node)
		if (s->id == id)
			return s;
	return NULL;
}

int main(void)
{
	static const char *names[] = { "eth0", "eth1", "wlan0", "lo", "bond0", "br-lan" };
	struct vni_dev devs[8];
	struct sess sessions[5];
	u8 probe[3];
	unsigned int i;

	est_seed = 0x5eed;
	for (i = 0; i < EST_HSIZE; i++)
		INIT_HLIST_HEAD(&est_hash[i]);
	for (i = 0; i < VNI_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&vni_hash[i]);
	for (i = 0; i < SESS_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&sess_hash[i]);
	for (i = 0; i < ARRAY_SIZE(sessions); i++) {
		sessions[i].id = 1 << (3 * i);
		hlist_add_head(&sessions[i].node, &sess_hash[SESS_HASH(sessions[i].id)]);
	}
	for (i = 0; i < 18; i++)
		printf("session %u: %s\n", i, sess_find(1u << i) ? "yes" : "no");

	for (i = 0; i < ARRAY_SIZE(names); i++)
		est_add(names[i], 100 * (i + 1));
	for (i = 0; i < ARRAY_SIZE(names); i++)
		printf("%s: %d\n", names[i], est_find(names[i])->rate);
	printf("missing: %p\n", (void *)est_find("eth9"));

	for (i = 0; i < ARRAY_SIZE(devs); i++) {
		devs[i].vni[0] = i;
		devs[i].vni[1] = 0x20 + i;
		devs[i].vni[2] = 0x40;
		devs[i].id = i;
		vni_add(&devs[i]);
	}
	for (i = 0; i < 10; i++) {
		struct vni_dev *d;

		probe[0] = i;
		probe[1] = 0x20 + i;
		probe[2] = 0x40;
		d = vni_find(probe);
		printf("vni %u: %d\n", i, d ? d->id : -1);
	}
	for (i = 0; i < ARRAY_SIZE(names); i++)
		kfree(est_find(names[i]));
	return 0;
}
