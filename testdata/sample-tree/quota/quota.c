// SPDX-License-Identifier: GPL-2.0
#include "demo/quota.h"

unsigned int quota_charge(struct quota *q, unsigned int id, unsigned int n)
{
	q->by_id[id & 3] += n;
	return q->by_id[id & 3];
}
