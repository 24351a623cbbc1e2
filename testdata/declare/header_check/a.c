#include <stdio.h>
#include <linux/list.h>
#include <demo/t.h>
#include <demo/u.h>

struct item {
	unsigned int key;
	struct hlist_node node;
};

static struct tcache tc;
static struct ucache uc;

static void init(void)
{
	int i;

	for (i = 0; i < T_SIZE; i++)
		INIT_HLIST_HEAD(&tc.tbl[i]);
	for (i = 0; i < U_SIZE; i++)
		INIT_HLIST_HEAD(&uc.ubl[i]);
}

static void add_t(struct item *it)
{
	hlist_add_head(&it->node, &tc.tbl[it->key & (T_SIZE - 1)]);
}

static void add_u(struct item *it)
{
	hlist_add_head(&it->node, &uc.ubl[it->key & (U_SIZE - 1)]);
}

static struct item *find_t(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &tc.tbl[key & (T_SIZE - 1)], node)
		if (it->key == key)
			return it;
	return NULL;
}

static struct item *find_u(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &uc.ubl[key & (U_SIZE - 1)], node)
		if (it->key == key)
			return it;
	return NULL;
}

int b_value(int x);
int c_value(int x);

int main(void)
{
	static struct item a = { .key = 3 }, b = { .key = 19 }, c = { .key = 40 };

	init();
	add_t(&a);
	add_t(&b);
	add_u(&c);
	printf("%d %d %d %d %d %d\n", find_t(3) == &a, find_t(19) == &b, find_t(35) == NULL,
	       find_u(40) == &c, b_value(1), c_value(2));
	return 0;
}
