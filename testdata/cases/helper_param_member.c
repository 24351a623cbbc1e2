// expect: tab skipped: the helper gives its parameter to a macro that takes it as a member name
// reason: tab it gives its parameter "k" to FIELD(), which may take it as a member name
/*
 * A bucket helper whose key is FIELD(k, k) of #define FIELD(p, f) ((p)->f):
 * written over a call bucket(id), the key would be FIELD(id, id), which reads
 * the member id, not k (every lookup missed).
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#define BITS 4
struct item { u32 k; u32 id; struct hlist_node node; };
static struct hlist_head tab[1 << BITS];
#define FIELD(p, f) ((p)->f)
static struct hlist_head *bucket(const struct item *k) { return &tab[hash_32(FIELD(k, k), BITS)]; }
static void add(struct item *id) { hlist_add_head(&id->node, bucket(id)); }
static int find(u32 key)
{
	struct item probe = { .k = key, .id = 99 }, *id = &probe;
	struct item *it; int f = 0;
	hlist_for_each_entry(it, bucket(id), node) f += it->k == key;
	return f;
}
int main(void)
{
	static struct item its[8]; int i, f = 0;
	for (i = 0; i < 8; i++) { its[i].k = i * 7; its[i].id = i; add(&its[i]); }
	for (i = 0; i < 8; i++) f += find(i * 7);
	printf("found %d of 8\n", f);
	return 0;
}
