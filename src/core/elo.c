/*
 * elo.c - Elo rating formulas (Elo 1978; FIDE Handbook B.02 for K factors).
 */
#include <math.h>
#include <stddef.h>

#include "elo.h"
#include "normal.h"
#include "pairwise.h"

double
sk_elo_expected(double rating_a, double rating_b, double scale)
{
	return 1.0 / (1.0 + pow(10.0, (rating_b - rating_a) / scale));
}

double
sk_elo_expected_normal(double rating_a, double rating_b, double s)
{
	double		z = (rating_a - rating_b) / (SK_SQRT2 * s);

	/* inf/inf when both the difference and sqrt(2) s overflow (1e308). */
	if (isnan(z))
		z = (rating_a / s - rating_b / s) / SK_SQRT2;
	return sk_norm_cdf(z);
}

/* Checks shared by both period updates; spread is scale or s. */
static sk_status
check_period(double rating, int n, const double *opponents, const double *scores,
			 double k, double spread)
{
	if (!isfinite(rating) || !isfinite(k) || !isfinite(spread))
		return SK_ERR_NOT_FINITE;
	if (k < 0.0 || spread <= 0.0 || n < 0)
		return SK_ERR_RANGE;
	return sk_check_scored_games(n, opponents, scores);
}

/* A rating period with either expected-score model; spread is scale or s. */
static sk_status
rate_period(double rating, int n, const double *opponents, const double *scores,
			double k, double spread, double (*expected_score) (double, double, double),
			double *rating_out, double *expected_total_out)
{
	double		actual = 0.0;
	double		expected = 0.0;
	int			i;
	sk_status	status = check_period(rating, n, opponents, scores, k, spread);

	if (status != SK_OK)
		return status;
	for (i = 0; i < n; i++)
	{
		sk_check_interrupts_every(i);
		actual += scores[i];
		expected += expected_score(rating, opponents[i], spread);
	}
	/* A k near 1e308 overflows: an error, never an infinite rating. */
	if (!isfinite(rating + k * (actual - expected)))
		return SK_ERR_OVERFLOW;
	*rating_out = rating + k * (actual - expected);
	if (expected_total_out)
		*expected_total_out = expected;
	return SK_OK;
}

sk_status
sk_elo_rate_period(double rating, int n, const double *opponents,
				   const double *scores, double k, double scale,
				   double *rating_out, double *expected_total_out)
{
	return rate_period(rating, n, opponents, scores, k, scale, sk_elo_expected,
					   rating_out, expected_total_out);
}

sk_status
sk_elo_rate_period_normal(double rating, int n, const double *opponents,
						  const double *scores, double k, double s,
						  double *rating_out)
{
	return rate_period(rating, n, opponents, scores, k, s, sk_elo_expected_normal,
					   rating_out, NULL);
}

sk_status
sk_elo_mov_multiplier(double margin, double lead, int tie, double a, double b, double *out)
{
	double		divisor;

	if (!isfinite(margin) || !isfinite(lead) || !isfinite(a) || !isfinite(b))
		return SK_ERR_NOT_FINITE;
	if (margin < 0.0 || !(a > 0.0) || b < 0.0)
		return SK_ERR_RANGE;
	divisor = tie ? 1.0 : a + b * lead;
	if (!(divisor > 0.0))
		return SK_ERR_OVERFLOW;
	*out = log(fmax(margin, 1.0) + 1.0) * a / divisor;
	return isfinite(*out) ? SK_OK : SK_ERR_OVERFLOW;
}

sk_status
sk_elo_k_factor(double rating, double games_played,
				int n_thresholds, const double *thresholds,
				const double *ks, double provisional_games,
				double provisional_k, double *k_out)
{
	int			bracket = 0;
	int			i;

	if (!isfinite(rating) || !isfinite(games_played) ||
		!isfinite(provisional_games) || !isfinite(provisional_k))
		return SK_ERR_NOT_FINITE;
	if (n_thresholds < 0 || games_played < 0.0 || provisional_games < 0.0 ||
		provisional_k < 0.0)
		return SK_ERR_RANGE;
	for (i = 0; i <= n_thresholds; i++)
	{
		if (!isfinite(ks[i]) || (i < n_thresholds && !isfinite(thresholds[i])))
			return SK_ERR_NOT_FINITE;
		if (ks[i] < 0.0 || (i > 0 && i < n_thresholds &&
							thresholds[i] <= thresholds[i - 1]))
			return SK_ERR_RANGE;
	}

	if (games_played < provisional_games)
	{
		*k_out = provisional_k;
		return SK_OK;
	}
	while (bracket < n_thresholds && rating >= thresholds[bracket])
		bracket++;
	*k_out = ks[bracket];
	return SK_OK;
}

