/*
 * design.c - the Halton design of start points (design.h).
 */
#include "design.h"

static const unsigned primes[SK_DESIGN_MAX_DIMENSIONS] = {
	2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53
};

/* The digits of index in base, mirrored about the radix point. */
static double
radical_inverse(unsigned index, unsigned base)
{
	double		inverse = 0;
	double		digit_value = 1.0 / base;

	while (index > 0)
	{
		inverse += (index % base) * digit_value;
		index /= base;
		digit_value /= base;
	}
	return inverse;
}

void
sk_design_point(unsigned index, int n, double *u)
{
	int			i;

	for (i = 0; i < n && i < SK_DESIGN_MAX_DIMENSIONS; i++)
		u[i] = radical_inverse(index, primes[i]);
}
