// expect: peer_hash skipped: mask 7 does not match 16 buckets
// reason: peer_hash does not reduce to the PEER_HASH_SIZE buckets of the table
/*
 * A table grown from 8 to 16 buckets with one site left behind: the
 * lookup still masks with 7. The code is buggy (peers whose id has bit 3
 * set are never found) and a conversion would silently change what it
 * does, so the table is left for a human.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define PEER_HASH_SIZE	16

struct peer {
	unsigned int id;
	int score;
	struct hlist_node hash;
};

static struct hlist_head peer_hash[PEER_HASH_SIZE];

static void peer_add(struct peer *p)
{
	hlist_add_head(&p->hash, &peer_hash[p->id & (PEER_HASH_SIZE - 1)]);
}

static struct peer *peer_find(unsigned int id)
{
	struct peer *p;

	hlist_for_each_entry(p, &peer_hash[id & 7], hash)
		if (p->id == id)
			return p;
	return NULL;
}

static void peer_flush(void)
{
	struct hlist_node *tmp;
	struct peer *p;
	int i;

	for (i = 0; i < PEER_HASH_SIZE; i++)
		hlist_for_each_entry_safe(p, tmp, &peer_hash[i], hash) {
			hlist_del(&p->hash);
			kfree(p);
		}
}

int main(void)
{
	unsigned int id, found = 0;
	struct peer *p;

	for (id = 0; id < 64; id++) {
		p = kzalloc(sizeof(*p), GFP_KERNEL);
		if (!p)
			return 1;
		p->id = id;
		p->score = (int)id * 3;
		peer_add(p);
	}
	for (id = 0; id < 64; id++)
		found += peer_find(id) != NULL;
	printf("found %u of 64; 5 -> %d, 13 -> %d\n", found,
	       peer_find(5) ? peer_find(5)->score : -1,
	       peer_find(13) ? peer_find(13)->score : -1);
	peer_flush();
	return 0;
}
