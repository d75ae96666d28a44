/*
 * draws.h - a two-team match's chances of a win, a draw and a loss from
 * the family's final prediction argument z (the logit, or the probit
 * argument for families whose two-team chance is a normal cdf, after home
 * advantage, predict_scale, contexts and length), by a draw model:
 *
 *   threshold (ordered logit / probit, TrueSkill's draw margin), delta >= 0:
 *     P(win) = F(z - delta), P(loss) = F(-z - delta), P(draw) = the rest
 *   davidson (Bradley-Terry with ties), nu >= 0:
 *     P(win) = e^{z/2} / D, P(loss) = e^{-z/2} / D, P(draw) = nu / D,
 *     D = e^{z/2} + e^{-z/2} + nu
 *
 * F is the logistic or the normal cdf.  Davidson's model is a logistic
 * one; a probit z is first put on the logit scale as z pi / sqrt(3) (the
 * logistic distribution with the normal's variance).  With delta = 0 or
 * nu = 0 both give the two-outcome chance F(z) and no draws.
 */
#ifndef SKILL_CORE_DRAWS_H
#define SKILL_CORE_DRAWS_H

#include "status.h"

typedef enum sk_draw_model
{
	SK_DRAW_NONE = 0,			/* two outcomes: P(win) = F(z), no draw */
	SK_DRAW_THRESHOLD,
	SK_DRAW_DAVIDSON
} sk_draw_model;

/*
 * The three chances (each in [0, 1], summing to 1) into *win, *draw, *loss.
 * param is delta (threshold) or nu (davidson), ignored for none.
 * SK_ERR_NOT_FINITE for a NaN z or param, SK_ERR_RANGE for param < 0.
 */
sk_status	sk_draw_probs(int normal, sk_draw_model model, double z, double param,
						  double *win, double *draw, double *loss);

/*
 * The model's parameter for a pair whose draw_rate_slope shift is shift:
 * delta + shift, at least 0 (threshold), or nu e^shift (davidson; nu
 * itself when nu or shift is 0).  Not capped: the caller caps at DBL_MAX.
 */
double		sk_draw_shifted(sk_draw_model model, double param, double shift);

/*
 * The parameter with which an even pair (z = 0) draws with chance rate in
 * [0, 1): delta = 2 atanh(rate) (logistic) or Phi^-1((1 + rate) / 2)
 * (normal) for threshold, nu = 2 rate / (1 - rate) for davidson.
 */
double		sk_draw_even_param(int normal, sk_draw_model model, double rate);

/*
 * The three-way log-loss of an outcome (1 win, 0.5 draw, 0 loss) under
 * the chances: -ln of the chance of what happened, clamped to [1e-15, 1].
 */
double		sk_three_way_log_loss(double win, double draw, double outcome);

#endif
