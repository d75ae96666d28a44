/*
 * quasi_newton.h - minimisation within bounds for fitting a rating
 * system's parameters: a projected BFGS method with forward-difference
 * gradients, on coordinates scaled to the unit box.
 *
 * A rating system's log-loss is smooth in its parameters but they are
 * often strongly correlated (Elo's k_a against k_c) and on very different
 * scales, which stalls coordinate searches short of the valley floor.
 * BFGS learns the correlations from the gradients; scaling each parameter
 * by its bounds makes the method indifferent to units, and projecting on
 * the box (with an active set for the parameters pressed against a bound)
 * copes with an optimum on a bound, at 0 included, which a logit or log
 * transform would only approach.  A point where the objective is not a
 * number (a family refused the parameters) counts as +infinity: the line
 * search backs off from it, and the search never stops on it.
 */
#ifndef SKILL_CORE_QUASI_NEWTON_H
#define SKILL_CORE_QUASI_NEWTON_H

#include "status.h"

/* At most this many parameters (the method keeps an n x n matrix). */
#define SK_QN_MAX_PARAMS 16

/* The objective at x; NaN or +-Infinity: the point is refused. */
typedef double (*sk_qn_objective) (void *ctx, const double *x);

/* Asked before each evaluation: nonzero stops the search (a time limit). */
typedef int (*sk_qn_stop) (void *ctx);

typedef enum sk_qn_reason
{
	SK_QN_TOLERANCE,			/* converged: gradient or progress below tolerance */
	SK_QN_BUDGET,				/* max_evaluations reached */
	SK_QN_TIME,					/* the stop callback said so */
	SK_QN_NO_PROGRESS,			/* no step lowers the objective, gradient not small */
	SK_QN_STALLED,				/* converged: SK_QN_STALL_ITERATIONS steps on central
								 * differences lowered it by under stall_tolerance */
	SK_QN_FLAT					/* not converged: the objective does not change at
								 * all around the point (no gradient to follow) */
} sk_qn_reason;

/* The iterations over which a stall is judged. */
#define SK_QN_STALL_ITERATIONS 3

typedef struct sk_qn_options
{
	int			max_evaluations;	/* calls of the objective, gradients included */
	double		gradient_tolerance; /* of the projected gradient, unit-box scale */
	double		value_tolerance;	/* relative decrease that counts as none */
	double		stall_tolerance;	/* relative decrease over SK_QN_STALL_ITERATIONS
									 * iterations that counts as a stall; 0: none */
	double		step;			/* forward-difference step, unit-box scale */
} sk_qn_options;

typedef struct sk_qn_result
{
	double		value;			/* the objective at the returned x */
	int			evaluations;	/* every call of the objective */
	int			gradient_evaluations;	/* of those, for differences */
	int			iterations;
	sk_qn_reason reason;
	int			converged;
	double		projected_gradient; /* its largest component at the end */
} sk_qn_result;

void		sk_qn_default_options(sk_qn_options *o);

/*
 * Minimises f over lo[i] <= x[i] <= hi[i]; x holds the start (clamped into
 * the bounds) and receives the best point found.  lo[i] == hi[i] fixes
 * x[i].  stop may be NULL.  SK_ERR_RANGE for bad bounds or options,
 * SK_ERR_NOT_FINITE when the objective is refused at the start.
 */
sk_status	sk_qn_minimize(int n, double *x, const double *lo, const double *hi,
						   sk_qn_objective f, sk_qn_stop stop, void *ctx,
						   const sk_qn_options *o, sk_qn_result *result);

/* "stationary point", "budget", "time", "no progress", "stalled", "flat". */
const char *sk_qn_reason_name(sk_qn_reason reason);

#endif
