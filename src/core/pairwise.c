/*
 * pairwise.c - team win chances from pairwise player chances (pairwise.h).
 */
#include "pairwise.h"

void
sk_pairwise_team_probs(int n_teams, const int *team_start, sk_pair_probability prob,
					   const void *model, double *team_prob)
{
	double		total = 0.0;
	int			t,
				u,
				i,
				j;

	for (t = 0; t < n_teams; t++)
	{
		double		sum = 0.0;
		int			pairs = 0;

		for (i = team_start[t]; i < team_start[t + 1]; i++)
			for (u = 0; u < n_teams; u++)
				for (j = team_start[u]; u != t && j < team_start[u + 1]; j++)
				{
					sum += prob(model, i, j);
					pairs++;
				}
		team_prob[t] = sum / pairs;
		total += team_prob[t];
	}
	for (t = 0; t < n_teams; t++)
		team_prob[t] /= total;
}
