// expect: slots skipped: another table in this file is also called "slots"
// reason: slots another table in this file is also called "slots"
/*
 * Two structs each carry a table called "slots", of different sizes. Uses
 * of p->slots cannot be told apart by name, so neither may be converted.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct item {
	unsigned int key;
	struct hlist_node node;
};

struct small_set {
	struct hlist_head slots[8];
};

struct big_set {
	struct hlist_head slots[16];
};

static void small_add(struct small_set *s, struct item *it)
{
	hlist_add_head(&it->node, &s->slots[it->key & 7]);
}

static void big_add(struct big_set *b, struct item *it)
{
	hlist_add_head(&it->node, &b->slots[it->key & 15]);
}

static int small_has(struct small_set *s, unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &s->slots[key & 7], node)
		if (it->key == key)
			return 1;
	return 0;
}

static int big_has(struct big_set *b, unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &b->slots[key & 15], node)
		if (it->key == key)
			return 1;
	return 0;
}

int main(void)
{
	static struct small_set s;
	static struct big_set b;
	static struct item items[20];
	unsigned int i;

	for (i = 0; i < 20; i++) {
		items[i].key = i * 3;
		if (i % 2)
			small_add(&s, &items[i]);
		else
			big_add(&b, &items[i]);
	}
	for (i = 0; i < 60; i += 3)
		printf("%u: small %d big %d\n", i, small_has(&s, i), big_has(&b, i));
	return 0;
}
