/*
 * pairwise.c - team win chances from pairwise player chances (pairwise.h).
 */
#include <math.h>

#include "pairwise.h"

void
sk_pairwise_team_probs(int n_teams, const int *team_start, sk_pair_probability prob,
					   const void *model, double *team_prob)
{
	double		total = 0.0;
	unsigned int steps = 0;
	int			t,
				u,
				i,
				j;

	for (t = 0; t < n_teams; t++)
	{
		double		sum = 0.0;
		double		pairs = 0.0;	/* an int overflows at two teams of 50,000 */

		for (i = team_start[t]; i < team_start[t + 1]; i++)
			for (u = 0; u < n_teams; u++)
				for (j = team_start[u]; u != t && j < team_start[u + 1]; j++)
				{
					sk_check_interrupts_every(++steps);
					sum += prob(model, i, j);
					pairs++;
				}
		team_prob[t] = sum / pairs;
		total += team_prob[t];
	}
	for (t = 0; t < n_teams; t++)
		team_prob[t] /= total;
}

sk_status
sk_check_scored_games(int n, const double *opponents, const double *scores)
{
	int			i;

	for (i = 0; i < n; i++)
	{
		if (!isfinite(opponents[i]) || !isfinite(scores[i]))
			return SK_ERR_NOT_FINITE;
		if (scores[i] < 0.0 || scores[i] > 1.0)
			return SK_ERR_RANGE;
	}
	return SK_OK;
}
