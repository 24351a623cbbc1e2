// expect: ports skipped: its two calls convert bytes of different signedness
// reason: ports keys differ in width
/*
 * A helper whose int parameters are given u8 bytes where an entry is added and
 * char bytes where it is looked up (sunvnet's raddr beside a const char *):
 * 0xf0 is 240 on one side and -16 on the other. The helper's mask put both in
 * one bucket; hash_min() of the sums would not, and the lookup would miss. The
 * keys differ in what the calls convert, so the table stays.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/string.h>

#define PORT_BITS	4
#define PORT_MASK	((1 << PORT_BITS) - 1)

struct port {
	u8 raddr[6];
	int id;
	struct hlist_node hash;
};

static struct hlist_head ports[1 << PORT_BITS];

static inline unsigned int mac_hashfn(int a, int b)
{
	return (a + b) & PORT_MASK;
}

static void add_port(struct port *p)
{
	hlist_add_head(&p->hash, &ports[mac_hashfn(p->raddr[4], p->raddr[5])]);
}

static struct port *find_port(const char *data)
{
	struct port *p;

	hlist_for_each_entry(p, &ports[mac_hashfn(data[4], data[5])], hash)
		if (!memcmp(p->raddr, data, 6))
			return p;
	return NULL;
}

int main(void)
{
	static struct port all[24];
	int i, found = 0;

	for (i = 0; i < 24; i++) {
		memset(all[i].raddr, 0, 6);
		all[i].raddr[4] = (u8)(0xe0 + i * 3);
		all[i].raddr[5] = (u8)(0x70 + i * 7);
		all[i].id = i;
		add_port(&all[i]);
	}
	for (i = 0; i < 24; i++) {
		char key[6] = { 0 };
		struct port *p;

		key[4] = (char)(0xe0 + i * 3);
		key[5] = (char)(0x70 + i * 7);
		p = find_port(key);
		if (p)
			found += p->id + 1;
	}
	printf("found: %d\n", found);
	return 0;
}
