#ifndef DEMO_U_H
#define DEMO_U_H
#include <linux/list.h>

#define U_BITS 4
#define U_SIZE (1 << U_BITS)

struct ucache {
	struct hlist_head ubl[U_SIZE];
};
#endif
