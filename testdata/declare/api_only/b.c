#include <linux/kernel.h>
#include <linux/hashtable.h>
#include <demo/v.h>

int v_count(struct vcache *vc, struct wcache *wc, u32 key)
{
	struct vitem *it;
	int n = 0;

	hash_for_each_possible(vc->vtbl, it, node, key)
		if (it->key == key)
			n++;
	hlist_for_each_entry(it, &wc->wtbl[key & (W_SIZE - 1)], wnode)
		if (it->key == key)
			n += 100;
	vc->hits += n;
	return n;
}
