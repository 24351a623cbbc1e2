// expect: route_hash converted
/*
 * An RCU-protected table: writers add with hlist_add_head_rcu() and
 * unlink with hlist_del_rcu() (freeing after a grace period) or
 * hlist_del_init_rcu() (to re-key an entry in place); readers look up one
 * bucket, and walk every bucket, inside rcu_read_lock().
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/slab.h>

#define ROUTE_HASH_BITS	4
#define ROUTE_HASH_SIZE	(1 << ROUTE_HASH_BITS)
#define ROUTE_HASH_MASK	(ROUTE_HASH_SIZE - 1)

struct route {
	u32 dst;
	u32 gateway;
	unsigned int metric;
	struct hlist_node hlist;
	struct rcu_head rcu;
};

static struct hlist_head route_hash[ROUTE_HASH_SIZE];
static DEFINE_SPINLOCK(route_lock);

static void route_free_rcu(struct rcu_head *head)
{
	struct route *rt = container_of(head, struct route, rcu);

	kfree(rt);
}

/* Reader: the gateway for @dst, or 0. */
static u32 route_lookup(u32 dst)
{
	struct route *rt;
	u32 gw = 0;

	rcu_read_lock();
	hlist_for_each_entry_rcu(rt, &route_hash[dst & ROUTE_HASH_MASK], hlist) {
		if (rt->dst == dst) {
			gw = rt->gateway;
			break;
		}
	}
	rcu_read_unlock();
	return gw;
}

/* Writer: caller holds route_lock. */
static struct route *__route_find(u32 dst)
{
	struct route *rt;

	hlist_for_each_entry_rcu(rt, &route_hash[dst & ROUTE_HASH_MASK], hlist,
				 lockdep_is_held(&route_lock))
		if (rt->dst == dst)
			return rt;
	return NULL;
}

static int route_add(u32 dst, u32 gateway, unsigned int metric)
{
	struct route *rt;

	rt = kzalloc(sizeof(*rt), GFP_KERNEL);
	if (!rt)
		return -1;
	rt->dst = dst;
	rt->gateway = gateway;
	rt->metric = metric;

	spin_lock_bh(&route_lock);
	if (__route_find(dst)) {
		spin_unlock_bh(&route_lock);
		kfree(rt);
		return -1;
	}
	hlist_add_head_rcu(&rt->hlist, &route_hash[dst & ROUTE_HASH_MASK]);
	spin_unlock_bh(&route_lock);
	return 0;
}

static void route_del(u32 dst)
{
	struct route *rt;

	spin_lock_bh(&route_lock);
	rt = __route_find(dst);
	if (rt)
		hlist_del_rcu(&rt->hlist);
	spin_unlock_bh(&route_lock);
	if (rt)
		call_rcu(&rt->rcu, route_free_rcu);
}

/* Move the route for @old to destination @new, reusing the entry. */
static int route_renumber(u32 old, u32 new)
{
	struct route *rt;

	spin_lock_bh(&route_lock);
	rt = __route_find(old);
	if (!rt || __route_find(new)) {
		spin_unlock_bh(&route_lock);
		return -1;
	}
	hlist_del_init_rcu(&rt->hlist);
	synchronize_rcu();
	rt->dst = new;
	hlist_add_head_rcu(&rt->hlist, &route_hash[new & ROUTE_HASH_MASK]);
	spin_unlock_bh(&route_lock);
	return 0;
}

/* Reader: sum of all metrics and number of routes. */
static unsigned long route_total_metric(unsigned int *count)
{
	struct route *rt;
	unsigned long sum = 0;
	int i;

	*count = 0;
	rcu_read_lock();
	for (i = 0; i < ROUTE_HASH_SIZE; i++) {
		hlist_for_each_entry_rcu(rt, &route_hash[i], hlist) {
			sum += rt->metric;
			(*count)++;
		}
	}
	rcu_read_unlock();
	return sum;
}

int main(void)
{
	static const u32 probe[] = { 0x0a000001, 0x0a000011, 0x0a000021, 0xc0a80001,
				     0x0a0000ff, 0x08080808 };
	unsigned int i, count;
	unsigned long sum;
	u32 dst;
	int ret;

	for (dst = 0x0a000001; dst < 0x0a000001 + 100; dst++)
		route_add(dst, 0x0a0000fe, dst & 0xff);
	route_add(0xc0a80001, 0xc0a800fe, 1000);
	printf("duplicate add: %d\n", route_add(0x0a000011, 0, 0));

	sum = route_total_metric(&count);
	printf("%u routes, metric %lu\n", count, sum);

	for (dst = 0x0a000001; dst < 0x0a000001 + 100; dst += 3)
		route_del(dst);
	ret = route_renumber(0x0a000011, 0x08080808);
	printf("renumber: %d", ret);
	ret = route_renumber(0x0a000012, 0x0a000013);
	printf(" %d\n", ret);

	for (i = 0; i < ARRAY_SIZE(probe); i++)
		printf("route %08x via %08x\n", probe[i], route_lookup(probe[i]));
	sum = route_total_metric(&count);
	printf("%u routes, metric %lu\n", count, sum);

	for (dst = 0x0a000001; dst < 0x0a000001 + 100; dst++)
		route_del(dst);
	route_del(0xc0a80001);
	route_del(0x08080808);
	sum = route_total_metric(&count);
	printf("%u routes, metric %lu\n", count, sum);
	return 0;
}
