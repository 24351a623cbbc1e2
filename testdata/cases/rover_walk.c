// expect: bucket converted
/*
 * A sweep that resumes where the last one left off (ipvs lblc/lblcr): the
 * bucket number it stopped at is kept in a field of the table's struct
 * (tbl->rover), and each step goes to the next bucket, wrapping with the
 * table's mask: j = (j + 1) & MASK. The number only ever names buckets in
 * turn, whatever the hash: the sweep stays open-coded and the table converts.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>

#define TAB_BITS	4
#define TAB_SIZE	(1 << TAB_BITS)
#define TAB_MASK	(TAB_SIZE - 1)

struct entry {
	u32 addr;
	int age;
	struct hlist_node list;
};

struct table {
	struct hlist_head bucket[TAB_SIZE];
	int rover;
	int entries;
};

static void entry_add(struct table *tbl, struct entry *en)
{
	unsigned int hash = hash_32(en->addr, TAB_BITS);

	hlist_add_head(&en->list, &tbl->bucket[hash]);
	tbl->entries++;
}

static struct entry *entry_get(struct table *tbl, u32 addr)
{
	unsigned int hash = hash_32(addr, TAB_BITS);
	struct entry *en;

	hlist_for_each_entry(en, &tbl->bucket[hash], list)
		if (en->addr == addr)
			return en;
	return NULL;
}

/* drop every entry older than max_age, starting after the bucket of the last sweep */
static void table_expire(struct table *tbl, int max_age)
{
	struct entry *en;
	struct hlist_node *next;
	int i, j;

	for (i = 0, j = tbl->rover; i < TAB_SIZE; i++) {
		j = (j + 1) & TAB_MASK;
		hlist_for_each_entry_safe(en, next, &tbl->bucket[j], list) {
			if (en->age <= max_age)
				continue;
			hlist_del(&en->list);
			tbl->entries--;
		}
	}
	tbl->rover = j;
}

static void table_init(struct table *tbl)
{
	int i;

	for (i = 0; i < TAB_SIZE; i++)
		INIT_HLIST_HEAD(&tbl->bucket[i]);
	tbl->rover = 0;
	tbl->entries = 0;
}

int main(void)
{
	static struct table tbl;
	static struct entry ens[40];
	int i, found = 0;

	table_init(&tbl);
	for (i = 0; i < 40; i++) {
		ens[i].addr = 0x0a000000u + i * 977;
		ens[i].age = i % 7;
		entry_add(&tbl, &ens[i]);
	}
	table_expire(&tbl, 4);
	table_expire(&tbl, 2);
	for (i = 0; i < 40; i++)
		found += entry_get(&tbl, 0x0a000000u + i * 977) != NULL;
	printf("entries %d found %d\n", tbl.entries, found);
	return 0;
}
