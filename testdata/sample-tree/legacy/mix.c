// SPDX-License-Identifier: GPL-2.0
/* The hash_add() of legacy.c: a function of the old code, no hashtable.h. */

unsigned int hash_add(unsigned int a, unsigned int b);

unsigned int hash_add(unsigned int a, unsigned int b)
{
	return a * 31 + b;
}
