// expect: irq_tab converted
// expect: alias_tab skipped: the object written may be the one the key reads
// reason: alias_tab key "p->irq" changes before the bucket is used
// expect: slot_tab skipped: the new entry is stored where the key reads
// reason: slot_tab key "slots[k]->irq" changes before the bucket is used
/*
 * Find or make the entry of a port's irq (drivers/tty/serial/8250/8250_core.c):
 * the bucket is picked by up->port.irq, and a new entry, allocated after the
 * pick, is given i->irq = up->port.irq before it goes into that bucket. The
 * write is to a field named like the key's, but of memory the key cannot
 * read: the key is the same at the insertion, and may move there. alias_tab
 * writes the field of an entry allocated before the pick, which the key
 * reads through another pointer, and slot_tab stores its new entry in the
 * array element the key reads before it writes the field: both stay.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#define NR_IRQ_HASH	32

struct port {
	int irq;
	int line;
};

struct uart {
	struct port port;
};

struct irq_info {
	struct hlist_node node;
	spinlock_t lock;
	int irq;
	int users;
};

static struct hlist_head irq_tab[NR_IRQ_HASH];
static struct hlist_head alias_tab[NR_IRQ_HASH];
static struct hlist_head slot_tab[NR_IRQ_HASH];

static struct irq_info *link_irq(struct uart *up)
{
	struct hlist_head *h;
	struct irq_info *i;

	h = &irq_tab[up->port.irq % NR_IRQ_HASH];
	hlist_for_each_entry(i, h, node)
		if (i->irq == up->port.irq)
			break;
	if (i == NULL) {
		i = kzalloc(sizeof(struct irq_info), GFP_KERNEL);
		if (i == NULL)
			return NULL;
		spin_lock_init(&i->lock);
		i->irq = up->port.irq;
		hlist_add_head(&i->node, h);
	}
	i->users++;
	return i;
}

struct entry {
	struct hlist_node node;
	int irq;
};

/* an entry whose number is changed once it is hashed: it stays in the old bucket */
static struct entry *add_renumbered(int irq)
{
	struct entry *n = kzalloc(sizeof(*n), GFP_KERNEL);
	struct entry *p = n;
	struct hlist_head *h;

	if (!n)
		return NULL;
	n->irq = irq;
	h = &alias_tab[p->irq % NR_IRQ_HASH];
	n->irq = irq + 100;
	hlist_add_head(&n->node, h);
	return n;
}

static struct entry *slots[4];

/* a new entry takes slot k, and the irq of the one it replaces plus 100 */
static struct entry *replace_slot(int k)
{
	struct hlist_head *h = &slot_tab[slots[k]->irq % NR_IRQ_HASH];
	struct entry *n;
	int old = slots[k]->irq;

	n = kzalloc(sizeof(*n), GFP_KERNEL);
	if (!n)
		return NULL;
	slots[k] = n;
	n->irq = old + 100;
	hlist_add_head(&n->node, h);
	return n;
}

static int count_in_bucket_of(int irq)
{
	struct entry *e;
	int n = 0;

	hlist_for_each_entry(e, &alias_tab[irq % NR_IRQ_HASH], node)
		n++;
	return n;
}

int main(void)
{
	static struct uart ports[20];
	int i;

	for (i = 0; i < 20; i++) {
		struct irq_info *info;

		ports[i].port.irq = (i * 7) % 45;
		info = link_irq(&ports[i]);
		printf("port %d: irq %d, %d users\n", i, info->irq, info->users);
	}
	for (i = 0; i < 10; i++)
		if (!add_renumbered(i * 3))
			return 1;
	for (i = 0; i < 10; i++)
		printf("bucket of %d: %d\n", i * 3, count_in_bucket_of(i * 3));
	for (i = 0; i < 4; i++) {
		static struct entry first[4];

		first[i].irq = i * 5;
		slots[i] = &first[i];
		if (!replace_slot(i))
			return 1;
	}
	return 0;
}
