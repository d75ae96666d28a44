/*
 * paired.c - paired differences of per-match losses (paired.h), by
 * Welford's updates, which stay exact to the last digits where a sum of
 * squares would cancel.
 */
#include <math.h>

#include "paired.h"

void
sk_paired_diff_init(sk_paired_diff *p)
{
	p->n = p->mean_a = p->mean_d = p->m2_d = 0;
}

void
sk_paired_diff_add(sk_paired_diff *p, double a, double b)
{
	double		d = b - a;
	double		delta = d - p->mean_d;

	p->n += 1;
	p->mean_a += (a - p->mean_a) / p->n;
	p->mean_d += delta / p->n;
	p->m2_d += delta * (d - p->mean_d);
}

double
sk_paired_diff_mean_a(const sk_paired_diff *p)
{
	return p->n > 0 ? p->mean_a : NAN;
}

double
sk_paired_diff_mean(const sk_paired_diff *p)
{
	return p->n > 0 ? p->mean_d : NAN;
}

double
sk_paired_diff_se(const sk_paired_diff *p)
{
	return p->n > 1 ? sqrt(p->m2_d / (p->n - 1) / p->n) : NAN;
}
