/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal assertions for the header tests. A failed check prints one
 * "FAIL file:line: ..." line and counts; check_done() turns the count into
 * the exit status, so one run reports every failed check, not just the first.
 */
#ifndef HTC_CHECK_H
#define HTC_CHECK_H

#include <stdio.h>

static int check_failures;
static int check_count;

#define CHECK(cond)							\
	do {								\
		check_count++;						\
		if (!(cond)) {						\
			check_failures++;				\
			printf("FAIL %s:%d: %s: CHECK(%s)\n",		\
			       __FILE__, __LINE__, __func__, #cond);	\
		}							\
	} while (0)

/* Compare two integers, printing both values on mismatch. */
#define CHECK_EQ(got, want)						\
	do {								\
		unsigned long long __got = (unsigned long long)(got);	\
		unsigned long long __want = (unsigned long long)(want);	\
		check_count++;						\
		if (__got != __want) {					\
			check_failures++;				\
			printf("FAIL %s:%d: %s: %s == %#llx, want %s == %#llx\n",\
			       __FILE__, __LINE__, __func__,		\
			       #got, __got, #want, __want);		\
		}							\
	} while (0)

/* Called once at the end of main(): the process exit status. */
static inline int check_done(const char *name)
{
	if (check_failures) {
		printf("FAIL %s: %d of %d checks failed\n", name,
		       check_failures, check_count);
		return 1;
	}
	printf("ok %s: %d checks\n", name, check_count);
	return 0;
}

#endif /* HTC_CHECK_H */
