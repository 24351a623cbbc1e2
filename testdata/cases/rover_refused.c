// expect: half skipped: the step wraps with a mask that is not the table's
// reason: half bucket number "j" is read as a number
// expect: keyed skipped: the rover is given a bucket computed from a key
// reason: keyed index "tbl->keyed_rover" is not a masked or hashed key
/*
 * Resumed sweeps that depend on where the hash put the entries.
 * half: the step wraps with a mask of half the table (j = (j + 1) & 7 over
 * 16 buckets): the sweep sees only the buckets 0 to 7, and which entries sit
 * there changes with the hash.
 * keyed: the sweep resumes at the bucket of the last entry added
 * (rover = hash_32(addr, B)): a bucket number computed from a key.
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
	struct hlist_node list;
};

struct table {
	struct hlist_head half[TAB_SIZE];
	struct hlist_head keyed[TAB_SIZE];
	int rover, keyed_rover;
};

static void entry_add(struct table *tbl, struct entry *en, struct entry *twin)
{
	unsigned int hash = hash_32(en->addr, TAB_BITS);

	hlist_add_head(&en->list, &tbl->half[hash]);
	hlist_add_head(&twin->list, &tbl->keyed[hash_32(twin->addr, TAB_BITS)]);
	tbl->keyed_rover = hash_32(twin->addr, TAB_BITS);
}

static int half_count(struct table *tbl)
{
	struct entry *en;
	int i, j, n = 0;

	for (i = 0, j = tbl->rover; i < TAB_SIZE; i++) {
		j = (j + 1) & 7;
		hlist_for_each_entry(en, &tbl->half[j], list)
			n++;
	}
	tbl->rover = j;
	return n;
}

static int keyed_count(struct table *tbl)
{
	struct entry *en;
	int i, j, n = 0;

	for (i = 0, j = tbl->keyed_rover; i < 4; i++) {
		j = (j + 1) & TAB_MASK;
		hlist_for_each_entry(en, &tbl->keyed[j], list)
			n++;
	}
	return n;
}

int main(void)
{
	static struct table tbl;
	static struct entry ens[24], twins[24];
	int i;

	for (i = 0; i < TAB_SIZE; i++) {
		INIT_HLIST_HEAD(&tbl.half[i]);
		INIT_HLIST_HEAD(&tbl.keyed[i]);
	}
	for (i = 0; i < 24; i++) {
		ens[i].addr = twins[i].addr = 0x0a000000u + i * 977;
		entry_add(&tbl, &ens[i], &twins[i]);
	}
	printf("half %d keyed %d\n", half_count(&tbl), keyed_count(&tbl));
	return 0;
}
