/* SPDX-License-Identifier: GPL-2.0 */
/* A header with no <linux/...> include: it relies on its includers, so the
 * field stays (no include can be added for DECLARE_HASHTABLE()). */
struct bare {
	struct hlist_head bare[8];
};
