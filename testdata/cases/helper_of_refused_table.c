// expect: svc_tab converted
// expect: rs_tab skipped: its key is rewritten while its entries are in the table
// reason: rs_tab the field "port" that its entries are added by is written while they may be in the table
/*
 * ip_vs_ctl.c of Linux 6.1: svc_tab converts, rs_tab is refused by a check
 * that runs after the rule has decided which helpers go (the field its
 * entries are added by is written while they are in it). rs_hashkey() masks
 * the key of rs_tab; the rule once took its mask away, as for a table that
 * converts, and every rs_tab[rs_hashkey(...)] then indexed past the table.
 * The result compiled. A helper of a table that stays, stays as it is.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define SVC_BITS	3
#define SVC_SIZE	(1 << SVC_BITS)
#define SVC_MASK	(SVC_SIZE - 1)
#define RS_BITS		4
#define RS_SIZE		(1 << RS_BITS)
#define RS_MASK		(RS_SIZE - 1)

struct svc {
	u32 id;
	struct hlist_node node;
};

struct rs {
	u32 addr;
	u16 port;
	struct hlist_node node;
};

static struct hlist_head svc_tab[SVC_SIZE];
static struct hlist_head rs_tab[RS_SIZE];

static inline unsigned int rs_hashkey(u32 addr, u16 port)
{
	return (addr ^ (port >> RS_BITS) ^ port) & RS_MASK;
}

static void svc_add(struct svc *s)
{
	hlist_add_head(&s->node, &svc_tab[s->id & SVC_MASK]);
}

static struct svc *svc_find(u32 id)
{
	struct svc *s;

	hlist_for_each_entry(s, &svc_tab[id & SVC_MASK], node)
		if (s->id == id)
			return s;
	return NULL;
}

static void rs_add(struct rs *r)
{
	hlist_add_head(&r->node, &rs_tab[rs_hashkey(r->addr, r->port)]);
}

static struct rs *rs_find(u32 addr, u16 port)
{
	struct rs *r;

	hlist_for_each_entry(r, &rs_tab[rs_hashkey(addr, port)], node)
		if (r->addr == addr && r->port == port)
			return r;
	return NULL;
}

/* the same port again, as a BUG_ON() of the kernel makes sure */
static void rs_update(struct rs *r, u16 port)
{
	r->port = port;
}

int main(void)
{
	static struct svc svcs[10];
	static struct rs rss[10];
	int i, n = 0;

	for (i = 0; i < SVC_SIZE; i++)
		INIT_HLIST_HEAD(&svc_tab[i]);
	for (i = 0; i < RS_SIZE; i++)
		INIT_HLIST_HEAD(&rs_tab[i]);
	for (i = 0; i < 10; i++) {
		svcs[i].id = i * 9 + 2;
		svc_add(&svcs[i]);
		rss[i].addr = 0x0a000001 + i * 0x10101;
		rss[i].port = 8000 + i * 111;
		rs_add(&rss[i]);
		rs_update(&rss[i], rss[i].port);
	}
	for (i = 0; i < 12; i++)
		n += (svc_find(i * 9 + 2) != NULL) + 2 * (rs_find(0x0a000001 + i * 0x10101, 8000 + i * 111) != NULL);
	printf("%d\n", n);
	return 0;
}
