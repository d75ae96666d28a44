/*
 * normal.h - the standard normal distribution, as the rating systems use it.
 *
 * Two CDFs are offered on purpose: the erfc form is accurate far into the
 * lower tail (TrueSkill's reference uses scipy's exact ndtr), while the erf
 * form reproduces Python's statistics.NormalDist bit for bit, which the
 * OpenSkill reference uses and whose rounding its branch points depend on.
 */
#ifndef SKILL_CORE_NORMAL_H
#define SKILL_CORE_NORMAL_H

#define SK_SQRT2		1.41421356237309504880
#define SK_SQRT2PI		2.50662827463100050242
#define SK_PI			3.14159265358979323846
#define SK_LN10			2.30258509299404568402

/* Density of N(0,1). */
double		sk_norm_pdf(double x);

/* CDF of N(0,1) as 0.5*erfc(-x/sqrt 2): no cancellation in either tail. */
double		sk_norm_cdf(double x);

/* CDF of N(0,1) as 0.5*(1 + erf(x/sqrt 2)), Python's NormalDist.cdf. */
double		sk_norm_cdf_erf(double x);

/*
 * Inverse CDF of N(0,1) for 0 < p < 1 (Wichura's AS241, about 1e-16
 * relative accuracy; the same algorithm as Python's NormalDist.inv_cdf).
 * Returns -/+HUGE_VAL at p = 0 / 1 and NaN outside [0, 1].
 */
double		sk_norm_ppf(double p);

#endif
