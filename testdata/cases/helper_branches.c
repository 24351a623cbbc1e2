// expect: host_hash converted
// expect: file_hash converted
// expect: peer_hash converted
/*
 * Index helpers with branches and loops that compute into their own locals
 * and reduce once, in their last statement: a switch on the address family
 * (fs/lockd/host.c), a loop summing a handle (fs/lockd/svcsubs.c), and an
 * #ifdef that folds a 64-bit value (drivers/net/macvlan.c). Each helper
 * stays, less its reduction: its result is the key that hash_add() and
 * hash_for_each_possible() hash.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/hash.h>
#include <linux/slab.h>

#define HOST_HASH_BITS	4
#define HOST_NRHASH	(1 << HOST_HASH_BITS)
#define FILE_HASH_BITS	3
#define FILE_NRHASH	(1 << FILE_HASH_BITS)
#define PEER_HASH_BITS	5

enum { FAM_V4 = 2, FAM_V6 = 10 };

struct addr {
	int family;
	u32 v4;
	u32 v6[4];
};

struct host {
	struct addr addr;
	struct hlist_node h_hash;
};

struct handle {
	unsigned char data[8];
};

struct file {
	struct handle fh;
	struct hlist_node f_list;
};

struct peer {
	unsigned char mac[8];
	struct hlist_node hlist;
};

static struct hlist_head host_hash[HOST_NRHASH];
static struct hlist_head file_hash[FILE_NRHASH];
static struct hlist_head peer_hash[1 << PEER_HASH_BITS];

static unsigned int hash_address(const struct addr *a)
{
	unsigned int hash;

	switch (a->family) {
	case FAM_V4:
		hash = a->v4 ^ (a->v4 >> 16);
		break;
	case FAM_V6:
		hash = a->v6[0] ^ a->v6[1] ^ a->v6[2] ^ a->v6[3];
		break;
	default:
		hash = 0;
	}
	return hash & (HOST_NRHASH - 1);
}

static inline unsigned int hash_handle(const struct handle *f)
{
	unsigned int tmp = 0;
	int i;

	for (i = 0; i < 8; i++)
		tmp += f->data[i];
	return tmp & (FILE_NRHASH - 1);
}

static u64 hash_mac(const unsigned char *mac)
{
	u64 value = 0;
	int i;

	for (i = 0; i < 6; i++)
		value = value << 8 | mac[i];
#ifdef __BIG_ENDIAN
	value >>= 16;
#else
	value <<= 16;
#endif
	return hash_64(value, PEER_HASH_BITS);
}

static struct host *host_find(const struct addr *a)
{
	struct host *h;

	hlist_for_each_entry(h, &host_hash[hash_address(a)], h_hash)
		if (h->addr.family == a->family && h->addr.v4 == a->v4 &&
		    !memcmp(h->addr.v6, a->v6, sizeof(a->v6)))
			return h;
	return NULL;
}

static void host_add(const struct addr *a)
{
	struct host *h = kzalloc(sizeof(*h), GFP_KERNEL);

	h->addr = *a;
	hlist_add_head(&h->h_hash, &host_hash[hash_address(a)]);
}

static struct file *file_find(const struct handle *fh)
{
	unsigned int hash = hash_handle(fh);
	struct file *f;

	hlist_for_each_entry(f, &file_hash[hash], f_list)
		if (!memcmp(&f->fh, fh, sizeof(*fh)))
			return f;
	f = kzalloc(sizeof(*f), GFP_KERNEL);
	f->fh = *fh;
	hlist_add_head(&f->f_list, &file_hash[hash]);
	return f;
}

static struct peer *peer_get(const unsigned char *mac, bool create)
{
	struct peer *p;

	hlist_for_each_entry(p, &peer_hash[hash_mac(mac)], hlist)
		if (!memcmp(p->mac, mac, 6))
			return p;
	if (!create)
		return NULL;
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	memcpy(p->mac, mac, 6);
	hlist_add_head(&p->hlist, &peer_hash[hash_mac(mac)]);
	return p;
}

static void free_all(void)
{
	struct hlist_node *tmp;
	struct host *h;
	struct file *f;
	struct peer *p;
	int i;

	for (i = 0; i < HOST_NRHASH; i++)
		hlist_for_each_entry_safe(h, tmp, &host_hash[i], h_hash)
			kfree(h);
	for (i = 0; i < FILE_NRHASH; i++)
		hlist_for_each_entry_safe(f, tmp, &file_hash[i], f_list)
			kfree(f);
	for (i = 0; i < (1 << PEER_HASH_BITS); i++)
		hlist_for_each_entry_safe(p, tmp, &peer_hash[i], hlist)
			kfree(p);
}

int main(void)
{
	struct addr addrs[] = {
		{ FAM_V4, 0x0a000001, { 0 } }, { FAM_V4, 0x0a000011, { 0 } },
		{ FAM_V6, 0, { 0x20010db8, 0, 0, 1 } }, { FAM_V6, 0, { 0x20010db8, 0, 0, 0x11 } },
		{ 1, 0, { 0 } },
	};
	struct handle handles[] = { { { 1, 2, 3 } }, { { 3, 2, 1 } }, { { 9 } }, { { 1, 2, 3 } } };
	static const unsigned char macs[][6] = {
		{ 0, 1, 2, 3, 4, 5 }, { 0, 1, 2, 3, 4, 6 }, { 0xde, 0xad, 0xbe, 0xef, 0, 1 },
	};
	unsigned int i, files = 0;

	for (i = 0; i < ARRAY_SIZE(addrs); i += 2)
		host_add(&addrs[i]);
	for (i = 0; i < ARRAY_SIZE(addrs); i++)
		printf("host %u: %s\n", i, host_find(&addrs[i]) ? "known" : "unknown");
	for (i = 0; i < ARRAY_SIZE(handles); i++) {
		struct file *f = file_find(&handles[i]);

		files += f == file_find(&handles[i]);
	}
	printf("file lookups that agree: %u\n", files);
	peer_get(macs[0], true);
	peer_get(macs[2], true);
	for (i = 0; i < ARRAY_SIZE(macs); i++)
		printf("peer %u: %s\n", i, peer_get(macs[i], false) ? "known" : "unknown");
	free_all();
	return 0;
}
