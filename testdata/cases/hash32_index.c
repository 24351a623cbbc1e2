// expect: req_hash converted
// expect: conn_hash converted
/*
 * Buckets picked by the multiplicative hashes of <linux/hash.h>: req_hash
 * with hash_32() of a u32 key, conn_hash with hash_long() of an unsigned
 * long key; both sized "1 << BITS".
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/slab.h>

#define REQ_HASH_BITS	5
#define CONN_HASH_BITS	3

struct request {
	u32 tag;
	int status;
	struct hlist_node hash;
};

struct connection {
	unsigned long cookie;
	unsigned int nr_requests;
	struct hlist_node hash;
};

static struct hlist_head req_hash[1 << REQ_HASH_BITS];
static struct hlist_head conn_hash[1 << CONN_HASH_BITS];

static struct request *req_find(u32 tag)
{
	struct request *rq;

	hlist_for_each_entry(rq, &req_hash[hash_32(tag, REQ_HASH_BITS)], hash)
		if (rq->tag == tag)
			return rq;
	return NULL;
}

static void req_insert(struct request *rq)
{
	hlist_add_head(&rq->hash, &req_hash[hash_32(rq->tag, REQ_HASH_BITS)]);
}

static struct connection *conn_find(unsigned long cookie)
{
	struct connection *c;

	hlist_for_each_entry(c, &conn_hash[hash_long(cookie, CONN_HASH_BITS)], hash)
		if (c->cookie == cookie)
			return c;
	return NULL;
}

static struct connection *conn_get(unsigned long cookie)
{
	struct connection *c = conn_find(cookie);

	if (c)
		return c;
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return NULL;
	c->cookie = cookie;
	hlist_add_head(&c->hash, &conn_hash[hash_long(cookie, CONN_HASH_BITS)]);
	return c;
}

static void conn_put(struct connection *c)
{
	hlist_del(&c->hash);
	kfree(c);
}

static int submit(unsigned long cookie, u32 tag)
{
	struct connection *c = conn_get(cookie);
	struct request *rq;

	if (!c || req_find(tag))
		return -1;
	rq = kzalloc(sizeof(*rq), GFP_KERNEL);
	if (!rq)
		return -1;
	rq->tag = tag;
	req_insert(rq);
	c->nr_requests++;
	return 0;
}

static int complete(u32 tag, int status)
{
	struct request *rq = req_find(tag);

	if (!rq)
		return -1;
	hlist_del_init(&rq->hash);
	status += rq->status;
	kfree(rq);
	return status;
}

int main(void)
{
	static const unsigned long cookies[] = {
		0x1000, 0x2000, 0xdead0000beefUL, 42, 0x1000 + 8,
	};
	unsigned int i;
	u32 tag;
	int sum = 0, dup;

	for (tag = 1; tag <= 300; tag++)
		submit(cookies[tag % 4], tag * 2654435761u);
	dup = submit(cookies[0], 7 * 2654435761u);
	printf("duplicate tag: %d\n", dup);

	for (tag = 1; tag <= 300; tag += 2)
		sum += complete(tag * 2654435761u, (int)(tag % 10));
	printf("completed sum %d, again %d\n", sum, complete(2654435761u, 0));

	for (i = 0; i < ARRAY_SIZE(cookies); i++) {
		struct connection *c = conn_find(cookies[i]);

		printf("conn %#lx: %u requests\n", cookies[i], c ? c->nr_requests : 0);
		if (c)
			conn_put(c);
	}
	for (tag = 2; tag <= 300; tag += 2)
		sum += complete(tag * 2654435761u, 1);
	printf("final sum %d, left %d\n", sum, req_find(2 * 2654435761u) != NULL);
	return 0;
}
