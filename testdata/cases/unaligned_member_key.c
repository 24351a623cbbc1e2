// expect: by_spec converted
// expect: by_name skipped: a call between two walks of a bucket is given the key
// reason: by_name a call may change key "spec->name[0]"
/*
 * A member table whose bucket helper reads its key with get_unaligned() into
 * an unsigned long and takes it modulo ARRAY_SIZE() of the table (a power of
 * two): the helper goes, and each access hashes get_unaligned((unsigned long *)
 * &spec->raw) itself, without the cast to unsigned long, which says nothing
 * there. find_key() walks the bucket in two branches; memcmp() between them
 * only reads and atomic_inc_not_zero() writes only the entry's counter: the
 * key is the same in both. A full walk by bucket number (destroy_ring()) stays
 * as it is. by_name is walked twice too, but normalize_name() between the
 * walks is given the key's own field and may change it: it stays.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/atomic.h>
#include <linux/slab.h>
#include <linux/string.h>

#define get_unaligned(ptr) ({ __typeof__(*(ptr)) __v; memcpy(&__v, (ptr), sizeof(__v)); __v; })

struct key_spec {
	int type;
	union {
		u8 raw[16];
		char name[16];
	};
};

struct master_key {
	struct key_spec spec;
	atomic_t refs;
	struct hlist_node node;
	struct hlist_node name_node;
};

struct key_ring {
	struct hlist_head by_spec[64];
	struct hlist_head by_name[16];
};

static struct hlist_head *spec_bucket(struct key_ring *ring, const struct key_spec *spec)
{
	/* the raw bytes are random: their first word is hash enough */
	unsigned long i = get_unaligned((unsigned long *)&spec->raw);

	return &ring->by_spec[i % ARRAY_SIZE(ring->by_spec)];
}

static void add_key(struct key_ring *ring, struct master_key *mk)
{
	atomic_set(&mk->refs, 1);
	hlist_add_head(&mk->node, spec_bucket(ring, &mk->spec));
	hlist_add_head(&mk->name_node,
		       &ring->by_name[mk->spec.name[0] & (ARRAY_SIZE(ring->by_name) - 1)]);
}

static struct master_key *find_key(struct key_ring *ring, const struct key_spec *spec)
{
	struct hlist_head *bucket = spec_bucket(ring, spec);
	struct master_key *mk;

	switch (spec->type) {
	case 1:
		hlist_for_each_entry(mk, bucket, node)
			if (mk->spec.type == 1 && !memcmp(mk->spec.raw, spec->raw, 8) &&
			    atomic_inc_not_zero(&mk->refs))
				return mk;
		break;
	case 2:
		hlist_for_each_entry(mk, bucket, node)
			if (mk->spec.type == 2 && !memcmp(mk->spec.raw, spec->raw, 16) &&
			    atomic_inc_not_zero(&mk->refs))
				return mk;
		break;
	}
	return NULL;
}

static void normalize_name(char *name)
{
	if (name[0] >= 'A' && name[0] <= 'Z')
		name[0] += 'a' - 'A';
}

/* how many keys are named like spec, before and after its name is normalized */
static int count_named(struct key_ring *ring, struct key_spec *spec)
{
	struct hlist_head *bucket = &ring->by_name[spec->name[0] & (ARRAY_SIZE(ring->by_name) - 1)];
	struct master_key *mk;
	int n = 0;

	hlist_for_each_entry(mk, bucket, name_node)
		n += !strcmp(mk->spec.name, spec->name);
	normalize_name(spec->name);
	hlist_for_each_entry(mk, bucket, name_node)
		n += !strcmp(mk->spec.name, spec->name);
	return n;
}

static int destroy_ring(struct key_ring *ring)
{
	struct master_key *mk;
	struct hlist_node *tmp;
	int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(ring->by_spec); i++) {
		struct hlist_head *bucket = &ring->by_spec[i];

		hlist_for_each_entry_safe(mk, tmp, bucket, node) {
			hlist_del(&mk->node);
			n += atomic_read(&mk->refs);
		}
	}
	return n;
}

int main(void)
{
	struct key_ring *ring = kzalloc(sizeof(*ring), GFP_KERNEL);
	static struct master_key keys[50];
	int i;

	if (!ring)
		return 1;
	for (i = 0; i < 50; i++) {
		keys[i].spec.type = 1 + i % 2;
		snprintf(keys[i].spec.name, sizeof(keys[i].spec.name), "%ckey%d",
			 i % 3 ? 'k' : 'K', i * 37);
		add_key(ring, &keys[i]);
	}
	for (i = 0; i < 60; i += 4) {
		struct key_spec spec = { .type = 1 + i % 2 };
		struct master_key *mk;

		snprintf(spec.name, sizeof(spec.name), "%ckey%d", i % 3 ? 'k' : 'K', i * 37);
		mk = find_key(ring, &spec);
		printf("%s: %d refs, %d named\n", spec.name, mk ? atomic_read(&mk->refs) : 0,
		       count_named(ring, &spec));
	}
	printf("refs left: %d\n", destroy_ring(ring));
	kfree(ring);
	return 0;
}
