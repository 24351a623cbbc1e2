// expect: sock_hash converted
/*
 * Pointer keys through an unsigned long index variable (idx = hash_ptr(p, B)),
 * and an RCU lookup written with hlist_for_each_entry_rcu_notrace.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/rculist.h>
#include <linux/hash.h>

#define SOCK_HASH_BITS	3

struct sock_ref {
	const void *sk;
	int id;
	struct hlist_node node;
};

static struct hlist_head sock_hash[1 << SOCK_HASH_BITS];

static void sock_ref_add(struct sock_ref *ref)
{
	unsigned long idx;

	idx = hash_ptr(ref->sk, SOCK_HASH_BITS);
	hlist_add_head_rcu(&ref->node, &sock_hash[idx]);
}

static int sock_ref_id(const void *sk)
{
	struct sock_ref *ref;
	unsigned long idx;
	int id = -1;

	idx = hash_ptr(sk, SOCK_HASH_BITS);
	rcu_read_lock();
	hlist_for_each_entry_rcu_notrace(ref, &sock_hash[idx], node)
		if (ref->sk == sk) {
			id = ref->id;
			break;
		}
	rcu_read_unlock();
	return id;
}

int main(void)
{
	static char socks[24];
	static struct sock_ref refs[24];
	int i;

	for (i = 0; i < 24; i += 3) {
		refs[i].sk = &socks[i];
		refs[i].id = 100 + i;
		sock_ref_add(&refs[i]);
	}
	for (i = 0; i < 24; i++)
		printf("sock %d: %d\n", i, sock_ref_id(&socks[i]));
	return 0;
}
