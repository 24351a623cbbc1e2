// expect: flow_hash skipped: bucket index stored in the object
// reason: flow_hash index "victim->bucket" is not a masked or hashed key
/*
 * The bucket index is remembered in the object (flow->bucket) and used
 * later to reach its bucket again -- for removal and to keep a count of
 * occupied buckets. After a conversion the stored number would name the
 * wrong bucket.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define FLOW_HASH_SIZE	32
#define FLOW_HASH_MASK	(FLOW_HASH_SIZE - 1)

struct flow {
	u32 saddr;
	u32 daddr;
	unsigned int bucket;
	unsigned long packets;
	struct hlist_node node;
};

static struct hlist_head flow_hash[FLOW_HASH_SIZE];
static unsigned int nr_busy_buckets;

static u32 flow_key(u32 saddr, u32 daddr)
{
	return saddr ^ (daddr * 31);
}

static struct flow *flow_find(u32 saddr, u32 daddr)
{
	struct flow *f;

	hlist_for_each_entry(f, &flow_hash[flow_key(saddr, daddr) & FLOW_HASH_MASK], node)
		if (f->saddr == saddr && f->daddr == daddr)
			return f;
	return NULL;
}

static struct flow *flow_create(u32 saddr, u32 daddr)
{
	unsigned int idx = flow_key(saddr, daddr) & FLOW_HASH_MASK;
	struct flow *f;

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return NULL;
	f->saddr = saddr;
	f->daddr = daddr;
	f->bucket = idx;
	if (hlist_empty(&flow_hash[idx]))
		nr_busy_buckets++;
	hlist_add_head(&f->node, &flow_hash[idx]);
	return f;
}

/* Unlink @victim by walking the bucket it recorded. */
static void flow_destroy(struct flow *victim)
{
	struct hlist_head *head = &flow_hash[victim->bucket];
	struct hlist_node *tmp;
	struct flow *f;

	hlist_for_each_entry_safe(f, tmp, head, node) {
		if (f == victim) {
			hlist_del(&f->node);
			break;
		}
	}
	if (hlist_empty(head))
		nr_busy_buckets--;
	kfree(victim);
}

static void flow_account(u32 saddr, u32 daddr)
{
	struct flow *f = flow_find(saddr, daddr);

	if (!f)
		f = flow_create(saddr, daddr);
	if (f)
		f->packets++;
}

int main(void)
{
	unsigned long total = 0;
	struct flow *f;
	u32 s, d;

	for (s = 1; s <= 20; s++)
		for (d = 1; d <= 10; d++)
			flow_account(0x0a000000 + s, 0xc0a80000 + d * (s % 3 + 1));
	for (s = 1; s <= 20; s += 2)
		flow_account(0x0a000000 + s, 0xc0a80001 * 1);
	printf("busy buckets: %u\n", nr_busy_buckets);

	for (s = 1; s <= 20; s++) {
		for (d = 1; d <= 30; d++) {
			f = flow_find(0x0a000000 + s, 0xc0a80000 + d);
			if (f)
				total += f->packets * d;
			if (f && d % 2)
				flow_destroy(f);
		}
	}
	printf("weighted packets %lu, busy buckets %u\n", total, nr_busy_buckets);

	for (s = 1; s <= 20; s++) {
		for (d = 1; d <= 30; d++) {
			f = flow_find(0x0a000000 + s, 0xc0a80000 + d);
			if (f)
				flow_destroy(f);
		}
	}
	printf("busy buckets at end: %u\n", nr_busy_buckets);
	return 0;
}
