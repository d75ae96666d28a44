/*
 * placement.h - placing a new player: the performance rating over its
 * first games (maximum a posteriori under a normal prior).
 */
#ifndef SKILL_CORE_PLACEMENT_H
#define SKILL_CORE_PLACEMENT_H

#include "status.h"

/*
 * The x maximising sum_i [s_i ln E_i + (1 - s_i) ln(1 - E_i)] -
 * (x - prior_mean)^2 / (2 prior_sd^2), E_i = 1/(1 + 10^((o_i - x)/scale)),
 * and its standard error 1/sqrt(I), I = sum_i (ln 10/scale)^2 E_i (1 - E_i)
 * + 1/prior_sd^2.  The objective is strictly concave, so Newton's method
 * (steps halved while they overshoot) converges; all wins or all losses
 * stay finite thanks to the prior.  Scores in [0, 1].
 */
sk_status	sk_performance_rating(int n, const double *opponents, const double *scores,
								  double prior_mean, double prior_sd, double scale,
								  double *rating_out, double *sd_out);

#endif
