/*
 * stable_order.h - indices ordered by a key, ties in their given order
 * (Python's sorted()), in O(n log n) for matches of any size.
 */
#ifndef SKILL_CORE_STABLE_ORDER_H
#define SKILL_CORE_STABLE_ORDER_H

/*
 * Sorts order[0 .. n-1], indices into key, by key ascending; equal keys
 * keep their order.  scratch holds n ints (the caller's: no allocation).
 * Keys must not be NaN.
 */
void		sk_stable_order(int n, const double *key, int *order, int *scratch);

#endif
