/*
 * optimize.h - derivative-free minimisation within bounds, for fitting a
 * rating system's parameters: coordinate descent, each coordinate by a
 * golden-section search over its interval, narrowing the intervals around
 * the best point after every sweep.
 *
 * Rating systems' log-loss is smooth and mostly unimodal in each parameter,
 * so a few sweeps converge in tens of evaluations; the search never leaves
 * the bounds and never evaluates a point twice in a row.
 */
#ifndef SKILL_CORE_OPTIMIZE_H
#define SKILL_CORE_OPTIMIZE_H

#include "status.h"

/* The objective at x (n values); a NaN result counts as +infinity. */
typedef double (*sk_objective) (void *ctx, const double *x);

typedef struct sk_minimize_options
{
	int			max_evaluations;	/* stop after this many (>= 1) */
	int			max_sweeps;		/* coordinate sweeps (>= 1) */
	double		tolerance;		/* stop when a sweep improves by less */
	int			golden_steps;	/* golden-section steps per coordinate */
} sk_minimize_options;

void		sk_minimize_default_options(sk_minimize_options *o);

/*
 * Minimises f over lo[i] <= x[i] <= hi[i]; x holds the start (clamped into
 * the bounds) and receives the best point, *best its value, *evaluations
 * the number of calls of f.  lo[i] == hi[i] fixes x[i].
 */
sk_status	sk_minimize(int n, double *x, const double *lo, const double *hi,
						sk_objective f, void *ctx, const sk_minimize_options *o,
						double *best, int *evaluations);

/*
 * Checks that lo[i] <= hi[i] are finite and x[i] finite (SK_ERR_NOT_FINITE,
 * SK_ERR_RANGE), and moves each x[i] into [lo[i], hi[i]].
 */
sk_status	sk_clamp_to_bounds(int n, double *x, const double *lo, const double *hi);

#endif
