/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DEMO_PEER_CONFIG_H
#define DEMO_PEER_CONFIG_H

#include "demo/peer_limits.h"

#define PEER_NAME_MAX	16

#endif
