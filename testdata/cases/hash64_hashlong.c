// expect: inode_hash converted
// expect: chunk_hash skipped: the index is computed in different ways
// reason: chunk_hash the index is computed in different ways: hash32, hash64
/*
 * Two tables keyed by a u64. inode_hash is hashed with hash_64() on insert
 * and hash_long() on lookup: on 64-bit both are the same function, but on
 * 32-bit hash_long() is hash_32() of the truncated key, so a lookup could
 * miss an entry (a latent bug of the old code). Converted, every site
 * hashes the key with hash_min(): the same buckets on 64-bit, and on
 * 32-bit the bug is gone. chunk_hash mixes hash_32() and hash_64(), which
 * disagree on every architecture: it stays as it is.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/slab.h>

#define INODE_HASH_BITS	4
#define CHUNK_HASH_BITS	3

struct inode_entry {
	u64 ino;
	unsigned int opens;
	struct hlist_node hnode;
};

struct chunk {
	u64 offset;
	struct hlist_node hnode;
};

static struct hlist_head inode_hash[1 << INODE_HASH_BITS];
static struct hlist_head chunk_hash[1 << CHUNK_HASH_BITS];

static struct inode_entry *inode_find(u64 ino)
{
	struct inode_entry *e;

	hlist_for_each_entry(e, &inode_hash[hash_long(ino, INODE_HASH_BITS)], hnode)
		if (e->ino == ino)
			return e;
	return NULL;
}

static struct inode_entry *inode_open(u64 ino)
{
	struct inode_entry *e = inode_find(ino);

	if (!e) {
		e = kzalloc(sizeof(*e), GFP_KERNEL);
		e->ino = ino;
		hlist_add_head(&e->hnode, &inode_hash[hash_64(ino, INODE_HASH_BITS)]);
	}
	e->opens++;
	return e;
}

static void inode_close(u64 ino)
{
	struct inode_entry *e = inode_find(ino);

	if (e && !--e->opens) {
		hlist_del(&e->hnode);
		kfree(e);
	}
}

static void chunk_add(struct chunk *c)
{
	hlist_add_head(&c->hnode, &chunk_hash[hash_64(c->offset, CHUNK_HASH_BITS)]);
}

static struct chunk *chunk_find(u64 offset)
{
	struct chunk *c;

	hlist_for_each_entry(c, &chunk_hash[hash_32(offset, CHUNK_HASH_BITS)], hnode)
		if (c->offset == offset)
			return c;
	return NULL;
}

int main(void)
{
	static const u64 inos[] = { 2, 12, 0x100000002ULL, 77, 12, 0xffffffff00000001ULL, 2, 2 };
	struct chunk chunks[4] = { { .offset = 0 }, { .offset = 4096 },
				   { .offset = 0x200000000ULL }, { .offset = 12288 } };
	unsigned int i, open = 0;

	for (i = 0; i < ARRAY_SIZE(inos); i++)
		inode_open(inos[i]);
	for (i = 0; i < ARRAY_SIZE(inos); i++) {
		struct inode_entry *e = inode_find(inos[i]);

		printf("ino %llx: %u open\n", (unsigned long long)inos[i], e ? e->opens : 0);
	}
	for (i = 0; i < ARRAY_SIZE(inos); i++)
		inode_close(inos[i]);
	for (i = 0; i < ARRAY_SIZE(inos); i++)
		open += inode_find(inos[i]) != NULL;
	printf("still open: %u\n", open);
	while (open--)
		for (i = 0; i < ARRAY_SIZE(inos); i++)
			inode_close(inos[i]);

	for (i = 0; i < ARRAY_SIZE(chunks); i++)
		chunk_add(&chunks[i]);
	/* the lookup hashes differently: it finds what happens to share a bucket */
	for (i = 0; i < ARRAY_SIZE(chunks); i++)
		printf("chunk %llx: %s\n", (unsigned long long)chunks[i].offset,
		       chunk_find(chunks[i].offset) ? "found" : "missed");
	return 0;
}
