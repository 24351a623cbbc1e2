// expect: bar_table converted
/*
 * A table indexed with "key % SIZE" (SIZE a power of two, so the same
 * buckets as a mask); the keys are unsigned long inode numbers.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

#define BAR_SIZE 128

struct bar_inode {
	unsigned long ino;
	unsigned int nlink;
	struct hlist_node i_hash;
};

static struct hlist_head bar_table[BAR_SIZE];

static struct bar_inode *bar_iget(unsigned long ino)
{
	struct bar_inode *inode;

	hlist_for_each_entry(inode, &bar_table[ino % BAR_SIZE], i_hash) {
		if (inode->ino == ino) {
			inode->nlink++;
			return inode;
		}
	}

	inode = kzalloc(sizeof(*inode), GFP_KERNEL);
	if (!inode)
		return NULL;
	inode->ino = ino;
	inode->nlink = 1;
	hlist_add_head(&inode->i_hash, &bar_table[ino % BAR_SIZE]);
	return inode;
}

static unsigned int bar_links(unsigned long ino)
{
	struct bar_inode *inode;

	hlist_for_each_entry(inode, &bar_table[ino % BAR_SIZE], i_hash)
		if (inode->ino == ino)
			return inode->nlink;
	return 0;
}

static void bar_iput(struct bar_inode *inode)
{
	if (--inode->nlink)
		return;
	hlist_del(&inode->i_hash);
	kfree(inode);
}

int main(void)
{
	static const unsigned long probe[] = {
		2, 130, 258, 386, 1UL << 40, (1UL << 40) + 2, 7, ~0UL,
	};
	struct bar_inode *held[300];
	unsigned int n = 0, i;
	unsigned long ino;

	for (ino = 2; ino < 2 + 128 * 10; ino += 64)
		held[n++] = bar_iget(ino);
	for (ino = 2; ino < 2 + 128 * 10; ino += 128)
		held[n++] = bar_iget(ino);
	held[n++] = bar_iget(1UL << 40);
	held[n++] = bar_iget((1UL << 40) + 2);
	held[n++] = bar_iget(~0UL);

	for (i = 0; i < ARRAY_SIZE(probe); i++)
		printf("ino %lu: %u links\n", probe[i], bar_links(probe[i]));

	for (i = 0; i < n; i++)
		bar_iput(held[i]);
	printf("after put: %u %u\n", bar_links(2), bar_links(66));
	return 0;
}
