// expect: proto_hash converted
/*
 * A __read_mostly table: registered once, then only looked up.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/compiler.h>
#include <linux/list.h>
#include <linux/string.h>

#define PROTO_HASH_SIZE	8
#define PROTO_HASH_MASK	(PROTO_HASH_SIZE - 1)

struct proto_handler {
	u16 type;
	const char *name;
	struct hlist_node list;
};

static struct hlist_head proto_hash[PROTO_HASH_SIZE] __read_mostly;

static void proto_register(struct proto_handler *ph)
{
	hlist_add_head(&ph->list, &proto_hash[ph->type & PROTO_HASH_MASK]);
}

static void proto_unregister(struct proto_handler *ph)
{
	hlist_del_init(&ph->list);
}

static const char *proto_name(u16 type)
{
	struct proto_handler *ph;

	hlist_for_each_entry(ph, &proto_hash[type & PROTO_HASH_MASK], list)
		if (ph->type == type)
			return ph->name;
	return "unknown";
}

static struct proto_handler handlers[] = {
	{ .type = 0x0800, .name = "ipv4" },
	{ .type = 0x0806, .name = "arp" },
	{ .type = 0x86dd, .name = "ipv6" },
	{ .type = 0x8100, .name = "vlan" },
	{ .type = 0x88cc, .name = "lldp" },
	{ .type = 0x8847, .name = "mpls" },
	{ .type = 0x8808, .name = "pause" },
	{ .type = 0x0808, .name = "frame" },
};

int main(void)
{
	static const u16 probe[] = { 0x0800, 0x0806, 0x86dd, 0x8100, 0x88cc, 0x8847,
				     0x8808, 0x0808, 0x1234 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(handlers); i++)
		proto_register(&handlers[i]);
	for (i = 0; i < ARRAY_SIZE(probe); i++)
		printf("%#06x %s\n", probe[i], proto_name(probe[i]));

	proto_unregister(&handlers[1]);
	proto_unregister(&handlers[7]);
	proto_unregister(&handlers[7]);
	printf("after unregister: %s %s %s\n", proto_name(0x0806), proto_name(0x0808),
	       proto_name(0x0800));
	return 0;
}
