// expect: sess_table converted
/*
 * A table whose size and mask are bare literals: 16 buckets, the bucket
 * picked with "& 15" at every keyed site.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

struct session {
	u32 sid;
	u32 bytes;
	struct hlist_node hnode;
};

static struct hlist_head sess_table[16];

static struct session *sess_find(u32 sid)
{
	struct session *s;

	hlist_for_each_entry(s, &sess_table[sid & 15], hnode) {
		if (s->sid == sid)
			return s;
	}
	return NULL;
}

static int sess_open(u32 sid)
{
	struct session *s;

	if (sess_find(sid))
		return -1;
	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -1;
	s->sid = sid;
	s->bytes = 0;
	hlist_add_head(&s->hnode, &sess_table[sid & 15]);
	return 0;
}

static void sess_close(u32 sid)
{
	struct session *s = sess_find(sid);

	if (s) {
		hlist_del_init(&s->hnode);
		kfree(s);
	}
}

int main(void)
{
	static const u32 probe[] = { 3, 19, 35, 51, 4, 1000003, 0x80000003 };
	unsigned int i;
	u32 sid, total = 0;
	struct session *s;

	for (sid = 3; sid < 3 + 16 * 40; sid += 8)
		sess_open(sid);
	sess_open(1000003);
	sess_open(0x80000003);
	printf("reopen 19: %d\n", sess_open(19));

	for (sid = 0; sid < 1000; sid++) {
		s = sess_find(sid);
		if (s)
			s->bytes += sid;
	}
	for (sid = 3; sid < 3 + 16 * 40; sid += 24)
		sess_close(sid);

	for (i = 0; i < ARRAY_SIZE(probe); i++) {
		s = sess_find(probe[i]);
		printf("session %u: %s %u\n", probe[i], s ? "open" : "closed", s ? s->bytes : 0);
	}
	for (sid = 0; sid < 1000; sid++) {
		s = sess_find(sid);
		if (s)
			total += s->bytes;
	}
	printf("total %u\n", total);

	for (sid = 0; sid < 1000; sid++)
		sess_close(sid);
	sess_close(1000003);
	sess_close(0x80000003);
	return 0;
}
