// SPDX-License-Identifier: GPL-2.0
/* Exercises every table of the sample tree and prints what it finds. */
#include <stdio.h>
#include <linux/types.h>
#include <linux/list.h>
#include "demo/session.h"
#include "demo/conn.h"
#include "demo/stats.h"
#include "demo/route.h"
#include "demo/quota.h"
#include "demo/flow.h"
#include "demo/trace.h"

unsigned long cache_get(unsigned long key, unsigned long (*compute)(unsigned long));
void cache_flush(void);
struct handler { unsigned int code; const char *name; struct hlist_node hnode; };
void registry_add(struct handler *h);
const char *registry_name(unsigned int code);
struct legacy_item { unsigned int key; struct hlist_node hnode; };
void legacy_insert(struct legacy_item *it);
int legacy_present(unsigned int key);
unsigned int hash_add(unsigned int a, unsigned int b);
int peer_demo(char *buf, unsigned int len);
int link_demo(void);
int slot_demo(void);

static unsigned long computed;

static unsigned long square(unsigned long x)
{
	computed++;
	return x * x;
}

int main(void)
{
	static struct conn conns[] = {
		{ .port = 80, .peer = "web" },
		{ .port = 112, .peer = "alias of 80 & 31" },
		{ .port = 22, .peer = "ssh" },
	};
	static struct handler handlers[] = { { .code = 1, .name = "one" }, { .code = 9, .name = "nine" } };
	static struct legacy_item items[] = { { .key = 3 }, { .key = 7 } };
	struct conn_table table;
	struct session *s;
	unsigned int i;
	char peers[64];

	session_init();
	for (i = 0; i < 200; i++)
		session_add(i * 2654435761u);
	for (i = 0; i < 200; i += 7)
		printf("session %u: %s\n", i, session_find(i * 2654435761u) ? "found" : "missing");
	s = session_find(7 * 2654435761u);
	session_remove(s);
	printf("sessions: %u, after removing one: found=%d\n", session_count(),
	       session_find(7 * 2654435761u) != NULL);

	conn_table_init(&table);
	for (i = 0; i < 3; i++)
		conn_insert(&table, &conns[i]);
	printf("conns: %u; 112 -> %s; 80 -> %s; 443 -> %p\n", table.nr,
	       conn_find(&table, 112)->peer, conn_find(&table, 80)->peer,
	       (void *)conn_find(&table, 443));

	for (i = 0; i < 40; i++)
		cache_get(i % 10 + (i % 3) * 1000, square);
	printf("cache: %lu computed for 40 gets; 4 -> %lu\n", computed, cache_get(4, square));
	cache_flush();

	for (i = 0; i < 2; i++)
		registry_add(&handlers[i]);
	printf("registry: 9 -> %s, 2 -> %s\n", registry_name(9), registry_name(2));

	static struct route routes[] = { { .dst = 10, .metric = 1 }, { .dst = 26, .metric = 5 } };
	struct route_table rt;

	route_table_init(&rt);
	for (i = 0; i < 2; i++)
		route_add(&rt, &routes[i]);
	printf("routes: 26 -> %u, 42 -> %u\n", route_metric(&rt, 26), route_metric(&rt, 42));

	for (i = 0; i < 100; i++)
		stats_hit(i % 3, i % 7);
	printf("stats: cpu 1 event 4 -> %u, cpu 2 event 9 -> %u\n", stats_get(1, 4), stats_get(2, 9));

	static struct quota quota;
	static struct flow flows[] = { { .id = 7 }, { .id = 15 }, { .id = 100 } };
	static struct flow_table ft;

	flow_table_init(&ft);
	for (i = 0; i < 3; i++)
		flow_add(&ft, &flows[i]);
	printf("flows: 15 %d, 23 %d\n", flow_has(&ft, 15), flow_has(&ft, 23));

	quota_charge(&quota, 5, 2);
	printf("quota: id 1 -> %u\n", quota_charge(&quota, 1, 3));

	i = peer_demo(peers, sizeof(peers));
	printf("peers: %s; 19 found, 27 not: %u\n", peers, i);

	printf("links: %d (5 found and 81 not: 51)\n", link_demo());
	printf("slots: %d (5 found, sum 33, 25 not: 534)\n", slot_demo());

	{
		static const unsigned long stacks[][3] = { { 1, 2, 3 }, { 4, 5, 6 }, { 1, 2, 3 } };
		int saved = 0;

		for (i = 0; i < 300; i++) {
			unsigned long one = i;

			saved += trace_save(stacks[i % 3], 2 + i % 2) + trace_save(&one, 1);
		}
		printf("traces: %u saved (304)\n", trace_count());
		saved = 0;
		for (i = 0; i < 300; i++) {
			unsigned long one = i * 2;

			saved += trace_save(&one, 1);
		}
		printf("traces: %d new of 300 (150)\n", saved);
	}

	for (i = 0; i < 2; i++)
		legacy_insert(&items[i]);
	printf("legacy: 7 -> %d, 11 -> %d, hash_add(2, 3) = %u\n", legacy_present(7),
	       legacy_present(11), hash_add(2, 3));
	return 0;
}