sk_status
sk_elo_rate_multi(int n, const double *ratings, const double *ranks,
				  double k, double scale, double *ratings_out)
{
	int			i,
				j;

	if (!isfinite(k) || !isfinite(scale))
		return SK_ERR_NOT_FINITE;
	if (k < 0.0 || scale <= 0.0)
		return SK_ERR_RANGE;
	if (n < 2)
		return SK_ERR_SIZE;
	for (i = 0; i < n; i++)
		if (!isfinite(ratings[i]) || !isfinite(ranks[i]))
			return SK_ERR_NOT_FINITE;

	for (i = 0; i < n; i++)
	{
		double		surplus = 0.0;

		for (j = 0; j < n; j++)
		{
			double		score;

			sk_check_interrupts_every(j);	/* j = 0: once per player, and a pow each */
			if (j == i)
				continue;
			score = ranks[i] < ranks[j] ? 1.0 : ranks[i] == ranks[j] ? 0.5 : 0.0;
			surplus += score - sk_elo_expected(ratings[i], ratings[j], scale);
		}
		ratings_out[i] = ratings[i] + k * surplus / (n - 1);
		if (!isfinite(ratings_out[i]))
			return SK_ERR_OVERFLOW;
	}
	return SK_OK;
}

void
sk_elo_rate_teams(int n_teams, const int *team_start, const double *team_rank,
				  sk_pair_score_fn pair_score, const void *pair_context,
				  const double *ratings, const double *k, double scale,
				  double *ratings_out)
{
	unsigned int steps = 0;
	int			t,
				u,
				i,
				j;

	for (t = 0; t < n_teams; t++)
		for (i = team_start[t]; i < team_start[t + 1]; i++)
		{
			double		surplus = 0.0;
			int			opponents = 0;

			for (u = 0; u < n_teams; u++)
			{
				double		score;

				if (u == t)
					continue;
				score = pair_score ? pair_score(pair_context, t, u)
					: sk_rank_score(team_rank[t], team_rank[u]);
				for (j = team_start[u]; j < team_start[u + 1]; j++)
				{
					sk_check_interrupts_every(++steps);	/* a pow each */
					surplus += score - sk_elo_expected(ratings[i], ratings[j], scale);
					opponents++;
				}
			}
			ratings_out[i] = ratings[i] + k[i] * surplus / opponents;
		}
}

double
sk_elo_k_schedule(double k_a, double k_b, double k_c, double n)
{
	return k_a / pow(n + k_b, k_c);
}

typedef struct EloModel
{
	const double *ratings;
	double		scale;			/* the logistic scale, or the Gaussian s */
} EloModel;

static double
elo_pair(const void *model, int i, int j)
{
	const EloModel *m = model;

	return sk_elo_expected(m->ratings[i], m->ratings[j], m->scale);
}

void
sk_elo_predict_teams(int n_teams, const int *team_start, const double *ratings,
					 double scale, double *team_prob)
{
	EloModel	m = {ratings, scale};

	sk_pairwise_team_probs(n_teams, team_start, elo_pair, &m, team_prob);
}

static double
elo_normal_pair(const void *model, int i, int j)
{
	const EloModel *m = model;

	return sk_elo_expected_normal(m->ratings[i], m->ratings[j], m->scale);
}

void
sk_elo_normal_predict_teams(int n_teams, const int *team_start, const double *ratings,
							double s, double *team_prob)
{
	EloModel	m = {ratings, s};

	sk_pairwise_team_probs(n_teams, team_start, elo_normal_pair, &m, team_prob);
}
