// expect: tab converted
/*
 * Buckets addressed with pointer arithmetic, "tab + (key & MASK)", instead
 * of "&tab[...]", both where objects are added and where they are looked up.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define TAB_BITS	5
#define TAB_SIZE	(1 << TAB_BITS)
#define TAB_MASK	(TAB_SIZE - 1)

struct symbol {
	unsigned int addr;
	int refs;
	struct hlist_node link;
};

static struct hlist_head tab[TAB_SIZE];

static struct symbol *sym_lookup(unsigned int addr)
{
	struct hlist_head *head = tab + (addr & TAB_MASK);
	struct symbol *sym;

	hlist_for_each_entry(sym, head, link)
		if (sym->addr == addr)
			return sym;
	return NULL;
}

static void sym_ref(unsigned int addr)
{
	struct symbol *sym;

	hlist_for_each_entry(sym, tab + (addr & TAB_MASK), link) {
		if (sym->addr == addr) {
			sym->refs++;
			return;
		}
	}
	sym = kzalloc(sizeof(*sym), GFP_KERNEL);
	if (!sym)
		return;
	sym->addr = addr;
	sym->refs = 1;
	hlist_add_head(&sym->link, tab + (addr & TAB_MASK));
}

static void sym_unref(unsigned int addr)
{
	struct symbol *sym = sym_lookup(addr);

	if (sym && !--sym->refs) {
		hlist_del(&sym->link);
		kfree(sym);
	}
}

int main(void)
{
	static const unsigned int probe[] = { 0x1000, 0x1020, 0x1040, 0x2000, 0x1001 };
	unsigned int a, i, live = 0;
	struct symbol *sym;

	for (a = 0x1000; a < 0x3000; a += 0x20)
		sym_ref(a);
	for (a = 0x1000; a < 0x3000; a += 0x40)
		sym_ref(a);
	for (a = 0x1000; a < 0x3000; a += 0x60)
		sym_unref(a);

	for (i = 0; i < ARRAY_SIZE(probe); i++) {
		sym = sym_lookup(probe[i]);
		printf("%#x: %d\n", probe[i], sym ? sym->refs : 0);
	}
	for (a = 0x1000; a < 0x3000; a += 0x20)
		if (sym_lookup(a))
			live++;
	printf("live %u\n", live);

	for (a = 0x1000; a < 0x3000; a += 0x20) {
		sym_unref(a);
		sym_unref(a);
	}
	printf("after release: %d\n", sym_lookup(0x1040) != NULL);
	return 0;
}
