/*
 * links.c - win probabilities through a logistic or normal link (links.h).
 */
#include <math.h>

#include "links.h"
#include "normal.h"

double
sk_link_probability(sk_link link, double d, double c)
{
	double		x = d / c;

	return link == SK_LINK_LOGISTIC ? 1.0 / (1.0 + exp(-x)) : sk_norm_cdf(x);
}

sk_status
sk_link_team_probs(sk_link link, int n_teams, const double *mean, const double *var,
				   double *prob)
{
	double		total = 0.0;
	int			a,
				b;

	if (link != SK_LINK_LOGISTIC && link != SK_LINK_NORMAL)
		return SK_ERR_RANGE;
	if (n_teams < 2)
		return SK_ERR_SIZE;
	for (a = 0; a < n_teams; a++)
	{
		if (!isfinite(mean[a]) || !isfinite(var[a]))
			return SK_ERR_NOT_FINITE;
		if (!(var[a] > 0.0))
			return SK_ERR_RANGE;
	}
	for (a = 0; a < n_teams; a++)
	{
		double		sum = 0.0;

		sk_check_interrupts();
		for (b = 0; b < n_teams; b++)
			if (b != a)
				sum += sk_link_probability(link, mean[a] - mean[b], sqrt(var[a] + var[b]));
		prob[a] = sum / (n_teams - 1);
		total += prob[a];
	}
	/* Two teams already sum to 1; normalising keeps that exact. */
	if (n_teams > 2)
		for (a = 0; a < n_teams; a++)
			prob[a] /= total;
	return SK_OK;
}

sk_status
sk_link_match_probs(sk_link link, int n_teams, const int *team_start, const double *mu,
					const double *sigma, double beta, int per_player, double *prob,
					double *work)
{
	double	   *mean = work;
	double	   *var = work + n_teams;
	int			t,
				i;

	if (n_teams < 2)
		return SK_ERR_SIZE;
	if (!isfinite(beta))
		return SK_ERR_NOT_FINITE;
	for (t = 0; t < n_teams; t++)
	{
		mean[t] = 0.0;
		var[t] = per_player ? 0.0 : beta * beta;
		for (i = team_start[t]; i < team_start[t + 1]; i++)
		{
			mean[t] += mu[i];
			var[t] += sigma[i] * sigma[i] + (per_player ? beta * beta : 0.0);
		}
	}
	return sk_link_team_probs(link, n_teams, mean, var, prob);
}
