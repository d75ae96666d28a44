/*
 * glicko2.h - Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013).
 *
 * Inputs and outputs are on the Glicko-1 scale (rating 1500, RD 350); the
 * conversion to the internal scale uses Glickman's rounded constant 173.7178.
 */
#ifndef SKILL_CORE_GLICKO2_H
#define SKILL_CORE_GLICKO2_H

#include "glicko.h"
#include "status.h"

#define SK_GLICKO2_SCALE	173.7178
#define SK_GLICKO2_CENTER	1500.0

/* Largest number of Illinois steps before we report SK_ERR_NO_CONVERGENCE. */
#define SK_GLICKO2_MAX_ITER 1000

typedef struct sk_glicko2
{
	double		rating;
	double		rd;
	double		vol;
} sk_glicko2;

/* Expected score of player against opponent (uses the opponent's RD). */
double		sk_glicko2_expected(double rating, double opponent_rating,
								double opponent_rd);

/*
 * One rating period against n opponents (their vol is unused).  n = 0 is an
 * inactive period: only the RD grows, to sqrt(phi^2 + vol^2) (no cap).
 * tau > 0 constrains the volatility change; epsilon > 0 stops the Illinois
 * iteration once |B - A| <= epsilon.
 */
sk_status	sk_glicko2_rate(const sk_glicko2 *player, int n,
							const double *opp_rating, const double *opp_rd,
							const double *scores, double tau, double epsilon,
							sk_glicko2 *out);

/*
 * The same with the period's own growth (step 6) counted as `periods`
 * periods: phi* = sqrt(phi^2 + periods vol'^2).  Glickman's update is
 * periods = 1; 0 rates a player whose RD was already grown to the
 * period's onset (the replays' calendar idle growth).  periods >= 0.
 */
sk_status	sk_glicko2_rate_periods(const sk_glicko2 *player, int n,
									const double *opp_rating, const double *opp_rd,
									const double *scores, double tau, double epsilon,
									double periods, sk_glicko2 *out);

/*
 * The same with a weight per game (weights NULL: all 1), as
 * sk_glicko_rate_weighted: each game's terms in v^-1 and in the gain are
 * multiplied by its weight, finite and >= 0.
 */
sk_status	sk_glicko2_rate_weighted(const sk_glicko2 *player, int n,
									 const double *opp_rating, const double *opp_rd,
									 const double *scores, const double *weights,
									 double tau, double epsilon, double periods,
									 sk_glicko2 *out);

/*
 * Glicko-2's terms of one game of a player rated rating into a period's
 * sums (glicko.h: v^-1 is the information), with the game's checks; the
 * sums are unchanged on an error.
 */
sk_status	sk_glicko2_sums_add(sk_glicko_sums *sums, double rating, double opp_rating,
								double opp_rd, double score, double weight);

/* Steps 5 to 8 from a period's sums (games 0: an inactive period, step 6 only). */
sk_status	sk_glicko2_rate_sums(const sk_glicko2 *player, const sk_glicko_sums *sums,
								 double tau, double epsilon, double periods, sk_glicko2 *out);

/*
 * RD after periods sat out: each grows phi to sqrt(phi^2 + vol^2), so k of
 * them add k vol^2 (Glickman, Glicko-2 step 6 for a player who did not
 * compete).
 */
double		sk_glicko2_idle_rd(double rd, double vol, double periods);

#endif
