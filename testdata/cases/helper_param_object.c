// expect: tab skipped: the helper takes the size of its parameter
// reason: tab it takes the type or size of its parameter "addr"
/*
 * A bucket helper that hashes sizeof(addr) / 2 bytes of an array parameter (a
 * pointer: 4 bytes on 64 bits): written over a call, sizeof() would be of
 * what the call gives, the six bytes of an array member at one call and a
 * pointer at another.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/jhash.h>
#include <linux/string.h>
#define SIZE 16
struct item { u8 addr[6]; struct hlist_node node; };
static struct hlist_head tab[SIZE];
static struct hlist_head *bucket(const u8 addr[4])
{
	return &tab[jhash(addr, sizeof(addr) / 2, 0) & (SIZE - 1)];
}
static int find(const u8 *a)
{
	struct item *it; int f = 0;
	hlist_for_each_entry(it, bucket(a), node) f += !memcmp(it->addr, a, 4);
	return f;
}
int main(void)
{
	static struct item its[8]; int i, f = 0;
	for (i = 0; i < 8; i++) { its[i].addr[0] = i; its[i].addr[1] = 3 * i; hlist_add_head(&its[i].node, bucket(its[i].addr)); }
	for (i = 0; i < 8; i++) { u8 probe[6] = { i, 3 * i, 0, 0, 200, 0 }; f += find(probe); }
	printf("found %d of 8\n", f);
	return 0;
}
