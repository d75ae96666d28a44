/*
 * paired.h - the mean difference of two systems' losses on the same
 * matches and its standard error, from the per-match differences (the
 * matches are shared, so their own variation cancels out).
 */
#ifndef SKILL_CORE_PAIRED_H
#define SKILL_CORE_PAIRED_H

typedef struct sk_paired_diff
{
	double		n;
	double		mean_a;			/* of the first system's losses */
	double		mean_d;			/* of b - a */
	double		m2_d;			/* sum of squared deviations of b - a (Welford) */
} sk_paired_diff;

void		sk_paired_diff_init(sk_paired_diff *p);

/* One match: the first system's loss a, the second's b. */
void		sk_paired_diff_add(sk_paired_diff *p, double a, double b);

double		sk_paired_diff_mean_a(const sk_paired_diff *p);

/* Mean of b - a (NaN without matches). */
double		sk_paired_diff_mean(const sk_paired_diff *p);

/* Its standard error, sd(b - a) / sqrt(n) (NaN with fewer than two matches). */
double		sk_paired_diff_se(const sk_paired_diff *p);

#endif
