// expect: by_vpage converted
// expect: by_page converted
// expect: first_tab skipped: the helper inserts into bucket 0, where hash_add() would not
// reason: first_tab use not understood
// expect: mod_tab skipped: the helper picks a bucket by a key modulo a length it is given
// reason: mod_tab use not understood
/*
 * A table passed whole to a helper that visits its buckets by number, with
 * their count: arch/powerpc/kvm/book3s_mmu_hpte.c clears each of its tables
 * with kvmppc_mmu_hpte_init_hash(vcpu3s->hpte_hash_pte,
 * ARRAY_SIZE(vcpu3s->hpte_hash_pte)). After the conversion the table is the
 * same array of buckets, so a helper that only reads or clears bucket i of a
 * loop over them stays as it is. The negatives: a helper that inserts into a
 * bucket it picks by number (hash_add() would put the entry elsewhere), and
 * one that picks a bucket by a key modulo the length it is given.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define PAGE_BITS	4
#define PAGE_NUM	(1 << PAGE_BITS)

struct entry {
	u32 page;
	struct hlist_node vnode;
	struct hlist_node pnode;
	struct hlist_node fnode;
	struct hlist_node mnode;
};

struct mmu {
	struct hlist_head by_vpage[PAGE_NUM];
	struct hlist_head by_page[PAGE_NUM];
	struct hlist_head first_tab[PAGE_NUM];
	struct hlist_head mod_tab[PAGE_NUM];
};

static void init_hash(struct hlist_head *hash_list, int len)
{
	int i;

	for (i = 0; i < len; i++)
		INIT_HLIST_HEAD(&hash_list[i]);
}

static int count_entries(struct hlist_head *list, unsigned int n)
{
	struct hlist_node *node;
	unsigned int i;
	int c = 0;

	for (i = 0; i < n; i++)
		hlist_for_each(node, &list[i])
			c++;
	return c;
}

static void add_first(struct hlist_head *h, struct entry *e)
{
	hlist_add_head(&e->fnode, &h[0]);
}

static int count_mod(struct hlist_head *h, u32 key, int len)
{
	struct hlist_node *node;
	int c = 0;

	hlist_for_each(node, &h[key % len])
		c++;
	return c;
}

static void mmu_init(struct mmu *m)
{
	init_hash(m->by_vpage, ARRAY_SIZE(m->by_vpage));
	init_hash(m->by_page, ARRAY_SIZE(m->by_page));
	init_hash(m->first_tab, ARRAY_SIZE(m->first_tab));
	init_hash(m->mod_tab, PAGE_NUM);
}

static void mmu_map(struct mmu *m, struct entry *e)
{
	hlist_add_head(&e->vnode, &m->by_vpage[hash_32(e->page, PAGE_BITS)]);
	hlist_add_head(&e->pnode, &m->by_page[hash_32(e->page * 3, PAGE_BITS)]);
	add_first(m->first_tab, e);
	hlist_add_head(&e->mnode, &m->mod_tab[e->page & (PAGE_NUM - 1)]);
}

static struct entry *find_vpage(struct mmu *m, u32 page)
{
	struct entry *e;

	hlist_for_each_entry(e, &m->by_vpage[hash_32(page, PAGE_BITS)], vnode)
		if (e->page == page)
			return e;
	return NULL;
}

static struct entry *find_page(struct mmu *m, u32 page)
{
	struct entry *e;

	hlist_for_each_entry(e, &m->by_page[hash_32(page * 3, PAGE_BITS)], pnode)
		if (e->page == page)
			return e;
	return NULL;
}

int main(void)
{
	static struct mmu mmu;
	static struct entry entries[20];
	int i;

	mmu_init(&mmu);
	for (i = 0; i < 20; i++) {
		entries[i].page = 0x100 + i * 17;
		mmu_map(&mmu, &entries[i]);
	}
	for (i = 0; i < 20; i += 4)
		printf("%d: %s %s\n", i, find_vpage(&mmu, entries[i].page) == &entries[i] ? "vpage" : "-",
		       find_page(&mmu, entries[i].page) == &entries[i] ? "page" : "-");
	printf("%d %d %d %d\n", count_entries(mmu.by_vpage, ARRAY_SIZE(mmu.by_vpage)),
	       count_entries(mmu.by_page, PAGE_NUM), count_entries(mmu.first_tab, PAGE_NUM),
	       count_mod(mmu.mod_tab, 0x105, PAGE_NUM));
	return 0;
}
