// expect: hash_errmap converted
/*
 * Translate the error strings a file server sends over the wire into
 * errno values (the shape of net/9p/error.c): a static table of 32
 * buckets, filled at init from a constant map, keyed by jhash() % 32.
 * The same int is the init loop's cursor and the bucket index.
 */
#include <linux/module.h>
#include <linux/list.h>
#include <linux/jhash.h>
#include <linux/string.h>
#include <errno.h>

/**
 * struct wire_error - one wire error string and its errno
 * @name: the string the server sends
 * @val: the errno it maps to
 * @namelen: strlen(@name), filled in at init
 * @list: hash chain
 */
struct wire_error {
	char *name;
	int val;

	int namelen;
	struct hlist_node list;
};

#define ERRHASHSZ		32
static struct hlist_head hash_errmap[ERRHASHSZ];

static struct wire_error errmap[] = {
	{ .name = "Permission refused",		.val = EPERM },
	{ .name = "Nothing by that name",	.val = ENOENT },
	{ .name = "Read or write failed",	.val = EIO },
	{ .name = "Handle not open",		.val = EBADF },
	{ .name = "Out of buffers",		.val = ENOMEM },
	{ .name = "Access denied by server",	.val = EACCES },
	{ .name = "Object is busy",		.val = EBUSY },
	{ .name = "Name already taken",		.val = EEXIST },
	{ .name = "Cross-server link",		.val = EXDEV },
	{ .name = "Not a directory here",	.val = ENOTDIR },
	{ .name = "Is a directory here",	.val = EISDIR },
	{ .name = "Bad argument",		.val = EINVAL },
	{ .name = "Volume is full",		.val = ENOSPC },
	{ .name = "Read-only volume",		.val = EROFS },
	{ .name = "Name is too long",		.val = ENAMETOOLONG },
	{ .name = "Directory not empty",	.val = ENOTEMPTY },
	{ .name = "Operation unsupported",	.val = EOPNOTSUPP },
	{ .name = "Connection dropped",		.val = ECONNRESET },
	{ .name = "Server timed out",		.val = ETIMEDOUT },
	{ .name = "Stale handle",		.val = ESTALE },
	{ .name = NULL,				.val = -1 }
};

/**
 * wire_error_init - build the string-to-errno hash table
 */
int wire_error_init(void)
{
	struct wire_error *c;
	int bucket;

	/* initialise the hash table */
	for (bucket = 0; bucket < ERRHASHSZ; bucket++)
		INIT_HLIST_HEAD(&hash_errmap[bucket]);

	/* load the constant error map into the hash table */
	for (c = errmap; c->name != NULL; c++) {
		c->namelen = strlen(c->name);
		bucket = jhash(c->name, c->namelen, 0) % ERRHASHSZ;
		INIT_HLIST_NODE(&c->list);
		hlist_add_head(&c->list, &hash_errmap[bucket]);
	}

	return 1;
}
EXPORT_SYMBOL(wire_error_init);

/**
 * wire_error_exit - take every entry back out of the table
 */
void wire_error_exit(void)
{
	struct wire_error *c;

	for (c = errmap; c->name != NULL; c++)
		hlist_del_init(&c->list);
}
EXPORT_SYMBOL(wire_error_exit);

/**
 * wire_errstr2errno - convert an error string to an errno
 * @errstr: the error string, not NUL-terminated
 * @len: its length
 *
 * Returns the negative errno, or -EPROTO for a string not in the map.
 */
int wire_errstr2errno(const char *errstr, int len)
{
	int err;
	struct wire_error *c;
	int bucket;

	err = 0;
	c = NULL;
	bucket = jhash(errstr, len, 0) % ERRHASHSZ;
	hlist_for_each_entry(c, &hash_errmap[bucket], list) {
		if (c->namelen == len && !memcmp(c->name, errstr, len)) {
			err = c->val;
			break;
		}
	}

	if (err == 0) {
		/* not in the map: report it as a protocol error */
		printk(KERN_INFO "unknown wire error '%.*s'\n", len, errstr);
		err = EPROTO;
	}

	return -err;
}
EXPORT_SYMBOL(wire_errstr2errno);

static const char * const probes[] = {
	"Stale handle",
	"Permission refused",
	"Volume is full",
	"Volume is ful",
	"Directory not empty",
	"Bad argument",
	"Server timed out",
	"No such thing at all",
	"Nothing by that name",
	"Name is too long",
};

int main(void)
{
	char buf[64];
	unsigned int i;
	int sum = 0;

	wire_error_init();

	for (i = 0; i < ARRAY_SIZE(probes); i++)
		printf("%-24s -> %d\n", probes[i],
		       wire_errstr2errno(probes[i], strlen(probes[i])));

	/* the string need not be NUL-terminated: match a prefix of a buffer */
	snprintf(buf, sizeof(buf), "Object is busyXXXX");
	printf("prefix of '%s' -> %d\n", buf, wire_errstr2errno(buf, 14));

	/* every map entry round-trips */
	for (i = 0; errmap[i].name; i++)
		sum += wire_errstr2errno(errmap[i].name, errmap[i].namelen) == -errmap[i].val;
	printf("round trips: %d of %u\n", sum, i);

	wire_error_exit();
	printf("after exit: %d\n", wire_errstr2errno("Stale handle", 12));
	return 0;
}
