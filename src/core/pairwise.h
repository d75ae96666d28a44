/*
 * pairwise.h - team matches played as games between every pair of players
 * on different teams: how the two-player systems (Elo, Glicko-1, Glicko-2)
 * rate and predict team and free-for-all matches.
 *
 * A match is n_teams teams; team t holds players team_start[t] ..
 * team_start[t + 1] - 1; team_rank[t] orders the teams (lower is better,
 * equal is a draw).
 */
#ifndef SKILL_CORE_PAIRWISE_H
#define SKILL_CORE_PAIRWISE_H

#include "status.h"

/* Score of team a against team b by rank: lower wins, equal draws. */
static inline double
sk_rank_score(double rank_a, double rank_b)
{
	return rank_a < rank_b ? 1.0 : rank_a == rank_b ? 0.5 : 0.0;
}

/* The chance that player i beats player j, from the caller's model. */
typedef double (*sk_pair_probability) (const void *model, int i, int j);

/*
 * Each team's chance of winning: its players' mean chance against every
 * player of the other teams, normalised so the teams' chances sum to 1.
 */
void		sk_pairwise_team_probs(int n_teams, const int *team_start,
								   sk_pair_probability prob, const void *model,
								   double *team_prob);

/*
 * Games against rated opponents: every opponent rating finite, every
 * score in [0, 1].  SK_ERR_NOT_FINITE or SK_ERR_RANGE otherwise.
 */
sk_status	sk_check_scored_games(int n, const double *opponents, const double *scores);

#endif
