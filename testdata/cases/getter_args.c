// expect: dev_table converted
// expect: renamed_table skipped: an argument of its bucket helper changes what it reads
// reason: renamed_table "name_bucket(port_ns(p), next_name(p))" is called with an argument that may have side effects
/*
 * A bucket helper given what field readers return (openvswitch's
 * hash_bucket(ovs_dp_get_net(vport->dp), ovs_vport_name(vport))): the helper
 * mixes a seed into its hash, so it goes and its hash becomes the key at
 * each site, with the readers' calls copied into it (the name twice, as
 * the helper reads it twice). A reader only returns a field of its
 * parameter, so reading it twice gives what reading it once did.
 * renamed_table's helper is given next_name(), which counts its calls:
 * copying it would call it twice, so that table stays.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/jhash.h>
#include <linux/string.h>

#define DEV_BUCKETS	64

struct ns {
	int id;
};

struct netdev {
	char name[16];
};

struct port {
	struct netdev *dev;
	struct ns *ns;
	struct hlist_node node;
	struct hlist_node rnode;
};

static struct hlist_head dev_table[DEV_BUCKETS];
static struct hlist_head renamed_table[DEV_BUCKETS];
static int names_read;

static inline const char *port_name(struct port *p)
{
	return p->dev->name;
}

static inline struct ns *port_ns(const struct port *p)
{
	return p->ns;
}

static inline const char *next_name(struct port *p)
{
	names_read++;
	return p->dev->name;
}

static struct hlist_head *dev_bucket(const struct ns *ns, const char *name)
{
	unsigned int hash = jhash(name, strlen(name), (unsigned long)ns);

	return &dev_table[hash & (DEV_BUCKETS - 1)];
}

static struct hlist_head *name_bucket(const struct ns *ns, const char *name)
{
	unsigned int hash = jhash(name, strlen(name), (unsigned long)ns);

	return &renamed_table[hash & (DEV_BUCKETS - 1)];
}

static void port_add(struct port *p)
{
	struct hlist_head *bucket;

	bucket = dev_bucket(port_ns(p), port_name(p));
	hlist_add_head(&p->node, bucket);
	hlist_add_head(&p->rnode, name_bucket(port_ns(p), next_name(p)));
}

static struct port *port_find(const struct ns *ns, const char *name)
{
	struct hlist_head *bucket = dev_bucket(ns, name);
	struct port *p;

	hlist_for_each_entry(p, bucket, node)
		if (port_ns(p) == ns && !strcmp(port_name(p), name))
			return p;
	return NULL;
}

static int renamed_count(const struct ns *ns, const char *name)
{
	struct port *p;
	int n = 0;

	hlist_for_each_entry(p, name_bucket(ns, name), rnode)
		n += port_ns(p) == ns && !strcmp(p->dev->name, name);
	return n;
}

int main(void)
{
	static const char *names[] = { "eth0", "eth1", "br0", "lo", "wlan0" };
	static struct ns nsa = { 1 }, nsb = { 2 };
	struct netdev devs[10];
	struct port ports[10];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ports); i++) {
		strcpy(devs[i].name, names[i % 5]);
		ports[i].dev = &devs[i];
		ports[i].ns = i < 5 ? &nsa : &nsb;
		port_add(&ports[i]);
	}
	for (i = 0; i < 6; i++) {
		struct port *a = port_find(&nsa, i < 5 ? names[i] : "none");
		struct port *b = port_find(&nsb, i < 5 ? names[i] : "none");

		printf("%u: %ld %ld %d\n", i, a ? (long)(a - ports) : -1L,
		       b ? (long)(b - ports) : -1L,
		       renamed_count(&nsb, i < 5 ? names[i] : "none"));
	}
	printf("names read: %d\n", names_read);
	return 0;
}
