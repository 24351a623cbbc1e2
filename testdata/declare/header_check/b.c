#include <demo/t.h>

/* a function of this name: <linux/hashtable.h> in t.h would break it */
static int hash_add(int x)
{
	return x + sizeof(struct tcache) / sizeof(struct hlist_head);
}

int b_value(int x)
{
	return hash_add(x);
}
