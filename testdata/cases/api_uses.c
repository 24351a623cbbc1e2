// expect: sessions converted
/*
 * A table whose accesses already use <linux/hashtable.h>, declared as an open-coded
 * array (drivers/gpu/drm/i915/gvt's ptable): only its declaration changes.
 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hashtable.h>

#define SESSION_BITS	3
#define NR_SESSIONS	(1 << SESSION_BITS)

struct session {
	u32 id;
	int opened;
	struct hlist_node node;
};

static struct hlist_head sessions[NR_SESSIONS];

static struct session *find_session(u32 id)
{
	struct session *s;

	hash_for_each_possible(sessions, s, node, id)
		if (s->id == id)
			return s;
	return NULL;
}

static void add_session(struct session *s)
{
	hash_add(sessions, &s->node, s->id);
}

static int count_sessions(void)
{
	struct session *s;
	int bkt, n = 0;

	hash_for_each(sessions, bkt, s, node)
		n += s->opened;
	return n;
}

static int longest_chain(void)
{
	struct session *s;
	int i, most = 0;

	for (i = 0; i < NR_SESSIONS; i++) {
		int n = 0;

		hlist_for_each_entry(s, &sessions[i], node)
			n++;
		if (n > most)
			most = n;
	}
	return most;
}

int main(void)
{
	static struct session all[20];
	int i;

	for (i = 0; i < 20; i++) {
		all[i].id = i * 37;
		all[i].opened = i;
		add_session(&all[i]);
	}
	hash_del(&all[3].node);
	printf("%d %d %d %d\n", count_sessions(), find_session(37) != NULL,
	       find_session(111) != NULL, longest_chain());
	return 0;
}
