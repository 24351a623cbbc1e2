// expect: macro_tab skipped: a statement macro counts every entry
// expect: flag_tab skipped: a flag set on two paths
// expect: depth_tab skipped: a count kept from entry to entry
// expect: side_tab skipped: a comparison function of the file that writes
// expect: ref_tab skipped: a reference taken before the key is tested
// expect: global_tab skipped: a variable of the file stored before the test
// expect: polarity_tab skipped: a function true when the keys differ
// expect: range_tab skipped: a range test behind a function
// expect: alias_tab skipped: a field the entry was not added by
// expect: cut_tab skipped: a part of the key compared
// expect: pointer_tab skipped: the key changed through its address
// expect: rekey_tab skipped: the key of an entry changed in place
// expect: chain_tab skipped: the entry after the match returned
// expect: resume_tab skipped: the walk resumed after the match
// expect: global_key_tab skipped: a key part that the file changes, not compared
// expect: dup_tab skipped: an entry about to be added, compared by another field
// reason: macro_tab the walk of the bucket of "key" is no lookup ("COUNT_PROBE;" comes before a test of "key")
// reason: flag_tab the walk of the bucket of "key" is no lookup ("match = it->key == key;" comes before a test of "key")
// reason: depth_tab the walk of the bucket of "key" is no lookup ("depth = depth + 1;" comes before a test of "key")
// reason: side_tab the walk of the bucket of "key" is no lookup (the test calls probe_match() before a test of "key")
// reason: ref_tab the walk of the bucket of "key" is no lookup (the test calls atomic_inc_not_zero() before a test of "key")
// reason: global_tab the walk of the bucket of "key" is no lookup ("last_seen = it->key;" comes before a test of "key")
// reason: polarity_tab the walk of the bucket of "key" is no lookup ("n++;" comes before a test of "key")
// reason: range_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// reason: alias_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// reason: cut_tab the walk of the bucket of "key" is no lookup ("return" comes before a test of "key")
// reason: pointer_tab the walk of the bucket of "key" is no lookup (it changes "key")
// reason: rekey_tab the walk of the bucket of "key" is no lookup (it changes the key of an entry (it->key))
// reason: chain_tab the walk of the bucket of "key" is no lookup (it reads the chain (node.next))
// reason: resume_tab the walk of the bucket of "key" is no lookup (the walk goes on after it (hlist_for_each_entry_continue()))
// reason: global_key_tab the walk of the bucket of "key ^ cur_ns" is no lookup ("return" comes before a test of "cur_ns", "key")
// reason: dup_tab the walk of the bucket of "head" is no lookup ("return" comes before a test of "key")
/*
 * A fourth review's walks that the first reading of lookups converted, with
 * the program's output changed: effects it did not see (a statement macro,
 * a flag or a count carried from entry to entry, a comparison function that
 * writes, a reference taken first, a store to a variable of the file), tests
 * that are not of the key (true when the keys differ, a range, an alias, a
 * part of the key, another field of an entry about to be added, a part of the
 * key the file changes) and walks that change the key or leave the key's
 * entries (the key through its address, an entry re-keyed in place, the next
 * entry of the chain, a walk resumed after the match). Each is refused.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/atomic.h>

#define TAB_SIZE	16
#define TAB_MASK	(TAB_SIZE - 1)

struct item {
	unsigned int key;
	unsigned int owner;
	unsigned int alias;
	unsigned int len;
	unsigned int probes;
	atomic_t refs;
	struct hlist_node node;
};

static struct hlist_head macro_tab[TAB_SIZE];
static struct hlist_head flag_tab[TAB_SIZE];
static struct hlist_head depth_tab[TAB_SIZE];
static struct hlist_head side_tab[TAB_SIZE];
static struct hlist_head ref_tab[TAB_SIZE];
static struct hlist_head global_tab[TAB_SIZE];
static struct hlist_head polarity_tab[TAB_SIZE];
static struct hlist_head range_tab[TAB_SIZE];
static struct hlist_head alias_tab[TAB_SIZE];
static struct hlist_head cut_tab[TAB_SIZE];
static struct hlist_head pointer_tab[TAB_SIZE];
static struct hlist_head rekey_tab[TAB_SIZE];
static struct hlist_head chain_tab[TAB_SIZE];
static struct hlist_head resume_tab[TAB_SIZE];
static struct hlist_head global_key_tab[TAB_SIZE];
static struct hlist_head dup_tab[TAB_SIZE];

static unsigned int probes, last_seen, cur_ns;

#define COUNT_PROBE	probes++

static int probe_match(struct item *it, unsigned int key)
{
	it->probes++;
	return it->key == key;
}

static int key_mismatch(const struct item *it, unsigned int key)
{
	return it->key != key;
}

static int item_contains(const struct item *it, unsigned int k)
{
	return k >= it->key && k < it->key + it->len;
}

static void next_key(unsigned int *k)
{
	*k += 16;
}

static struct item *macro_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &macro_tab[key & TAB_MASK], node) {
		COUNT_PROBE;
		if (it->key == key)
			return it;
	}
	return NULL;
}

static struct item *flag_find(unsigned int key)
{
	struct item *it;
	int match;

	hlist_for_each_entry(it, &flag_tab[key & TAB_MASK], node) {
		if (it->owner == 9)
			match = 1;
		else
			match = it->key == key;
		if (match)
			return it;
	}
	return NULL;
}

static unsigned int depth_of(unsigned int key)
{
	struct item *it;
	unsigned int depth = 0;

	hlist_for_each_entry(it, &depth_tab[key & TAB_MASK], node) {
		depth = depth + 1;
		if (it->key != key)
			continue;
		return depth;
	}
	return 0;
}

static struct item *side_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &side_tab[key & TAB_MASK], node)
		if (probe_match(it, key))
			return it;
	return NULL;
}

static struct item *ref_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &ref_tab[key & TAB_MASK], node)
		if (atomic_inc_not_zero(&it->refs) && it->key == key)
			return it;
	return NULL;
}

static struct item *global_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &global_tab[key & TAB_MASK], node) {
		last_seen = it->key;
		if (it->key == key)
			return it;
	}
	return NULL;
}

static unsigned int polarity_of(unsigned int key)
{
	struct item *it;
	unsigned int n = 0;

	hlist_for_each_entry(it, &polarity_tab[key & TAB_MASK], node)
		if (key_mismatch(it, key))
			n++;
	return n;
}

static struct item *range_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &range_tab[key & TAB_MASK], node)
		if (item_contains(it, key))
			return it;
	return NULL;
}

static struct item *alias_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &alias_tab[key & TAB_MASK], node)
		if (it->key == key || it->alias == key)
			return it;
	return NULL;
}

static struct item *cut_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &cut_tab[key & TAB_MASK], node)
		if (it->key == (u8)key)
			return it;
	return NULL;
}

static unsigned int pointer_count(unsigned int key)
{
	struct item *it;
	unsigned int n = 0;

	hlist_for_each_entry(it, &pointer_tab[key & TAB_MASK], node) {
		if (it->key == key) {
			n++;
			next_key(&key);
		}
	}
	return n;
}

static struct item *rekey_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &rekey_tab[key & TAB_MASK], node) {
		if (it->key == key) {
			it->key = key + 64;
			return it;
		}
	}
	return NULL;
}

static struct item *chain_next(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &chain_tab[key & TAB_MASK], node)
		if (it->key == key)
			return hlist_entry_safe(it->node.next, struct item, node);
	return NULL;
}

static unsigned int resume_count(unsigned int key)
{
	struct item *it;
	unsigned int n = 0;

	hlist_for_each_entry(it, &resume_tab[key & TAB_MASK], node)
		if (it->key == key)
			break;
	if (!it)
		return 0;
	hlist_for_each_entry_continue(it, node)
		n++;
	return n;
}

static struct item *global_key_find(unsigned int key)
{
	struct item *it;

	hlist_for_each_entry(it, &global_key_tab[(key ^ cur_ns) & TAB_MASK], node)
		if (it->key == key)
			return it;
	return NULL;
}

static int dup_add(struct item *new)
{
	unsigned int key = new->key;
	struct hlist_head *head = &dup_tab[key & TAB_MASK];
	struct item *it;

	hlist_for_each_entry(it, head, node)
		if (it->owner == new->owner)
			return -1;
	hlist_add_head(&new->node, head);
	return 0;
}

#define NTABS	16
static struct item items[NTABS][6];

static long at(const struct item *it, int t)
{
	return it ? (long)(it - items[t]) : -1L;
}

int main(void)
{
	static const unsigned int keys[] = { 1, 17, 33, 9, 30, 22 };
	static const unsigned int probe[] = { 1, 2, 17, 33, 49, 9, 30 };
	unsigned int t, i;

	for (t = 0; t < NTABS; t++)
		for (i = 0; i < 6; i++) {
			items[t][i].key = keys[i];
			items[t][i].owner = 9 - i % 2;
			items[t][i].alias = keys[(i + 1) % 6];
			items[t][i].len = 20;
			atomic_set(&items[t][i].refs, 1);
		}
	for (i = 0; i < 6; i++) {
		hlist_add_head(&items[0][i].node, &macro_tab[items[0][i].key & TAB_MASK]);
		hlist_add_head(&items[1][i].node, &flag_tab[items[1][i].key & TAB_MASK]);
		hlist_add_head(&items[2][i].node, &depth_tab[items[2][i].key & TAB_MASK]);
		hlist_add_head(&items[3][i].node, &side_tab[items[3][i].key & TAB_MASK]);
		hlist_add_head(&items[4][i].node, &ref_tab[items[4][i].key & TAB_MASK]);
		hlist_add_head(&items[5][i].node, &global_tab[items[5][i].key & TAB_MASK]);
		hlist_add_head(&items[6][i].node, &polarity_tab[items[6][i].key & TAB_MASK]);
		hlist_add_head(&items[7][i].node, &range_tab[items[7][i].key & TAB_MASK]);
		hlist_add_head(&items[8][i].node, &alias_tab[items[8][i].key & TAB_MASK]);
		hlist_add_head(&items[9][i].node, &cut_tab[items[9][i].key & TAB_MASK]);
		hlist_add_head(&items[10][i].node, &pointer_tab[items[10][i].key & TAB_MASK]);
		hlist_add_head(&items[11][i].node, &rekey_tab[items[11][i].key & TAB_MASK]);
		hlist_add_head(&items[12][i].node, &chain_tab[items[12][i].key & TAB_MASK]);
		hlist_add_head(&items[13][i].node, &resume_tab[items[13][i].key & TAB_MASK]);
		hlist_add_head(&items[14][i].node,
			       &global_key_tab[(items[14][i].key ^ cur_ns) & TAB_MASK]);
		printf("%d", dup_add(&items[15][i]));
	}
	printf("\n");
	for (i = 0; i < 7; i++) {
		unsigned int k = probe[i];

		printf("%u: %ld %ld %u %ld %ld %ld %u %ld %ld %ld %u %ld %ld %u %ld\n", k,
		       at(macro_find(k), 0), at(flag_find(k), 1), depth_of(k), at(side_find(k), 3),
		       at(ref_find(k), 4), at(global_find(k), 5), polarity_of(k),
		       at(range_find(k), 7), at(alias_find(k), 8), at(cut_find(k + 256), 9),
		       pointer_count(k), at(rekey_find(k), 11), at(chain_next(k), 12),
		       resume_count(k), at(global_key_find(k), 14));
		cur_ns += 16;
	}
	printf("%u %u\n", probes, last_seen);
	return 0;
}
