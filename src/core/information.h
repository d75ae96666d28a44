/*
 * information.h - standard errors from the observed information: the
 * covariance of maximum-likelihood estimates is the inverse of the
 * Hessian of the negative log-likelihood at the optimum.
 */
#ifndef SKILL_CORE_INFORMATION_H
#define SKILL_CORE_INFORMATION_H

#include "status.h"

/* What the Hessian says of a parameter. */
typedef enum sk_identified
{
	SK_IDENTIFIED = 0,
	SK_FLAT,					/* no positive curvature in it */
	SK_CONFOUNDED				/* its curvature is explained by earlier parameters */
} sk_identified;

/*
 * The covariance (n x n, row-major) of the parameters of Hessian H (n x n,
 * row-major, symmetric), inverted over the identified parameters only:
 * rows and columns of the others are NaN, and state[i] says why.  A
 * parameter is confounded when, the earlier identified ones given, less
 * than 1e-9 of its curvature is left (a correlation beyond 1 - 5e-10).
 * n <= 16.
 */
sk_status	sk_covariance(int n, const double *H, double *cov, sk_identified *state);

#endif
