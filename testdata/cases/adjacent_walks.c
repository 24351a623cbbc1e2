// expect: by_port converted
// expect: by_mark converted
/*
 * Two tables walked by two loops in a row, each body in braces, with a
 * comment between the loops (net/netfilter/ipvs/ip_vs_ctl.c flushes its two
 * service tables so): each loop becomes hash_for_each() or
 * hash_for_each_safe() on its own lines, and the comment stays.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define SVC_BITS	4
#define SVC_SIZE	(1 << SVC_BITS)

struct service {
	u32 port;
	u32 mark;
	int hits;
	struct hlist_node port_node;
	struct hlist_node mark_node;
};

static struct hlist_head by_port[SVC_SIZE];
static struct hlist_head by_mark[SVC_SIZE];

static void add_service(struct service *s)
{
	if (s->mark)
		hlist_add_head(&s->mark_node, &by_mark[hash_32(s->mark, SVC_BITS)]);
	else
		hlist_add_head(&s->port_node, &by_port[hash_32(s->port, SVC_BITS)]);
}

static int count_hits(void)
{
	struct service *s;
	int i, n = 0;

	for (i = 0; i < SVC_SIZE; i++) {
		hlist_for_each_entry(s, &by_port[i], port_node) {
			n += s->hits;
		}
	}

	/*
	 * Then the services known by their mark
	 */
	for (i = 0; i < SVC_SIZE; i++) {
		hlist_for_each_entry(s, &by_mark[i], mark_node) {
			n += 2 * s->hits;
		}
	}
	return n;
}

static int flush(u32 below)
{
	struct service *s;
	struct hlist_node *tmp;
	int i, n = 0;

	for (i = 0; i < SVC_SIZE; i++) {
		hlist_for_each_entry_safe(s, tmp, &by_port[i], port_node) {
			if (s->port < below) {
				hlist_del(&s->port_node);
				n++;
			}
		}
	}
	/* and by mark */
	for (i = 0; i < SVC_SIZE; i++) {
		hlist_for_each_entry_safe(s, tmp, &by_mark[i], mark_node) {
			if (s->mark < below) {
				hlist_del(&s->mark_node);
				n++;
			}
		}
	}
	return n;
}

int main(void)
{
	static struct service svc[30];
	int i;

	for (i = 0; i < 30; i++) {
		svc[i].port = 1000 + i * 13;
		svc[i].mark = i % 3 ? 0 : 1000 + i * 7;
		svc[i].hits = i;
		add_service(&svc[i]);
	}
	printf("hits: %d\n", count_hits());
	printf("flushed: %d\n", flush(1150));
	printf("hits: %d\n", count_hits());
	return 0;
}
