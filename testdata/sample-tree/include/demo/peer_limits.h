/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DEMO_PEER_LIMITS_H
#define DEMO_PEER_LIMITS_H

/* two headers away from the files of the peer table */
#define PEER_HASH_BITS	3

#endif
