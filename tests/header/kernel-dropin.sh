#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernel-dropin.sh KDIR - prove that include/linux/hashtable.h drops into a
# real kernel tree: compile a kernel-side C file that uses every entry of
# the API, through our header and the kernel's own list.h, hash.h, rculist.h,
# with the tree's configuration and flags plus W=1's extra warnings for that
# one object, and -Wsign-compare over the code that uses the macros (with int
# and unsigned int bucket cursors); require zero warnings.
#
# KDIR must be a configured and prepared tree (make <config> && make prepare).
# The test file is placed at KDIR/lib/htc_dropin_test.c and built with
# `make -C KDIR lib/htc_dropin_test.o`. The extra warnings go in through
# CFLAGS_htc_dropin_test.o, not W=1: W=1 changes the command line of the
# objects `make prepare` built, and kbuild would rebuild them. The file
# includes our header by its
# absolute path, so the kernel's own include/linux/hashtable.h is not read
# and not modified. Whatever happens (failure, ^C), a trap removes the files
# the test created and puts back the timestamps kbuild's housekeeping moved,
# then checks that a listing of the tree (type, path, size, mtime, mode) is
# identical to the one taken before.
#
# Extra arguments to make can be passed in KMAKEFLAGS (e.g. KMAKEFLAGS=-j8).
# HTC_HEADER=/path/to/hashtable.h tests another header instead of ours
# (mainline's fails: its bucket loop warns for an int cursor).
# Exit status: 0 pass, 1 fail (build error, warning, or tree not restored),
# 2 usage or unusable tree.

set -u

NAME=htc_dropin_test
HERE=$(cd "$(dirname "$0")" && pwd)
HDR=${HTC_HEADER:-$HERE/../../include/linux/hashtable.h}
HDR=$(cd "$(dirname "$HDR")" && pwd)/$(basename "$HDR")

die() { echo "kernel-dropin: $*" >&2; exit 2; }

