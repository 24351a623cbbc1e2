// expect: port_table converted
// expect: dev_table converted
// expect: late_table converted
/*
 * Allocated tables that can be static (the shapes of cls_u32 and
 * openvswitch): port_table is allocated by kvmalloc_array() in an __init
 * function and cleared by a loop, freed on the error path and at exit;
 * dev_table is kcalloc()ed by an init function that is not __init (it
 * could run again, so the allocation becomes hash_init()) and reached
 * through a bucket helper that mixes the namespace into the hash.
 * late_table is declared before the macros of its size (as cls_u32 is):
 * its DEFINE_HASHTABLE() cannot name them, so it takes their value.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/jhash.h>
#include <errno.h>

#define PORT_HASH_SHIFT	6
#define PORT_HASH_SIZE	(1 << PORT_HASH_SHIFT)
#define DEV_BUCKETS	128

struct port {
	unsigned int nr;
	struct hlist_node node;
};

struct dev {
	const char *name;
	const void *ns;
	struct hlist_node hash_node;
};

static struct hlist_head *port_table;
static struct hlist_head *dev_table;
static struct hlist_head *late_table;

#define LATE_SHIFT	3
#define LATE_SIZE	(1 << LATE_SHIFT)

static int __init late_init(void)
{
	late_table = kcalloc(LATE_SIZE, sizeof(*late_table), GFP_KERNEL);
	if (!late_table)
		return -ENOMEM;
	return 0;
}

static int late_count(unsigned int key)
{
	struct port *p;
	int n = 0;

	hlist_for_each_entry(p, &late_table[key % LATE_SIZE], node)
		if (p->nr == key)
			n++;
	return n;
}

static int register_things(int fail)
{
	return fail ? -EINVAL : 0;
}

static int __init ports_init(int fail)
{
	int i, ret;

	port_table = kvmalloc_array(PORT_HASH_SIZE, sizeof(struct hlist_head), GFP_KERNEL);
	if (!port_table)
		return -ENOMEM;
	for (i = 0; i < PORT_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&port_table[i]);
	ret = register_things(fail);
	if (ret)
		kvfree(port_table);
	return ret;
}

static void __exit ports_exit(void)
{
	kvfree(port_table);
}

static void port_add(struct port *p)
{
	hlist_add_head(&p->node, &port_table[p->nr & (PORT_HASH_SIZE - 1)]);
}

static int port_known(unsigned int nr)
{
	struct port *p;

	hlist_for_each_entry(p, &port_table[nr & (PORT_HASH_SIZE - 1)], node)
		if (p->nr == nr)
			return 1;
	return 0;
}

int dev_init(void)
{
	dev_table = kcalloc(DEV_BUCKETS, sizeof(struct hlist_head), GFP_KERNEL);
	if (!dev_table)
		return -ENOMEM;
	return 0;
}

void dev_exit(void)
{
	kfree(dev_table);
}

static struct hlist_head *dev_bucket(const void *ns, const char *name)
{
	unsigned int hash = jhash(name, strlen(name), (unsigned long)ns);

	return &dev_table[hash & (DEV_BUCKETS - 1)];
}

static void dev_add(struct dev *d)
{
	hlist_add_head(&d->hash_node, dev_bucket(d->ns, d->name));
}

static struct dev *dev_find(const void *ns, const char *name)
{
	struct hlist_head *bucket = dev_bucket(ns, name);
	struct dev *d;

	hlist_for_each_entry(d, bucket, hash_node)
		if (d->ns == ns && !strcmp(d->name, name))
			return d;
	return NULL;
}

int main(void)
{
	static const char *names[] = { "eth0", "eth1", "br0", "lo" };
	static const int nsa, nsb;
	struct port ports[10];
	struct dev devs[8];
	unsigned int i;

	if (ports_init(0) || dev_init() || late_init())
		return 1;
	for (i = 0; i < ARRAY_SIZE(ports); i++) {
		ports[i].nr = 20 + 13 * i;
		port_add(&ports[i]);
	}
	for (i = 0; i < ARRAY_SIZE(devs); i++) {
		devs[i].name = names[i % 4];
		devs[i].ns = i < 4 ? (const void *)&nsa : (const void *)&nsb;
		dev_add(&devs[i]);
	}
	for (i = 0; i < 12; i++)
		printf("%d", port_known(20 + 13 * i));
	printf(" %d", late_count(5));
	printf(" %d %d %d\n", dev_find(&nsa, "br0") != NULL, dev_find(&nsb, "lo") != NULL,
	       dev_find(&nsb, "wlan0") != NULL);
	dev_exit();
	if (dev_init())
		return 1;
	printf("after re-init: %d\n", dev_find(&nsa, "br0") != NULL);
	dev_exit();
	return 0;
}
