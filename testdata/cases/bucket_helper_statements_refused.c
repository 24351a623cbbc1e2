// expect: conn_hash skipped: its bucket helper seeds a secret once, then hashes
// reason: conn_hash bucket helper conn_bucket(): it computes its key over statements (it has static)
// expect: flow_hash skipped: its bucket helper hashes over a branch
// reason: flow_hash bucket helper flow_bucket(): it computes its key over statements (branches or loops)
/*
 * Bucket helpers whose key takes statements (net/rds/connection.c's
 * rds_conn_bucket(): a secret of its own, seeded on first use). A bucket
 * helper goes and its key is written at its call sites; no expression there
 * can seed the secret or take the branch, so both tables stay as they are,
 * with that reason (it was "use not understood").
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define CONN_BITS	4
#define CONN_SIZE	(1 << CONN_BITS)
#define CONN_MASK	(CONN_SIZE - 1)

struct conn {
	u32 laddr, faddr;
	struct hlist_node node;
};

static struct hlist_head conn_hash[CONN_SIZE];
static struct hlist_head flow_hash[CONN_SIZE];
static int seeded;

static void get_secret_once(u32 *secret)
{
	if (!seeded) {
		*secret = 0x9e3779b9;
		seeded = 1;
	}
}

static struct hlist_head *conn_bucket(u32 laddr, u32 faddr)
{
	static u32 secret;
	u32 hash;

	get_secret_once(&secret);
	hash = (laddr * 31 + faddr) ^ secret;
	return &conn_hash[hash & CONN_MASK];
}

static struct hlist_head *flow_bucket(u32 laddr, u32 faddr)
{
	u32 hash = laddr;

	if (faddr)
		hash ^= faddr * 7;
	return &flow_hash[hash & CONN_MASK];
}

static struct conn *conn_find(struct hlist_head *head, u32 laddr, u32 faddr)
{
	struct conn *c;

	hlist_for_each_entry(c, head, node)
		if (c->laddr == laddr && c->faddr == faddr)
			return c;
	return NULL;
}

static int flow_count(u32 laddr, u32 faddr)
{
	struct conn *c;
	int n = 0;

	hlist_for_each_entry(c, flow_bucket(laddr, faddr), node)
		n += c->laddr == laddr;
	return n;
}

int main(void)
{
	static struct conn all[10], flows[10];
	int i, found = 0;

	for (i = 0; i < 10; i++) {
		all[i].laddr = flows[i].laddr = i;
		all[i].faddr = flows[i].faddr = i * 3;
		hlist_add_head(&all[i].node, conn_bucket(all[i].laddr, all[i].faddr));
		hlist_add_head(&flows[i].node, flow_bucket(flows[i].laddr, flows[i].faddr));
	}
	for (i = 0; i < 12; i++) {
		found += conn_find(conn_bucket(i, i * 3), i, i * 3) != NULL;
		found += flow_count(i, i * 3);
	}
	printf("%d %d\n", found, seeded);
	return 0;
}
