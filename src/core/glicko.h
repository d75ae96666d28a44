/*
 * glicko.h - Glicko-1 (Glickman, "The Glicko system", 1995).
 *
 * Ratings and RDs are on the familiar 1500/350 scale.  An opponent's RD may
 * be 0 (a rating known exactly: g = 1); the rated player's RD must be > 0
 * because the update divides by it.
 */
#ifndef SKILL_CORE_GLICKO_H
#define SKILL_CORE_GLICKO_H

#include <stdint.h>

#include "status.h"

/* q = ln(10)/400, the constant that turns base-10 logistic into base e. */
#define SK_GLICKO_Q (2.30258509299404568402 / 400.0)

/* g(RD) = 1/sqrt(1 + 3 q^2 RD^2 / pi^2): discounts uncertain opponents. */
double		sk_glicko_g(double rd);

/* E(s | r, r_j, RD_j) = 1/(1 + 10^(-g(RD_j)(r - r_j)/400)). */
double		sk_glicko_expected(double rating, double opponent_rating,
							   double opponent_rd);

/*
 * Step 2 of the paper: one rating period against n opponents (n = 0 leaves
 * the player unchanged).  The RD is used as given (apply sk_glicko_decay
 * first for step 1).  Scores must lie in [0,1].
 */
sk_status	sk_glicko_rate(double rating, double rd, int n,
						   const double *opp_rating, const double *opp_rd,
						   const double *scores,
						   double *rating_out, double *rd_out);

/*
 * The same with a weight per game (weights NULL: all 1): each game's terms
 * in the period's sums, g^2 E (1 - E) and g (s - E), are multiplied by its
 * weight, finite and >= 0 (SK_ERR_RANGE otherwise); weight 0 is a game not
 * played, and an integer weight w is the game played w times.
 */
sk_status	sk_glicko_rate_weighted(double rating, double rd, int n,
									const double *opp_rating, const double *opp_rd,
									const double *scores, const double *weights,
									double *rating_out, double *rd_out);

/*
 * A player's rating period as the two sums the update reads, so that a
 * period can be gathered game by game in O(1) memory a player (a
 * free-for-all of n players has n^2 games): information, the sum of
 * w g^2 E (1 - E) (Glicko-1: times q^2), and gain, the sum of w g (s - E),
 * added in game order, as the array forms add them (the same bits).  The
 * Glicko-1 and Glicko-2 forms share it; start from all zero.
 */
typedef struct sk_glicko_sums
{
	double		information;
	double		gain;
	int64_t		games;
} sk_glicko_sums;

/*
 * Adds one game of a player rated rating (Glicko-1's terms): the checks of
 * sk_glicko_check_games and sk_glicko_check_weights on it; the sums are
 * unchanged on an error.
 */
sk_status	sk_glicko_sums_add(sk_glicko_sums *sums, double rating, double opp_rating,
							   double opp_rd, double score, double weight);

/* Step 2 from a period's sums (games 0: the player unchanged). */
sk_status	sk_glicko_rate_sums(double rating, double rd, const sk_glicko_sums *sums,
								double *rating_out, double *rd_out);

/* Weights finite and >= 0 (NULL: none, all 1). */
sk_status	sk_glicko_check_weights(int n, const double *weights);

/* Step 1: RD grows with t idle periods, RD' = min(sqrt(RD^2 + c^2 t), rd_max). */
sk_status	sk_glicko_decay(double rd, double periods, double c, double rd_max,
							double *rd_out);

/* c such that a typical RD reaches rd_max after the given number of periods. */
sk_status	sk_glicko_c_from_periods(double rd_typical, double periods_to_max,
									 double rd_max, double *c_out);

/* One game: finite values, opponent RD >= 0, score in [0, 1], weight finite and >= 0. */
sk_status	sk_glicko_check_game(double opp_rating, double opp_rd, double score, double weight);

/* Games of a period: finite values, opponent RD >= 0, scores in [0, 1]. */
sk_status	sk_glicko_check_games(int n, const double *opp_rating, const double *opp_rd,
								  const double *scores);

/*
 * The chance that a beats b, both ratings uncertain (Glickman 1999, eq. 16):
 * 1 / (1 + 10^(-g(sqrt(rd_a^2 + rd_b^2)) (r_a - r_b) / 400)).
 */
double		sk_glicko_win_probability(double rating_a, double rd_a,
									  double rating_b, double rd_b);

/* Each team's chance of winning a team match (pairwise.h). */
void		sk_glicko_predict_teams(int n_teams, const int *team_start,
									const double *ratings, const double *rds,
									double *team_prob);

#endif
