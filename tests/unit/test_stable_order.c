/*
 * test_stable_order.c - sk_stable_order (stable_order.c) against a stable
 * insertion sort: random keys with many ties, reversed and equal keys, and
 * sizes around the merge's run boundaries; and the interrupt hook is called
 * on a large input.
 */
#include <stdlib.h>

#include "unit.h"

#include "stable_order.h"
#include "status.h"

static int	hook_calls;

static void
count_hook(void)
{
	hook_calls++;
}

/* The reference: the insertion sort the rating code used before. */
static void
insertion_order(int n, const double *key, int *order)
{
	int			i;

	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = 1; i < n; i++)
	{
		int			t = order[i];
		int			j = i;

		while (j > 0 && key[order[j - 1]] > key[t])
		{
			order[j] = order[j - 1];
			j--;
		}
		order[j] = t;
	}
}

/* 1 when sk_stable_order gives the insertion sort's order. */
static int
same_as_insertion(int n, const double *key)
{
	int		   *want = malloc(sizeof(int) * (size_t) (n + 1));
	int		   *got = malloc(sizeof(int) * (size_t) (n + 1));
	int		   *scratch = malloc(sizeof(int) * (size_t) (n + 1));
	int			i,
				same = 1;

	insertion_order(n, key, want);
	for (i = 0; i < n; i++)
		got[i] = i;
	sk_stable_order(n, key, got, scratch);
	for (i = 0; i < n; i++)
		same = same && got[i] == want[i];
	free(want);
	free(got);
	free(scratch);
	return same;
}

int
main(void)
{
	static const int sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33, 100, 1000, 1025};
	int			big = 200000;
	double	   *key = malloc(sizeof(double) * (size_t) big);
	int		   *order = malloc(sizeof(int) * (size_t) big);
	int		   *scratch = malloc(sizeof(int) * (size_t) big);
	size_t		s;
	int			i,
				ok;

	srand(34);
	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
	{
		int			n = sizes[s];

		for (i = 0; i < n; i++)
			key[i] = (double) (rand() % 5) - 2.0;	/* many ties, -0.0 never */
		CHECK(same_as_insertion(n, key));
		for (i = 0; i < n; i++)
			key[i] = (double) (n - i);
		CHECK(same_as_insertion(n, key));
		for (i = 0; i < n; i++)
			key[i] = 1.5;
		CHECK(same_as_insertion(n, key));
	}
	/* Zeros of both signs compare equal: input order. */
	key[0] = 0.0;
	key[1] = -0.0;
	key[2] = -1.0;
	CHECK(same_as_insertion(3, key));

	/* Reversed ranks at 200,000 teams, with the hook set. */
	for (i = 0; i < big; i++)
	{
		key[i] = (double) (big - i / 2);	/* pairs of ties */
		order[i] = i;
	}
	sk_interrupt_hook = count_hook;
	sk_stable_order(big, key, order, scratch);
	sk_interrupt_hook = NULL;
	ok = 1;
	for (i = 1; i < big; i++)
		ok = ok && (key[order[i - 1]] < key[order[i]] ||
					(key[order[i - 1]] == key[order[i]] && order[i - 1] < order[i]));
	CHECK(ok);
	CHECK(hook_calls > 0);

	free(key);
	free(order);
	free(scratch);
	UNIT_DONE("stable_order");
}
