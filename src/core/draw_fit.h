/*
 * draw_fit.h - fitting the parameters that shape only the prediction
 * under a draw model (predict_scale, context_weight, length_exponent, and
 * the model's parameter and draw_rate_slope) by maximum likelihood on
 * recorded pre-match quantities (adjust.h, draws.h), so that a fit of a
 * rating system need not replay the history for them.
 *
 * Each match's chances are those of the replay:
 *
 *	 z     = a sk_adjust_z(z, z_context, lambda, length, gamma)
 *	 param = sk_draw_shifted(model, base, slope level)
 *	 (win, draw, loss) = sk_draw_probs(normal, model, z, param)
 *
 * base being the model's parameter (delta or nu), or the match's own
 * recorded margin where the family has one (TrueSkill's native margin);
 * the loss is -ln of the chance of what happened (sk_three_way_log_loss),
 * or with expected set the log-loss of the expected score win + draw/2
 * against the outcome (sk_score_log_loss: a binary score).
 */
#ifndef SKILL_CORE_DRAW_FIT_H
#define SKILL_CORE_DRAW_FIT_H

#include "draws.h"
#include "status.h"

/* The parameters theta, in this order. */
enum
{
	SK_DRAW_FIT_SCALE, SK_DRAW_FIT_WEIGHT, SK_DRAW_FIT_EXPONENT, SK_DRAW_FIT_PARAM,
	SK_DRAW_FIT_SLOPE, SK_DRAW_FIT_THETA
};

typedef struct sk_draw_fit_data
{
	int			normal;			/* link */
	sk_draw_model model;
	long		n;
	const double *z;			/* n: from the overall ratings */
	const double *z_context;	/* n: from the context ratings (NaN: none) */
	const double *length;		/* n: 1 when none */
	const double *outcome;		/* n: 1, 0.5 or 0 for the first team */
	const double *level;		/* n: the pair's level for the slope (NaN: none) */
	const double *margin;		/* n: each match's own base parameter, or NULL */
	int			expected;		/* score the expected score (binary) */
} sk_draw_fit_data;

/* Match i's log-loss under theta. */
double		sk_draw_fit_one(const sk_draw_fit_data *d, const double *theta, long i);

/* Mean log-loss over the data (NaN for n = 0). */
double		sk_draw_fit_loss(const sk_draw_fit_data *d, const double *theta);

/*
 * Fits the parameters marked in searched, each within [lo, hi], by least
 * mean log-loss (the projected quasi-Newton method of
 * quasi_newton.h, at most max_evaluations passes over the data); theta
 * holds the start (the others stay fixed) and receives the fit, *loss its
 * mean log-loss.  poll (may be NULL) is called with poll_ctx before each
 * pass over the data, where a caller checks for a cancel; nonzero stops
 * the fit at its best point so far.
 */
sk_status	sk_draw_fit(const sk_draw_fit_data *d, const int *searched, const double *lo,
						const double *hi, int max_evaluations, int (*poll) (void *),
						void *poll_ctx, double *theta, double *loss);

#endif
