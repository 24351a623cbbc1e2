// expect: tab skipped: the helper takes the address of its parameter
// reason: tab it takes the address of its parameter "k"
/*
 * A bucket helper that hashes the bytes of its u64 parameter (jhash(&k,
 * sizeof(k), 0)) given a u32 field: written over the call, &((u64)its[i].id)
 * is no lvalue.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/jhash.h>
#define SIZE 16
struct item { u32 id; struct hlist_node node; };
static struct hlist_head tab[SIZE];
static struct hlist_head *bucket(u64 k)
{
	return &tab[jhash(&k, sizeof(k), 0) & (SIZE - 1)];
}
static int find(u64 id)
{
	struct item *it; int f = 0;
	hlist_for_each_entry(it, bucket(id), node) f += it->id == id;
	return f;
}
int main(void)
{
	static struct item its[8]; int i, f = 0;
	for (i = 0; i < 8; i++) { its[i].id = i * 7 + 1; hlist_add_head(&its[i].node, bucket(its[i].id)); }
	for (i = 0; i < 8; i++) f += find(i * 7 + 1);
	printf("found %d of 8\n", f);
	return 0;
}
