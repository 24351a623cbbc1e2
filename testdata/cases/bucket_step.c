// expect: dirs converted
/*
 * A bucket pointer set to the table and then moved to its bucket in the next
 * statement, as fs/fat/inode.c does for its dir_hashtable:
 *	struct hlist_head *d_head = sbi->dir_hashtable;
 *	d_head += fat_dir_hash(MSDOS_I(inode)->i_logstart);
 * The two statements are one bucket pointer, d_head = T + index; both go.
 * Between the pick and the use, MSDOS_I() (container_of() of its argument)
 * computes an address and writes nothing: the key stays as it was.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/slab.h>

#define DIR_HASH_BITS	4
#define DIR_HASH_SIZE	(1UL << DIR_HASH_BITS)

struct vfs_dir {
	int mode;
};

struct dir_entry {
	int start;
	int users;
	struct vfs_dir vfs;
	struct hlist_node dir_hash;
};

static inline struct dir_entry *DIR_I(struct vfs_dir *dir)
{
	return container_of(dir, struct dir_entry, vfs);
}

static struct hlist_head dirs[DIR_HASH_SIZE];

static inline unsigned long dir_hashfn(int start)
{
	return hash_32(start, DIR_HASH_BITS);
}

static void dir_attach(struct vfs_dir *dir)
{
	struct hlist_head *d_head = dirs;
	d_head += dir_hashfn(DIR_I(dir)->start);

	hlist_add_head(&DIR_I(dir)->dir_hash, d_head);
}

static struct dir_entry *dir_find(int start)
{
	struct hlist_head *head;
	struct dir_entry *d;

	head = dirs;
	head += dir_hashfn(start);
	hlist_for_each_entry(d, head, dir_hash)
		if (d->start == start)
			return d;
	return NULL;
}

int main(void)
{
	int i, found = 0;
	struct dir_entry *d;

	for (i = 0; i < 40; i++) {
		d = calloc(1, sizeof(*d));
		d->start = i * 7;
		d->users = i;
		dir_attach(&d->vfs);
	}
	for (i = 0; i < 300; i++) {
		d = dir_find(i);
		if (d) {
			found++;
			printf("%d: %d\n", i, d->users);
		}
	}
	printf("found %d\n", found);
	for (i = 0; i < 40; i++) {
		d = dir_find(i * 7);
		hlist_del(&d->dir_hash);
		free(d);
	}
	return 0;
}
