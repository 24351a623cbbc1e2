// expect: svc_table converted
/*
 * Buckets visited by number (the shapes of ipvs, nfnetlink_queue, kprobes,
 * rds and dlm): a seq_file style iterator keeping the bucket in a struct
 * between calls, a walk through a bucket pointer set inside the loop, a
 * walk that stops early on a condition, a pointer walk from the first
 * bucket, and an ARRAY_SIZE() bound. None of them computes a bucket from a
 * key, so after the conversion they read the same array of buckets and stay
 * as they are; only the keyed accesses become hash_add() and
 * hash_for_each_possible().
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define SVC_TAB_BITS	4
#define SVC_TAB_SIZE	(1 << SVC_TAB_BITS)
#define SVC_TAB_MASK	(SVC_TAB_SIZE - 1)

struct svc {
	unsigned int port;
	int weight;
	struct hlist_node node;
};

struct svc_iter {
	unsigned int bucket;
	struct svc *cur;
};

static struct hlist_head svc_table[SVC_TAB_SIZE];

static void svc_add(struct svc *s)
{
	hlist_add_head(&s->node, &svc_table[s->port & SVC_TAB_MASK]);
}

static struct svc *svc_find(unsigned int port)
{
	struct svc *s;

	hlist_for_each_entry(s, &svc_table[port & SVC_TAB_MASK], node)
		if (s->port == port)
			return s;
	return NULL;
}

/* seq_file style: the bucket number lives in the iterator between calls */
static struct svc *svc_iter_next(struct svc_iter *iter)
{
	struct hlist_node *n = iter->cur ? iter->cur->node.next : NULL;

	while (!n) {
		if (iter->cur)
			iter->bucket++;
		if (iter->bucket >= SVC_TAB_SIZE)
			return NULL;
		n = svc_table[iter->bucket].first;
		iter->cur = (void *)1;
	}
	iter->cur = hlist_entry(n, struct svc, node);
	return iter->cur;
}

static int svc_total_weight(void)
{
	struct hlist_head *head;
	struct svc *s;
	int i, total = 0;

	for (i = 0; i < SVC_TAB_SIZE; i++) {
		head = &svc_table[i];
		hlist_for_each_entry(s, head, node)
			total += s->weight;
	}
	return total;
}

static int svc_first_heavy(int limit)
{
	struct svc *s;
	int i, found = -1;

	for (i = 0; i < SVC_TAB_SIZE && found < 0; i++)
		hlist_for_each_entry(s, &svc_table[i], node)
			if (s->weight > limit)
				found = s->port;
	return found;
}

static int svc_nonempty(void)
{
	struct hlist_head *head;
	int i, n = 0;

	for (i = 0, head = svc_table; i < ARRAY_SIZE(svc_table); i++, head++)
		if (!hlist_empty(head))
			n++;
	return n;
}

int main(void)
{
	struct svc svcs[24];
	struct svc_iter iter = { 0, NULL };
	struct svc *s;
	unsigned int i;
	int seen = 0;

	for (i = 0; i < SVC_TAB_SIZE; i++)
		INIT_HLIST_HEAD(&svc_table[i]);
	for (i = 0; i < ARRAY_SIZE(svcs); i++) {
		svcs[i].port = 1000 + 37 * i;
		svcs[i].weight = i % 5;
		svc_add(&svcs[i]);
	}
	while ((s = svc_iter_next(&iter)) != NULL)
		seen++;
	printf("iterated %d, weight %d, heavy %d, non-empty %d\n", seen, svc_total_weight(),
	       svc_first_heavy(3) >= 0, svc_nonempty());
	for (i = 0; i < 30; i++)
		printf("%u:%d ", 1000 + 37 * i, svc_find(1000 + 37 * i) != NULL);
	printf("\n");
	return 0;
}
