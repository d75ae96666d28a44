/*
 * regression.h - least squares with an unpenalised intercept (and an
 * optional ridge on the coefficients), accumulated one row at a time in
 * O(p^2) memory as centred co-moments (Welford / Chan et al.), so that
 * partial states merge exactly and large means do not cancel, then solved
 * by Cholesky.  For placing new players from their match statistics.
 */
#ifndef SKILL_CORE_REGRESSION_H
#define SKILL_CORE_REGRESSION_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"

#define SK_REG_MAX_FEATURES 64

typedef struct sk_reg_state
{
	int			p;				/* features */
	int64_t		n;				/* rows */
	double		mean_y;
	double		cyy;			/* sum (y - mean_y)^2 */
	double		data[];			/* mean_x[p], cxy[p], cxx[p * p] */
} sk_reg_state;

size_t		sk_reg_state_size(int p);
sk_status	sk_reg_init(sk_reg_state *s, int p);
sk_status	sk_reg_add(sk_reg_state *s, const double *x, double y);
sk_status	sk_reg_merge(sk_reg_state *a, const sk_reg_state *b);

/*
 * Solves (C_xx + ridge I) b = C_xy: coefficients b (p), the intercept
 * mean_y - b . mean_x, the residual standard deviation sqrt(RSS / (n - p -
 * 1)) and R^2 = 1 - RSS / C_yy (NaN when y is constant).  SK_ERR_SIZE:
 * n <= p + 1 (no residual degrees of freedom); SK_ERR_RANGE: the features
 * are collinear (and ridge is 0); SK_ERR_OVERFLOW: finite data whose sums
 * or fit pass the largest double; work holds p * p doubles.
 */
sk_status	sk_reg_solve(const sk_reg_state *s, double ridge, double *coefficients,
						 double *intercept, double *residual_sd, double *r2, double *work);

#endif
