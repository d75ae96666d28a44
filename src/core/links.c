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

/* Each team's mean and variance (links.h) into mean and var. */
static sk_status
team_moments(sk_link link, int n_teams, const int *team_start, const double *mu,
			 const double *sigma, double beta, int per_player, double *mean, double *var)
{
	int			t,
				i;

	if (link != SK_LINK_LOGISTIC && link != SK_LINK_NORMAL)
		return SK_ERR_RANGE;
	if (n_teams < 2)
		return SK_ERR_SIZE;
	if (!isfinite(beta))
		return SK_ERR_NOT_FINITE;
	for (t = 0; t < n_teams; t++)
	{
		sk_check_interrupts();
		mean[t] = 0.0;
		var[t] = per_player ? 0.0 : beta * beta;
		for (i = team_start[t]; i < team_start[t + 1]; i++)
		{
			mean[t] += mu[i];
			var[t] += sigma[i] * sigma[i] + (per_player ? beta * beta : 0.0);
		}
		if (!isfinite(mean[t]) || !isfinite(var[t]))
			return SK_ERR_NOT_FINITE;
		if (!(var[t] > 0.0))
			return SK_ERR_RANGE;
	}
	return SK_OK;
}

sk_status
sk_link_match_probs(sk_link link, int n_teams, const int *team_start, const double *mu,
					const double *sigma, double beta, int per_player, double *prob,
					double *work)
{
	double	   *mean = work;
	double	   *var = work + n_teams;
	sk_status	st = team_moments(link, n_teams, team_start, mu, sigma, beta, per_player,
								  mean, var);

	if (st != SK_OK)
		return st;
	return sk_link_team_probs(link, n_teams, mean, var, prob);
}

sk_status
sk_link_match_draw(sk_link link, int n_teams, const int *team_start, const double *mu,
				   const double *sigma, double beta, int per_player, double margin,
				   double *prob, double *work)
{
	double	   *mean = work;
	double	   *var = work + n_teams;
	double		sum = 0.0;
	int			a,
				b;
	sk_status	st;

	if (!(margin >= 0.0) || !isfinite(margin))
		return SK_ERR_RANGE;
	st = team_moments(link, n_teams, team_start, mu, sigma, beta, per_player, mean, var);
	if (st != SK_OK)
		return st;
	for (a = 0; a < n_teams; a++)
	{
		sk_check_interrupts();
		for (b = a + 1; b < n_teams; b++)
		{
			double		d = mean[a] - mean[b];
			double		c = sqrt(var[a] + var[b]);

			sk_check_interrupts_every(b);
			sum += sk_link_probability(link, margin - d, c) -
				sk_link_probability(link, -margin - d, c);
		}
	}
	*prob = sum / ((double) n_teams * (n_teams - 1) / 2.0);
	return isfinite(*prob) ? SK_OK : SK_ERR_NOT_FINITE;
}
