#include <stdio.h>
#include <linux/kernel.h>
#include <linux/hashtable.h>
#include <demo/v.h>

void v_add(struct vcache *vc, struct wcache *wc, struct vitem *it)
{
	hash_add(vc->vtbl, &it->node, it->key);
	hash_add(wc->wtbl, &it->wnode, it->key);
}

int main(void)
{
	static struct vcache vc;
	static struct wcache wc;
	static struct vitem items[16];
	int i, found = 0;

	hash_init(vc.vtbl);
	for (i = 0; i < 16; i++) {
		items[i].key = 100 + 3 * i;
		v_add(&vc, &wc, &items[i]);
	}
	for (i = 0; i < 16; i++)
		found += v_count(&vc, &wc, 100 + 3 * i);
	printf("%d %d\n", found, vc.hits);
	return 0;
}
