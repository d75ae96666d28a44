/*
 * elo.h - Elo ratings: logistic and Gaussian expected scores, K-factor
 * updates for a game or a rating period, bracketed K, and multiplayer Elo.
 *
 * Functions that can reject input return sk_status and write results
 * through pointers; pure formulas of already-valid numbers return doubles.
 */
#ifndef SKILL_CORE_ELO_H
#define SKILL_CORE_ELO_H

#include "status.h"

/* Logistic expected score of A against B: 1/(1 + 10^((rb - ra)/scale)). */
double		sk_elo_expected(double rating_a, double rating_b, double scale);

/*
 * Gaussian expected score: each performance ~ N(rating, s^2), so
 * P(A beats B) = Phi((ra - rb)/(sqrt 2 * s)) (Elo's original model).
 */
double		sk_elo_expected_normal(double rating_a, double rating_b, double s);

/*
 * One rating period against n opponents: R + K*(sum S - sum E).
 * With n = 1 this is the single-game update.  expected_total_out may be
 * NULL.  Returns SK_ERR_RANGE for a score outside [0,1], k < 0 or
 * scale <= 0, SK_ERR_NOT_FINITE for a non-finite input.
 */
sk_status	sk_elo_rate_period(double rating, int n, const double *opponents,
							   const double *scores, double k, double scale,
							   double *rating_out, double *expected_total_out);

/* The same with the Gaussian expected score (s is the performance SD). */
sk_status	sk_elo_rate_period_normal(double rating, int n, const double *opponents,
									  const double *scores, double k, double s,
									  double *rating_out);

/*
 * K from rating brackets: thresholds[] ascending (n_thresholds of them),
 * ks[] has n_thresholds + 1 entries, K = ks[number of thresholds <= rating].
 * While games_played < provisional_games, K = provisional_k instead.
 */
sk_status	sk_elo_k_factor(double rating, double games_played,
							int n_thresholds, const double *thresholds,
							const double *ks, double provisional_games,
							double provisional_k, double *k_out);

/*
 * Multiplayer Elo as pairwise games: every player meets every other, scoring
 * 1 / 0.5 / 0 by rank (lower is better, equal ranks draw).  The sum of
 * (S - E) over the n - 1 pairings is scaled by K/(n - 1), so two players get
 * plain Elo and a player's change stays within K whatever the field size.
 * The update is zero-sum.
 */
sk_status	sk_elo_rate_multi(int n, const double *ratings, const double *ranks,
							  double k, double scale, double *ratings_out);

/*
 * Team t's outcome against team u (1, 0.5, 0 or between), computed when
 * asked so that a match of many teams needs no n_teams^2 table.
 */
typedef double (*sk_pair_score_fn) (const void *context, int t, int u);

/*
 * A team match (see pairwise.h for the layout): every player meets every
 * player of the other teams, scored 1 / 0.5 / 0 by team rank, or by
 * pair_score(pair_context, t, u) when pair_score is not NULL; the summed
 * surplus over expectation is scaled by k[i] / (number of opponents), as
 * skill.elo_rate does with one k.  k holds each player's own K factor.
 * ratings_out may not alias ratings.
 */
void		sk_elo_rate_teams(int n_teams, const int *team_start, const double *team_rank,
							  sk_pair_score_fn pair_score, const void *pair_context,
							  const double *ratings, const double *k,
							  double scale, double *ratings_out);

/*
 * The margin-of-victory multiplier of a two-team match's K (the published
 * NFL/NBA Elo rule): ln(max(margin, 1) + 1) * a / (a + b * lead), where
 * margin is the absolute difference of the teams' scores and lead is the
 * winner's rating lead (home advantage included); a tie (tie != 0) takes
 * the divisor 1 in place of a + b * lead.  a > 0 and b >= 0 finite, margin
 * finite and >= 0; SK_ERR_RANGE otherwise, and SK_ERR_OVERFLOW where
 * a + b * lead is not positive (a winner trailing by a / b or more).
 */
sk_status	sk_elo_mov_multiplier(double margin, double lead, int tie, double a, double b,
								  double *out);

/*
 * A K-factor schedule by experience: k_a / (n + k_b)^k_c for a player with
 * n matches before this one (k_b + n must be > 0 when k_c > 0).
 */
double		sk_elo_k_schedule(double k_a, double k_b, double k_c, double n);

/* Each team's chance of winning a team match (pairwise.h), logistic Elo. */
void		sk_elo_predict_teams(int n_teams, const int *team_start, const double *ratings,
								 double scale, double *team_prob);

/* The same with Elo's Gaussian expected score (spread s). */
void		sk_elo_normal_predict_teams(int n_teams, const int *team_start,
										const double *ratings, double s,
										double *team_prob);

#endif
