/*
 * outcome.h - a match's outcome for one side as a number in [0, 1], from
 * the scores (points, games, goals) rather than only who won: the score
 * margins.  Elo and the Glicko families are defined for such
 * fractional outcomes.
 *
 *	 rank:        1, 0.5 or 0 (won, drew, lost)
 *	 share:       w r + (1 - w) sigmoid(k logit(clamp(share, 0.01, 0.99)))
 *	              with share = for / (for + against); both scores 0: r
 *	 difference:  sigmoid((for - against) / scale)
 *
 * The share outcome follows the scores even where the winner by rank
 * scored less (a tennis winner can win fewer games).
 */
#ifndef SKILL_CORE_OUTCOME_H
#define SKILL_CORE_OUTCOME_H

#include "status.h"

/* sigmoid(x) = 1 / (1 + e^-x), without overflow for large |x|. */
double		sk_sigmoid(double x);

/*
 * The share outcome.  result is r (1, 0.5 or 0), or NaN to take it from
 * comparing the scores.  Scores finite and >= 0, w in [0, 1], k > 0 and
 * finite; SK_ERR_NOT_FINITE / SK_ERR_RANGE otherwise.
 */
sk_status	sk_outcome_share(double score_for, double score_against, double result,
							 double w, double k, double *out);

/* The difference outcome; scores finite, scale > 0 and finite. */
sk_status	sk_outcome_difference(double score_for, double score_against, double scale,
								  double *out);

#endif
