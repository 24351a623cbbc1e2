// expect: conn_hash converted
// expect: slot_hash converted
// expect: twice_hash skipped: its bucket number is assigned twice
// reason: twice_hash which is not one reduced key that its caller also indexes twice_hash with
// expect: chain_hash skipped: the bucket number comes from the caller's caller
// reason: chain_hash that its caller was given
/*
 * Bucket numbers handed to a function (fs/dlm/lowcomms.c): __find_con(nodeid, r)
 * walks &conn_hash[r], and every caller computes r = nodeid_hash(nodeid) or
 * passes nodeid_hash(nodeid) itself. The callee has the key in another
 * argument, so r goes and the callee hashes nodeid; the callers' r keeps
 * the key. slot_put(s, idx) only inserts into bucket idx: idx becomes the
 * key. twice_hash's caller assigns its bucket number twice, and chain_hash's
 * bucket number is handed on from a parameter: both stay.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

#define CONN_HASH_SIZE	32
#define SLOT_HASH_SIZE	8

struct conn {
	int nodeid;
	struct hlist_node list;
};

struct slot {
	unsigned int id;
	struct hlist_node node;
};

static struct hlist_head conn_hash[CONN_HASH_SIZE];
static struct hlist_head slot_hash[SLOT_HASH_SIZE];
static struct hlist_head twice_hash[SLOT_HASH_SIZE];
static struct hlist_head chain_hash[SLOT_HASH_SIZE];

static inline int nodeid_hash(int nodeid)
{
	return nodeid & (CONN_HASH_SIZE - 1);
}

static struct conn *__find_con(int nodeid, int r)
{
	struct conn *con;

	hlist_for_each_entry_rcu(con, &conn_hash[r], list) {
		if (con->nodeid == nodeid)
			return con;
	}
	return NULL;
}

static struct conn *nodeid2con(int nodeid, bool alloc)
{
	struct conn *con, *tmp;
	int r;

	r = nodeid_hash(nodeid);
	con = __find_con(nodeid, r);
	if (con || !alloc)
		return con;
	con = kzalloc(sizeof(*con), GFP_KERNEL);
	con->nodeid = nodeid;
	tmp = __find_con(nodeid, r);
	if (tmp) {
		kfree(con);
		return tmp;
	}
	hlist_add_head_rcu(&con->list, &conn_hash[r]);
	return con;
}

static bool con_exists(int nodeid)
{
	return __find_con(nodeid, nodeid_hash(nodeid)) != NULL;
}

static void slot_put(struct slot *s, unsigned int idx)
{
	hlist_add_head(&s->node, &slot_hash[idx]);
}

static struct slot *slot_get(unsigned int id)
{
	unsigned int idx = id % SLOT_HASH_SIZE;
	struct slot *s;

	hlist_for_each_entry(s, &slot_hash[idx], node)
		if (s->id == id)
			return s;
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	s->id = id;
	slot_put(s, idx);
	return s;
}

static struct slot *twice_find(unsigned int id, unsigned int b)
{
	struct slot *s;

	hlist_for_each_entry(s, &twice_hash[b], node)
		if (s->id == id)
			return s;
	return NULL;
}

static struct slot *twice_get(unsigned int id)
{
	unsigned int b = id & (SLOT_HASH_SIZE - 1);
	struct slot *s = twice_find(id, b);

	if (!s) {
		s = kzalloc(sizeof(*s), GFP_KERNEL);
		s->id = id;
		b = id % SLOT_HASH_SIZE;
		hlist_add_head(&s->node, &twice_hash[b]);
	}
	return s;
}

static struct slot *chain_find(unsigned int id, unsigned int b)
{
	struct slot *s;

	hlist_for_each_entry(s, &chain_hash[b], node)
		if (s->id == id)
			return s;
	return NULL;
}

static struct slot *chain_find_via(unsigned int id, unsigned int b)
{
	return chain_find(id, b);
}

static struct slot *chain_get(unsigned int id)
{
	unsigned int b = id & (SLOT_HASH_SIZE - 1);
	struct slot *s = chain_find_via(id, b);

	if (!s) {
		s = kzalloc(sizeof(*s), GFP_KERNEL);
		s->id = id;
		hlist_add_head(&s->node, &chain_hash[b]);
	}
	return s;
}

int main(void)
{
	static const unsigned int ids[] = { 1, 9, 17, 4, 9, 100, 33, 1 };
	struct hlist_node *tmp;
	struct slot *s;
	struct conn *c;
	int i, n = 0;

	for (i = 0; i < 100; i += 7)
		nodeid2con(i, true);
	for (i = 0; i < 100; i++)
		n += con_exists(i);
	printf("conns %d, 14 again: %s\n", n, nodeid2con(14, false) ? "found" : "missing");
	for (i = 0; i < (int)ARRAY_SIZE(ids); i++) {
		slot_get(ids[i]);
		twice_get(ids[i]);
		chain_get(ids[i]);
	}
	for (i = 0; i < (int)ARRAY_SIZE(ids); i++)
		printf("%u: %u %u %u\n", ids[i], slot_get(ids[i])->id, twice_get(ids[i])->id,
		       chain_get(ids[i])->id);
	for (i = 0; i < CONN_HASH_SIZE; i++)
		hlist_for_each_entry_safe(c, tmp, &conn_hash[i], list)
			kfree(c);
	for (i = 0; i < SLOT_HASH_SIZE; i++) {
		hlist_for_each_entry_safe(s, tmp, &slot_hash[i], node)
			kfree(s);
		hlist_for_each_entry_safe(s, tmp, &twice_hash[i], node)
			kfree(s);
		hlist_for_each_entry_safe(s, tmp, &chain_hash[i], node)
			kfree(s);
	}
	return 0;
}
