#ifndef DEMO_T_H
#define DEMO_T_H
#include <linux/list.h>

#define T_BITS 4
#define T_SIZE (1 << T_BITS)

struct tcache {
	struct hlist_head tbl[T_SIZE];
};
#endif
