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

/*
 * Calibration by a shrinking search: start in the middle of [low, high];
 * after result s_k (1 win, 0.5 draw, 0 loss) of calibration match k
 * (0-based) move by step_k (2 s_k - 1), step_k = (high - low)/4 shrink^k,
 * staying within [low, high].  A win moves up, a loss down, and the steps
 * shrink so that one upset late in calibration cannot move far, while
 * (with shrink > 1/2) early upsets can still be made up.  *rating_out is
 * the rating to look for opponents at next (after the last calibration
 * match: the placement), *step_out the next step.
 */
sk_status	sk_calibration_search(int n, const double *results, double low, double high,
								  double shrink, double *rating_out, double *step_out);

#endif
