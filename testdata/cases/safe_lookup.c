// expect: timer_hash converted
/*
 * A multimap: several entries may share a key. A keyed
 * hlist_for_each_entry_safe() over one bucket deletes every entry of a
 * key with hlist_del_init(); a _safe walk over all buckets empties it.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define TIMER_HASH_SIZE	32
#define TIMER_HASH_MASK	(TIMER_HASH_SIZE - 1)

struct ktimer {
	unsigned int owner;
	unsigned int expires;
	struct hlist_node node;
};

static struct hlist_head timer_hash[TIMER_HASH_SIZE];

static void timer_arm(unsigned int owner, unsigned int expires)
{
	struct ktimer *t = kzalloc(sizeof(*t), GFP_KERNEL);

	if (!t)
		return;
	t->owner = owner;
	t->expires = expires;
	hlist_add_head(&t->node, &timer_hash[owner & TIMER_HASH_MASK]);
}

/* Cancel every timer of @owner; returns how many were cancelled. */
static unsigned int timer_cancel_owner(unsigned int owner)
{
	struct ktimer *pos;
	struct hlist_node *tmp;
	unsigned int n = 0;

	hlist_for_each_entry_safe(pos, tmp, &timer_hash[owner & TIMER_HASH_MASK], node) {
		if (pos->owner != owner)
			continue;
		hlist_del_init(&pos->node);
		kfree(pos);
		n++;
	}
	return n;
}

static unsigned int timer_count_owner(unsigned int owner, unsigned int *latest)
{
	struct ktimer *pos;
	unsigned int n = 0;

	*latest = 0;
	hlist_for_each_entry(pos, &timer_hash[owner & TIMER_HASH_MASK], node) {
		if (pos->owner == owner) {
			n++;
			if (pos->expires > *latest)
				*latest = pos->expires;
		}
	}
	return n;
}

static unsigned int timer_flush(void)
{
	struct ktimer *pos;
	struct hlist_node *tmp;
	unsigned int i, n = 0;

	for (i = 0; i < TIMER_HASH_SIZE; i++)
		hlist_for_each_entry_safe(pos, tmp, &timer_hash[i], node) {
			hlist_del_init(&pos->node);
			kfree(pos);
			n++;
		}
	return n;
}

int main(void)
{
	unsigned int owner, i, n, latest;

	for (i = 0; i < 500; i++)
		timer_arm((i * 7) % 50 + 32 * (i % 3), 1000 + i);

	printf("cancel 0: %u\n", timer_cancel_owner(0));
	printf("cancel 32: %u\n", timer_cancel_owner(32));
	printf("cancel 32 again: %u\n", timer_cancel_owner(32));
	printf("cancel 999: %u\n", timer_cancel_owner(999));

	for (owner = 0; owner < 120; owner += 11) {
		n = timer_count_owner(owner, &latest);
		printf("owner %3u: %u timers, latest %u\n", owner, n, latest);
	}
	printf("flushed %u\n", timer_flush());
	return 0;
}
