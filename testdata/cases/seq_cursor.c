// expect: svc_table converted
/*
 * A seq_file iterator over a table (ipvs ip_vs_info_seq_*): the walk that
 * finds the n-th entry keeps its bucket number in the iterator, and the next
 * call resumes from there; the iterator also says which table it is in
 * (iter->table = svc_table), and only compares it. The bucket numbers come
 * from loop counters only, so the walks stay valid whatever bucket hash_min()
 * picks: the one that finds the n-th entry becomes hash_for_each() (its
 * cursor is the same bucket number), the resumed one stays as it is.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>

#define SVC_TAB_BITS	3
#define SVC_TAB_SIZE	(1 << SVC_TAB_BITS)
#define SVC_TAB_MASK	(SVC_TAB_SIZE - 1)

struct svc {
	unsigned int port;
	struct hlist_node s_list;
};

struct svc_iter {
	struct hlist_head *table;
	int bucket;
};

static struct hlist_head svc_table[SVC_TAB_SIZE];

static void svc_add(struct svc *s)
{
	hlist_add_head(&s->s_list, &svc_table[s->port & SVC_TAB_MASK]);
}

static struct svc *svc_find(unsigned int port)
{
	struct svc *s;

	hlist_for_each_entry(s, &svc_table[port & SVC_TAB_MASK], s_list)
		if (s->port == port)
			return s;
	return NULL;
}

static struct svc *svc_array(struct svc_iter *iter, long pos)
{
	struct svc *s;
	int idx;

	for (idx = 0; idx < SVC_TAB_SIZE; idx++) {
		hlist_for_each_entry(s, &svc_table[idx], s_list) {
			if (pos-- == 0) {
				iter->table = svc_table;
				iter->bucket = idx;
				return s;
			}
		}
	}
	return NULL;
}

static struct svc *svc_next(struct svc_iter *iter, struct svc *s)
{
	struct hlist_node *e = s->s_list.next;

	if (e)
		return hlist_entry(e, struct svc, s_list);
	if (iter->table != svc_table)
		return NULL;
	while (++iter->bucket < SVC_TAB_SIZE) {
		hlist_for_each_entry(s, &svc_table[iter->bucket], s_list)
			return s;
	}
	iter->bucket = -1;
	return NULL;
}

int main(void)
{
	static struct svc svcs[12];
	struct svc_iter iter;
	unsigned int i, n = 0, sum = 0;
	struct svc *s;

	for (i = 0; i < 12; i++) {
		svcs[i].port = i * 37 + 5;
		svc_add(&svcs[i]);
	}
	for (s = svc_array(&iter, 0); s; s = svc_next(&iter, s)) {
		n++;
		sum += s->port;
	}
	printf("%u services, ports sum to %u; 42 %s, 43 %s\n", n, sum,
	       svc_find(42) ? "found" : "missing", svc_find(43) ? "found" : "missing");
	return 0;
}
