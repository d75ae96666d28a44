/*
 * stable_order.c - a bottom-up merge sort of indices (stable_order.h).
 */
#include <string.h>

#include "stable_order.h"
#include "status.h"

/* Merges the sorted runs src[lo .. mid-1] and src[mid .. hi-1] into dst;
 * on equal keys the left run's index goes first, which keeps it stable. */
static void
merge_runs(const double *key, const int *src, int lo, int mid, int hi, int *dst)
{
	int			i = lo,
				j = mid,
				k = lo;

	while (i < mid && j < hi)
		dst[k++] = key[src[j]] < key[src[i]] ? src[j++] : src[i++];
	while (i < mid)
		dst[k++] = src[i++];
	while (j < hi)
		dst[k++] = src[j++];
}

void
sk_stable_order(int n, const double *key, int *order, int *scratch)
{
	int		   *src = order,
			   *dst = scratch;
	int			width;

	for (width = 1; width < n; width = width <= n / 2 ? 2 * width : n)
	{
		int			lo,
					mid,
					hi;
		int		   *swap;

		/* Written without lo + 2 * width, which could overflow. */
		for (lo = 0; lo < n; lo = hi)
		{
			mid = width < n - lo ? lo + width : n;
			hi = width < n - mid ? mid + width : n;
			merge_runs(key, src, lo, mid, hi, dst);
			/* a check each time hi passes a multiple of 65536 */
			if ((lo >> 16) != (hi >> 16))
				sk_check_interrupts();
		}
		swap = src;
		src = dst;
		dst = swap;
	}
	if (src != order)
		memcpy(order, src, sizeof(int) * (size_t) n);
}
