/*
 * matchmaking.h - helpers for building matches from a queue: party
 * ratings and the widening skill window of the IMS matchmaker docs
 * (shared/seeds/ims-matchmaker-skill.txt), match scoring, and team
 * balancing.  matchmaking.c holds the first three, balance.c the last.
 *
 * Every function validates its input and writes its outputs only on SK_OK.
 */
#ifndef SKILL_CORE_MATCHMAKING_H
#define SKILL_CORE_MATCHMAKING_H

#include <stddef.h>

#include "status.h"

/* The IMS docs' recommended settings. */
#define SK_MM_DEFAULT_MAX_MU_WEIGHT			2.0
#define SK_MM_DEFAULT_MED_MU_WEIGHT			1.0
#define SK_MM_DEFAULT_ORDINAL_DEVIATIONS	3.0

/*
 * Party rating (IMS "Match Finding"):
 *		(max_w * max mu + med_w * median mu) / (max_w + med_w)
 *			- ordinal_deviations * mean sigma
 * The median of an even party is the mean of the two middle mus; a party
 * of one is mu - ordinal_deviations * sigma, the IMS rating of a solo
 * player.  Weights are >= 0 with a positive sum, ordinal_deviations >= 0,
 * sigma > 0.  work holds sk_mm_party_rating_workspace_size(n) bytes (the
 * mus are sorted there); it may be NULL when n <= 2.
 */
size_t		sk_mm_party_rating_workspace_size(int n);
sk_status	sk_mm_party_rating(int n, const double *mu, const double *sigma,
							   double max_mu_weight, double med_mu_weight,
							   double ordinal_deviations, double *out,
							   void *work);

/*
 * Skill window that widens with waiting time (IMS "Buckets").  Bucket i
 * (1-based) lasts bucket_seconds * i^2 and allows beta = max_beta * i /
 * buckets; the last bucket lasts for ever.  Buckets are half-open
 * [start, end): at the instant a bucket ends, the next one applies.  With
 * max_beta 20, 5 buckets of 10 s: [0,10) -> 4, [10,50) -> 8, [50,140) ->
 * 12, [140,300) -> 16, from 300 s on -> 20.  A negative wait (a ticket
 * stamped after the matcher's clock) counts as 0.  max_beta > 0,
 * buckets >= 1, bucket_seconds > 0.  bucket_out (1-based) may be NULL.
 */
sk_status	sk_mm_window_beta(double waited_seconds, double max_beta,
							  int buckets, double bucket_seconds,
							  double *beta_out, int *bucket_out);

/*
 * Match scoring in the shape of the IMS "data points": every term (skill,
 * and whatever else a queue weighs) is a score, normally in [0,1], with a
 * weight and a floor.  The match is acceptable when every term reaches
 * its floor (score >= floor); its score is the weighted mean of the terms.
 * Weights are >= 0 with a positive sum.  floors may be NULL (no floor).
 * *accepted_out is 1 or 0.
 */
sk_status	sk_mm_match_score(int n_terms, const double *score,
							  const double *weight, const double *floors,
							  double *total_out, int *accepted_out);

/*
 * The skill term of a match: max(0, 1 - spread / (2 beta)), spread = the
 * largest minus the smallest party rating in the match.  The IMS docs do
 * not publish their function; this one is ours, chosen so that their
 * default floor of 0.5 accepts exactly the matches whose ratings lie
 * within beta of each other (their "rating delta less than beta"), and a
 * match spanning -beta..+beta around a pivot scores 0.  beta > 0, n >= 1.
 */
sk_status	sk_mm_skill_score(int n, const double *rating, double beta,
							  double *score_out);

/*
 * Team balancing.  Assigns each of n_players a team 0 .. n_teams-1 in
 * team_out so that every team has the same head count, the members of a
 * party stay together, and the gap between the strongest and the weakest
 * team's total strength (sum of strengths) is as small as possible.
 * *gap_out gets that gap.
 *
 * - n_teams >= 2 and n_players must be a multiple of it; team_size is 0
 *	 (= n_players / n_teams) or must equal n_players / n_teams.
 * - party: NULL (everyone solo) or one id per player; players with equal
 *	 ids >= 0 form a party, a negative id means solo.
 * - Up to SK_MM_BALANCE_EXACT_MAX players the result is optimal (branch
 *	 and bound over parties; 16 players take well under a millisecond).
 *	 Beyond, a heuristic: parties (largest, then strongest first) and then
 *	 solos (strongest first) each go to the team with the smallest total
 *	 that has room; then equal-sized units (one for one, or two for two)
 *	 are swapped between teams while that pulls the totals together.  Its
 *	 gap is never worse than that greedy start's.  When the greedy cannot
 *	 fit the parties, a packing search finds a start that does.
 * - Teams are numbered in order of first appearance (player 0 is in team
 *	 0).  Strength may be any finite number (adding a constant to all does
 *	 not change the answer, since head counts are equal).
 * - work holds sk_mm_balance_workspace_size(n_players, n_teams) bytes
 *	 (0 for counts the function rejects anyway).
 *
 * Errors: SK_ERR_SIZE (bad counts, more than SK_MM_BALANCE_MAX_PLAYERS,
 * a party larger than a team, parties that cannot be packed into equal
 * teams), SK_ERR_NOT_FINITE, SK_ERR_RANGE (a negative party_bonus),
 * SK_ERR_OVERFLOW (strengths, or a party_bonus, so large that their sums
 * overflow), SK_ERR_NO_CONVERGENCE (the party packing search gave up
 * after its step budget; only with many large parties and no fit).
 */
#define SK_MM_BALANCE_EXACT_MAX		16
#define SK_MM_BALANCE_MAX_PLAYERS	1000

size_t		sk_mm_balance_workspace_size(int n_players, int n_teams);
sk_status	sk_mm_balance_teams(int n_players, const double *strength,
								const int *party, int n_teams, int team_size,
								int *team_out, double *gap_out, void *work);

/*
 * The same where premade parties are stronger than the sum of their
 * players: a party of k players adds party_bonus (k - 1) (>= 0) to its
 * team's strength, in the balancing and in *gap_out.
 */
sk_status	sk_mm_balance_teams_bonus(int n_players, const double *strength,
									  const int *party, int n_teams, int team_size,
									  double party_bonus, int *team_out, double *gap_out,
									  void *work);

#endif
