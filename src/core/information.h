/*
 * information.h - standard errors from the observed information: the
 * covariance of maximum-likelihood estimates is the inverse of the
 * Hessian of the negative log-likelihood at the optimum.
 */
#ifndef SKILL_CORE_INFORMATION_H
#define SKILL_CORE_INFORMATION_H

#include "status.h"

#define SK_INFORMATION_MAX 24

/*
 * A combination of parameters is taken for a singular direction of the
 * Hessian when its curvature is below this share of the largest, both in
 * units of each parameter's own curvature (the Hessian scaled to unit
 * diagonal): its standard error would be over 300 times the one with the
 * others fixed, finer than differences of replays measure.
 */
#define SK_SINGULAR_SHARE 1e-5

/* What the Hessian says of a parameter. */
typedef enum sk_identified
{
	SK_IDENTIFIED = 0,
	SK_FLAT,					/* no positive curvature in it */
	SK_CONFOUNDED,				/* part of a direction the Hessian is singular in */
	SK_NOT_MINIMUM				/* part of a direction of clearly negative curvature */
} sk_identified;

/*
 * The covariance (n x n, row-major) of the parameters of Hessian H (n x n,
 * row-major, symmetric).  A parameter with no positive curvature is flat.
 * Of the rest, scaled to unit curvature, a direction whose curvature is
 * below SK_SINGULAR_SHARE of the largest (or clearly negative) takes in
 * every parameter with a material part in it (a squared share of the unit
 * eigenvector above 1e-4); group[i] of those is the smallest index of
 * their set (directions sharing a parameter join), else -1.  The others'
 * covariance is the pseudo-inverse's, which leaves such directions out:
 * the exact limit for parameters with no part in them.  Rows and columns
 * of flat, confounded and not-minimum parameters are NaN; state[i] says
 * which.  n <= SK_INFORMATION_MAX.
 */
/*
 * Marks in weak[i] (1, else 0) the parameters with a material part in a
 * direction whose curvature, scaled as above, is below share of the
 * largest (or negative), and returns how many there are: where a Hessian
 * by differences needs more care.  Parameters without positive curvature
 * are not marked.
 */
int			sk_weak_parameters(int n, const double *H, double share, int *weak);

sk_status	sk_covariance(int n, const double *H, double *cov, sk_identified *state, int *group);

#endif
