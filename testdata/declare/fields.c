// SPDX-License-Identifier: GPL-2.0
/*
 * Member tables whose accesses hashtable.cocci converted, in every struct shape
 * declare_hashtable.cocci rewrites (fields.json names them), and two it must
 * leave alone. main() prints each struct's layout: it must not change.
 */
#include <stdio.h>
#include <stddef.h>
#include <linux/types.h>
#include <linux/list.h>

#define A_BITS	4
#define A_SIZE	(1 << A_BITS)

struct plain {
	int x;
	/* the buckets */
	struct hlist_head tab[A_SIZE];	/* by key */
	struct hlist_head kept[A_SIZE];
	int after;
};

typedef struct {
	int y;
#define TYPED_FLAG	1	/* a macro between fields, as in bnxt.h */
	struct hlist_head by_typedef[16];
	int after;
} typed_t;

static struct with_var {
	struct hlist_head by_var[32];
	int after;
} the_var;

struct outer {
	int z;
	struct {
		struct hlist_head inner[8];
		int after;
	} nest;
};

/* named twice in this file: which one fields.json means is unclear, so neither */
struct twice_a {
	struct hlist_head dup[4];
};

struct twice_b {
	struct hlist_head dup[4];
	int after;
};

int main(void)
{
	printf("plain %zu %zu %zu\n", sizeof(struct plain), offsetof(struct plain, kept),
	       offsetof(struct plain, after));
	printf("typed %zu %zu\n", sizeof(typed_t), offsetof(typed_t, after));
	printf("var %zu %zu\n", sizeof(the_var), offsetof(struct with_var, after));
	printf("outer %zu %zu\n", sizeof(struct outer), offsetof(struct outer, nest.after));
	printf("twice %zu %zu\n", sizeof(struct twice_a), sizeof(struct twice_b));
	return 0;
}
