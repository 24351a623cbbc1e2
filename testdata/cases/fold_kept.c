// expect: page_tab converted: its helper stays, without its hash (several addresses share a page)
// expect: mixed_tab converted: its fold is one-to-one, so the helper goes
// expect: shift_tab converted: the key is (id >> 3) + id, which ids that differ share
// expect: step_tab converted: its fold is one-to-one through a local
/*
 * A helper that hashes a fold of its one key: the fold goes with the hash only
 * if it is one-to-one (v ^ (v >> 16), v * odd, v + c): keys that shared a
 * bucket then still do. arch/powerpc/kvm/book3s_mmu_hpte.c hashes eaddr >> 12,
 * and its flush looks up a page: (pte->eaddr & ~0xfff) == page. Without the
 * shift, the entries of a page would be in other buckets than the page's own
 * and the lookup would miss them. So such a helper stays, without its hash,
 * and the key is what it returns.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define TAB_BITS	4
#define TAB_SIZE	(1 << TAB_BITS)

struct entry {
	u32 addr;
	u32 id;
	struct hlist_node page_node;
	struct hlist_node mixed_node;
	struct hlist_node shift_node;
	struct hlist_node step_node;
};

static struct hlist_head page_tab[TAB_SIZE];
static struct hlist_head mixed_tab[TAB_SIZE];
static struct hlist_head shift_tab[TAB_SIZE];
static struct hlist_head step_tab[TAB_SIZE];

static u32 page_hash(u32 addr)
{
	return hash_32(addr >> 12, TAB_BITS);
}

static u32 mixed_hash(u32 id)
{
	return hash_32((id ^ (id >> 16)) * 0x45d9f3bu + 7, TAB_BITS);
}

static unsigned int shift_hash(u32 id)
{
	return ((id >> 3) + id) & (TAB_SIZE - 1);
}

static u32 step_hash(u32 id)
{
	u32 h = id + 0x1234;

	h ^= h >> 7;
	h *= 0x2545f491u;
	return hash_32(h, TAB_BITS);
}

static void add(struct entry *e)
{
	hlist_add_head(&e->page_node, &page_tab[page_hash(e->addr)]);
	hlist_add_head(&e->mixed_node, &mixed_tab[mixed_hash(e->id)]);
	hlist_add_head(&e->shift_node, &shift_tab[shift_hash(e->id)]);
	hlist_add_head(&e->step_node, &step_tab[step_hash(e->id)]);
}

/* every entry of the page of addr */
static int count_page(u32 page)
{
	struct entry *e;
	int n = 0;

	hlist_for_each_entry(e, &page_tab[page_hash(page)], page_node)
		if ((e->addr & ~0xfffu) == page)
			n++;
	return n;
}

static struct entry *find_mixed(u32 id)
{
	struct entry *e;

	hlist_for_each_entry(e, &mixed_tab[mixed_hash(id)], mixed_node)
		if (e->id == id)
			return e;
	return NULL;
}

/* every entry whose id folds to the same value as id */
static int count_shift(u32 id)
{
	struct entry *e;
	int n = 0;

	hlist_for_each_entry(e, &shift_tab[shift_hash(id)], shift_node)
		if ((e->id >> 3) + e->id == (id >> 3) + id)
			n++;
	return n;
}

static struct entry *find_step(u32 id)
{
	struct entry *e;

	hlist_for_each_entry(e, &step_tab[step_hash(id)], step_node)
		if (e->id == id)
			return e;
	return NULL;
}

int main(void)
{
	static struct entry entries[40];
	int i;

	for (i = 0; i < 40; i++) {
		entries[i].addr = 0x40000 + (i / 4) * 0x1000 + i * 16;
		/* (id >> 3) + id wraps: 0xe38e38e4 folds to 0, as id 0 of entries[0] does */
		entries[i].id = i == 1 ? 0xe38e38e4u : i * 3;
		add(&entries[i]);
	}
	for (i = 0; i < 40; i += 3)
		printf("%d: page %d, mixed %s, shift %d, step %s\n", i,
		       count_page(0x40000 + (i / 4) * 0x1000),
		       find_mixed(entries[i].id) == &entries[i] ? "found" : "-",
		       count_shift(entries[i].id),
		       find_step(entries[i].id) == &entries[i] ? "found" : "-");
	return 0;
}