[ $# -eq 1 ] || die "usage: $0 KDIR (a configured, prepared kernel tree)"
KDIR=$(cd "$1" 2>/dev/null && pwd) || die "no such directory: $1"
[ -f "$KDIR/Makefile" ] && [ -d "$KDIR/lib" ] || die "$KDIR is not a kernel tree"
[ -f "$KDIR/.config" ] || die "$KDIR is not configured (no .config)"
[ -f "$KDIR/include/generated/autoconf.h" ] ||
	die "$KDIR is not prepared (run make prepare there)"
[ -f "$HDR" ] || die "no header at $HDR"
[ -w "$KDIR/lib" ] || die "$KDIR/lib is not writable"
SRC=$KDIR/lib/$NAME.c
[ -e "$SRC" ] && die "$SRC already exists; not touching it"

TMP=$(mktemp -d) || die "mktemp failed"
BEFORE=$TMP/before
AFTER=$TMP/after
LOG=$TMP/build.log
status=1

# A listing of the whole tree; the root shows as ".".
snapshot() {
	find "$KDIR" -printf '%y\t%P\t%s\t%T@\t%m\n' |
		sed 's/^\(.\)\t\t/\1\t.\t/' | LC_ALL=C sort -t "$(printf '\t')" -k2,2
}

restore() {
	local t p

	# our files: the source, the object, kbuild's .cmd and dep files
	rm -f "$KDIR/lib/$NAME.c" "$KDIR/lib/$NAME.o" "$KDIR/lib/$NAME.i" \
	      "$KDIR/lib/$NAME.s" "$KDIR/lib/.$NAME.o.cmd" "$KDIR/lib/.$NAME.o.d"
	[ -s "$BEFORE" ] || return 0
	snapshot >"$AFTER"
	# entries that were there before, same type and size, other mtime:
	# directories we added to and files kbuild rewrote unchanged
	awk -F '\t' 'NR == FNR { key[$1 FS $2] = $3 FS $4; next }
		     ($1 FS $2) in key {
			split(key[$1 FS $2], old, FS)
			if (old[1] == $3 && old[2] != $4)
				print old[2] "\t" $2
		     }' "$BEFORE" "$AFTER" |
	while IFS="$(printf '\t')" read -r t p; do
		touch -h -d "@$t" "$KDIR/$p"
	done
	snapshot >"$AFTER"
	if ! diff "$BEFORE" "$AFTER" >"$TMP/diff"; then
		echo "kernel-dropin: FAIL: $KDIR not restored exactly:" >&2
		grep '^[<>]' "$TMP/diff" | head -n 20 >&2
		return 1
	fi
	echo "kernel-dropin: tree restored (listing identical to before)"
}

on_exit() {
	trap - EXIT INT TERM HUP
	restore || status=1
	rm -rf "$TMP"
	exit $status
}
trap on_exit EXIT
trap 'status=130; exit' INT TERM HUP

snapshot >"$BEFORE"

cat >"$SRC" <<EOF
// SPDX-License-Identifier: GPL-2.0
/*
 * Temporary file written by hashtable-convert's tests/header/kernel-dropin.sh;
 * it removes it again. Every entry of the bundled <linux/hashtable.h>, with
 * int and unsigned int bucket cursors, built as kernel code.
 */
#include "$HDR"
#include <linux/spinlock.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

/*
 * W=1 leaves -Wsign-compare off because the kernel's own headers trip it;
 * from here on it is on: the hash_for_each* loops must not trip it.
 */
#pragma GCC diagnostic warning "-Wsign-compare"

struct htc_item {
	u32 key;
	u64 cookie;
	struct hlist_node node;
	struct hlist_node cnode;
	struct rcu_head rcu;
};

struct htc_ctx {
	spinlock_t lock;
	DECLARE_HASHTABLE(tbl, 6);
	DECLARE_HASHTABLE(one, 0);
};

static DEFINE_HASHTABLE(htc_tbl, 4);
static DEFINE_READ_MOSTLY_HASHTABLE(htc_rm, 3);
static DEFINE_HASHTABLE(htc_single, 0);
static DEFINE_SPINLOCK(htc_lock);

int htc_dropin_add(struct htc_ctx *ctx, struct htc_item *it, int n);
int htc_dropin_walk(struct htc_ctx *ctx);
unsigned int htc_dropin_walk_unsigned(struct htc_ctx *ctx);
struct htc_item *htc_dropin_find(struct htc_ctx *ctx, u32 key, u64 cookie);
int htc_dropin_drop(struct htc_ctx *ctx, u32 key);

int htc_dropin_add(struct htc_ctx *ctx, struct htc_item *it, int n)
{
	int i;

	spin_lock_init(&ctx->lock);
	hash_init(ctx->tbl);
	hash_init(ctx->one);
	for (i = 0; i < n; i++) {
		hash_add(ctx->tbl, &it[i].node, it[i].key);
		hash_add_rcu(htc_rm, &it[i].cnode, it[i].cookie);
	}
	if (n > 0) {
		hash_add(ctx->one, &it[0].node, it[0].key);
		spin_lock(&htc_lock);
		hash_add_rcu(htc_single, &it[0].cnode, (unsigned long)&it[0]);
		spin_unlock(&htc_lock);
	}
	hash_add(htc_tbl, &it[0].node, it[0].cookie);
	return hash_empty(ctx->tbl) + hash_empty(htc_single) +
	       (int)HASH_SIZE(ctx->tbl) + HASH_BITS(ctx->one) +
	       hash_hashed(&it[0].node);
}

int htc_dropin_walk(struct htc_ctx *ctx)
{
	struct htc_item *it;
	struct hlist_node *tmp;
	int bkt, n = 0;

	hash_for_each(ctx->tbl, bkt, it, node)
		n += bkt;
	rcu_read_lock();
	hash_for_each_rcu(htc_rm, bkt, it, cnode)
		n++;
	rcu_read_unlock();
	hash_for_each_safe(ctx->one, bkt, tmp, it, node)
		hash_del(&it->node);
	return n + bkt;
}

unsigned int htc_dropin_walk_unsigned(struct htc_ctx *ctx)
{
	struct htc_item *it;
	struct hlist_node *tmp;
	unsigned int bkt, n = 0;

	hash_for_each(ctx->tbl, bkt, it, node)
		n += bkt;
	rcu_read_lock();
	hash_for_each_rcu(htc_rm, bkt, it, cnode)
		n++;
	rcu_read_unlock();
	hash_for_each_safe(htc_tbl, bkt, tmp, it, node)
		hash_del(&it->node);
	return n + bkt;
}

struct htc_item *htc_dropin_find(struct htc_ctx *ctx, u32 key, u64 cookie)
{
	struct htc_item *it, *found = NULL;

	hash_for_each_possible(ctx->tbl, it, node, key)
		if (it->key == key)
			found = it;
	rcu_read_lock();
	hash_for_each_possible_rcu(htc_rm, it, cnode, cookie)
		if (it->cookie == cookie)
			break;
	rcu_read_unlock();
	if (it)
		found = it;
	spin_lock(&htc_lock);
	hash_for_each_possible_rcu(htc_single, it, cnode, cookie,
				   lockdep_is_held(&htc_lock))
		if (it->cookie == cookie)
			break;
	spin_unlock(&htc_lock);
	hash_for_each_possible_rcu_notrace(htc_rm, it, cnode, cookie)
		if (it->cookie == cookie)
			break;
	return it ? it : found;
}

static void htc_free_rcu(struct rcu_head *head)
{
	kfree(container_of(head, struct htc_item, rcu));
}

int htc_dropin_drop(struct htc_ctx *ctx, u32 key)
{
	struct htc_item *it;
	struct hlist_node *tmp;
	int n = 0;

	spin_lock(&ctx->lock);
	hash_for_each_possible_safe(ctx->tbl, it, tmp, node, key) {
		if (it->key != key)
			continue;
		hash_del(&it->node);
		hash_del_rcu(&it->cnode);
		call_rcu(&it->rcu, htc_free_rcu);
		n++;
	}
	spin_unlock(&ctx->lock);
	return n + (int)hash_min(key, 0) + (int)hash_min(key, HASH_BITS(ctx->tbl));
}
EOF

# What W=1 adds for C code (scripts/Makefile.extrawarn, 6.1)
EXTRA_WARN="-Wextra -Wunused -Wno-unused-parameter -Wmissing-declarations"
EXTRA_WARN="$EXTRA_WARN -Wmissing-format-attribute -Wmissing-prototypes"
EXTRA_WARN="$EXTRA_WARN -Wold-style-definition -Wmissing-include-dirs"
EXTRA_WARN="$EXTRA_WARN -Wunused-but-set-variable -Wunused-const-variable"
EXTRA_WARN="$EXTRA_WARN -Wno-missing-field-initializers -Wno-sign-compare"
EXTRA_WARN="$EXTRA_WARN -Wno-type-limits -Wno-shift-negative-value"

echo "kernel-dropin: make -C $KDIR lib/$NAME.o (header $HDR)"
make -C "$KDIR" ${KMAKEFLAGS:-} "CFLAGS_$NAME.o=$EXTRA_WARN" "lib/$NAME.o" \
	>"$LOG" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
	cat "$LOG"
	echo "kernel-dropin: FAIL: build failed (exit $rc)"
	exit
fi
if grep -qiE 'warning|error' "$LOG"; then
	cat "$LOG"
	echo "kernel-dropin: FAIL: the build printed warnings"
	exit
fi
# the extra warnings were on; our header was read, the kernel's own was not
CMD=$KDIR/lib/.$NAME.o.cmd
if ! grep -q -- '-Wmissing-prototypes' "$CMD" 2>/dev/null; then
	echo "kernel-dropin: FAIL: the extra warnings did not reach the compiler"
	exit
fi
if ! grep -qF "$HDR" "$CMD" 2>/dev/null; then
	echo "kernel-dropin: FAIL: $HDR is not among the object's dependencies"
	exit
fi
if grep -qE "(^|[[:space:]])include/linux/hashtable\.h" "$CMD" ||
   grep -qF "$KDIR/include/linux/hashtable.h" "$CMD"; then
	echo "kernel-dropin: FAIL: the kernel's own include/linux/hashtable.h was read"
	exit
fi
sed 's/^/  /' "$LOG"
echo "kernel-dropin: PASS: lib/$NAME.o built with extra warnings, none printed"
status=0
