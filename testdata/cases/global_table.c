// expect: gtab skipped: non-static global, may be indexed from other files
// reason: gtab not static: other files may index it
/*
 * A table with external linkage: other files may index it with their own
 * masks, so converting only this file could split its users.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

struct dev_ent {
	unsigned int devno;
	const char *name;
	struct hlist_node hlist;
};

struct hlist_head gtab[16];

void dev_register(struct dev_ent *d);
struct dev_ent *dev_lookup(unsigned int devno);

void dev_register(struct dev_ent *d)
{
	hlist_add_head(&d->hlist, &gtab[d->devno & 15]);
}

struct dev_ent *dev_lookup(unsigned int devno)
{
	struct dev_ent *d;

	hlist_for_each_entry(d, &gtab[devno & 15], hlist)
		if (d->devno == devno)
			return d;
	return NULL;
}

static struct dev_ent devs[] = {
	{ .devno = 0x0801, .name = "sda1" },
	{ .devno = 0x0802, .name = "sda2" },
	{ .devno = 0x0811, .name = "sdb1" },
	{ .devno = 0x0103, .name = "ram3" },
	{ .devno = 0xfd00, .name = "dm-0" },
};

int main(void)
{
	static const unsigned int probe[] = { 0x0801, 0x0811, 0x0821, 0xfd00, 0x0103 };
	struct dev_ent *d;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(devs); i++)
		dev_register(&devs[i]);
	hlist_del(&devs[1].hlist);
	for (i = 0; i < ARRAY_SIZE(probe); i++) {
		d = dev_lookup(probe[i]);
		printf("%#06x: %s\n", probe[i], d ? d->name : "-");
	}
	return 0;
}
