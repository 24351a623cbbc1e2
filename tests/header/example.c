// SPDX-License-Identifier: GPL-2.0
/*
 * A small tour of <linux/hashtable.h>: a table of users keyed by uid.
 * Build and run with `make demo`.
 */
#include <linux/hashtable.h>

struct user {
	unsigned int uid;
	const char *name;
	struct hlist_node node;		/* links the user into its bucket */
};

/* 2^3 = 8 buckets, statically initialised */
static DEFINE_HASHTABLE(users, 3);

static struct user *find_user(unsigned int uid)
{
	struct user *u;

	hash_for_each_possible(users, u, node, uid)
		if (u->uid == uid)
			return u;
	return NULL;
}

int main(void)
{
	static struct user people[] = {
		{ .uid = 0, .name = "root" },
		{ .uid = 33, .name = "www-data" },
		{ .uid = 1000, .name = "alice" },
		{ .uid = 1001, .name = "bob" },
		{ .uid = 65534, .name = "nobody" },
	};
	struct user *u;
	unsigned int i;
	int bkt;

	for (i = 0; i < ARRAY_SIZE(people); i++)
		hash_add(users, &people[i].node, people[i].uid);

	printf("table of %zu buckets (%d bits), %zu users\n",
	       HASH_SIZE(users), HASH_BITS(users), ARRAY_SIZE(people));

	u = find_user(1000);
	printf("lookup uid 1000: %s\n", u ? u->name : "(none)");
	u = find_user(42);
	printf("lookup uid 42: %s\n", u ? u->name : "(none)");

	printf("walk:\n");
	hash_for_each(users, bkt, u, node)
		printf("  bucket %d: uid %5u  %s\n", bkt, u->uid, u->name);

	hash_del(&people[3].node);
	printf("after deleting bob: lookup uid 1001: %s\n",
	       find_user(1001) ? "found" : "(none)");
	return 0;
}
