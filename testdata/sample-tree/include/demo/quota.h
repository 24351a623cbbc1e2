/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DEMO_QUOTA_H
#define DEMO_QUOTA_H

/* a member called by_id too, in another struct: not a table (peer.h has that one) */
struct quota {
	unsigned int by_id[4];
};

unsigned int quota_charge(struct quota *q, unsigned int id, unsigned int n);

#endif
