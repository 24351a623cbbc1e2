// config: CONFIG_EXTRA_LISTS=1
// expect: pte_tab converted
// expect: vpte_tab converted
// expect: page_tab converted
// expect: gone_tab skipped: the assignment is in an #ifdef group that the use is not in
// reason: gone_tab index variable "slot" picks buckets of other tables too, and no assignment
// expect: kept_tab skipped: its value also reaches gone_tab's use where CONFIG_EXTRA_LISTS is off
// reason: kept_tab index variable "slot" picks buckets of other tables too, and no assignment
// expect: alt_tab skipped: the assignment just before the use is in an #else branch
// reason: alt_tab index variable "cell" picks buckets of other tables too, and no assignment
// expect: main_tab skipped: the other branch's value reaches alt_tab's use
// reason: main_tab index variable "cell" picks buckets of other tables too, and no assignment
/*
 * One index variable for several tables, with a pair of them under #ifdef
 * (arch/powerpc/kvm/book3s_mmu_hpte.c adds an entry to five tables, the fifth
 * under CONFIG_PPC_BOOK3S_64): an #ifdef line before the assignment opens a
 * group that the use right after it is in too, so the assignment still gives
 * the use its value. The negatives: an assignment in an #ifdef group whose use
 * comes after the #endif (where the option is off, the use sees the value of
 * the table before), and an assignment in the #else branch of a group.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define PTE_BITS	4
#define PTE_SIZE	(1 << PTE_BITS)

struct pte {
	u32 addr;
	u32 page;
	struct hlist_node by_addr;
	struct hlist_node by_page;
	struct hlist_node extra;
};

static struct hlist_head pte_tab[PTE_SIZE];
static struct hlist_head vpte_tab[PTE_SIZE];
static struct hlist_head page_tab[PTE_SIZE];
static struct hlist_head kept_tab[PTE_SIZE];
static struct hlist_head gone_tab[PTE_SIZE];
static struct hlist_head main_tab[PTE_SIZE];
static struct hlist_head alt_tab[PTE_SIZE];

static u32 hash_addr(u32 addr)
{
	return hash_32(addr >> 12, PTE_BITS);
}

static u32 hash_vpage(u32 page)
{
	return hash_32(page & 0xfffff, PTE_BITS);
}

static u32 hash_page(u32 page)
{
	return hash_32(page, PTE_BITS);
}

static void map_pte(struct pte *p)
{
	u32 index;

	index = hash_addr(p->addr);
	hlist_add_head(&p->by_addr, &pte_tab[index]);

#ifdef CONFIG_EXTRA_LISTS
	/* the second list */
	index = hash_vpage(p->page);
	hlist_add_head(&p->by_page, &vpte_tab[index]);
#endif

	index = hash_page(p->page);
#ifdef CONFIG_EXTRA_LISTS
	hlist_add_head(&p->extra, &page_tab[index]);
#endif
}

static void map_kept(struct pte *p)
{
	u32 slot;

	slot = hash_32(p->addr * 3, PTE_BITS);
	hlist_add_head(&p->by_addr, &kept_tab[slot]);
#ifdef CONFIG_EXTRA_LISTS
	slot = hash_32(p->page * 5, PTE_BITS);
#endif
	hlist_add_head(&p->by_page, &gone_tab[slot]);
}

static void map_alt(struct pte *p)
{
	u32 cell;

	cell = hash_32(p->addr * 7, PTE_BITS);
	hlist_add_head(&p->by_addr, &main_tab[cell]);
#ifndef CONFIG_EXTRA_LISTS
	cell = hash_32(p->page * 11, PTE_BITS);
#else
	cell = hash_32(p->page * 13, PTE_BITS);
#endif
	hlist_add_head(&p->by_page, &alt_tab[cell]);
}

static struct pte *find_pte(u32 addr)
{
	struct pte *p;

	hlist_for_each_entry(p, &pte_tab[hash_addr(addr)], by_addr)
		if (p->addr == addr)
			return p;
	return NULL;
}

static struct pte *find_vpte(u32 page)
{
	struct pte *p;

	hlist_for_each_entry(p, &vpte_tab[hash_vpage(page)], by_page)
		if (p->page == page)
			return p;
	return NULL;
}

static struct pte *find_page(u32 page)
{
	struct pte *p;

	hlist_for_each_entry(p, &page_tab[hash_page(page)], extra)
		if (p->page == page)
			return p;
	return NULL;
}

static struct pte *find_kept(u32 addr, u32 page)
{
	struct pte *p;
	int n = 0;

	hlist_for_each_entry(p, &kept_tab[hash_32(addr * 3, PTE_BITS)], by_addr)
		n += p->addr == addr;
	hlist_for_each_entry(p, &gone_tab[hash_32(page * 5, PTE_BITS)], by_page)
		if (p->page == page && n)
			return p;
	return NULL;
}

static struct pte *find_alt(u32 addr, u32 page)
{
	struct pte *p;
	int n = 0;

	hlist_for_each_entry(p, &main_tab[hash_32(addr * 7, PTE_BITS)], by_addr)
		n += p->addr == addr;
	hlist_for_each_entry(p, &alt_tab[hash_32(page * 13, PTE_BITS)], by_page)
		if (p->page == page && n)
			return p;
	return NULL;
}

int main(void)
{
	static struct pte ptes[24], kept[8], alt[8];
	int i;

	for (i = 0; i < 24; i++) {
		ptes[i].addr = 0x10000 + i * 0x1000;
		ptes[i].page = 0x300 + i * 7;
		map_pte(&ptes[i]);
	}
	for (i = 0; i < 8; i++) {
		kept[i].addr = i;
		kept[i].page = i * 9;
		map_kept(&kept[i]);
		alt[i].addr = i * 2;
		alt[i].page = i * 4;
		map_alt(&alt[i]);
	}
	for (i = 0; i < 24; i += 5)
		printf("%d: %s %s %s\n", i, find_pte(ptes[i].addr) == &ptes[i] ? "pte" : "-",
		       find_vpte(ptes[i].page) == &ptes[i] ? "vpte" : "-",
		       find_page(ptes[i].page) == &ptes[i] ? "page" : "-");
	for (i = 0; i < 8; i += 3)
		printf("%d: %s %s\n", i, find_kept(kept[i].addr, kept[i].page) == &kept[i] ? "kept" : "-",
		       find_alt(alt[i].addr, alt[i].page) == &alt[i] ? "alt" : "-");
	return 0;
}
