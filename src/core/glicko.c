/*
 * glicko.c - Glicko-1 rating period update and RD decay.
 */
#include <math.h>
#include <stddef.h>

#include "glicko.h"
#include "pairwise.h"
#include "normal.h"

double
sk_glicko_g(double rd)
{
	const double q = SK_GLICKO_Q;

	/* Past rd ~ 1e154 rd^2 overflows: g is then pi / (sqrt(3) q rd). */
	if (!isfinite(rd * rd))
		return SK_PI / (sqrt(3.0) * q * fabs(rd));
	return 1.0 / sqrt(1.0 + 3.0 * q * q * rd * rd / (SK_PI * SK_PI));
}

double
sk_glicko_expected(double rating, double opponent_rating, double opponent_rd)
{
	return 1.0 / (1.0 + pow(10.0, -sk_glicko_g(opponent_rd) *
							(rating - opponent_rating) / 400.0));
}

sk_status
sk_glicko_rate(double rating, double rd, int n,
			   const double *opp_rating, const double *opp_rd,
			   const double *scores, double *rating_out, double *rd_out)
{
	return sk_glicko_rate_weighted(rating, rd, n, opp_rating, opp_rd, scores, NULL,
								   rating_out, rd_out);
}

sk_status
sk_glicko_check_weights(int n, const double *weights)
{
	int			i;

	for (i = 0; weights != NULL && i < n; i++)
	{
		if (!isfinite(weights[i]))
			return SK_ERR_NOT_FINITE;
		if (weights[i] < 0.0)
			return SK_ERR_RANGE;
	}
	return SK_OK;
}

sk_status
sk_glicko_rate_weighted(double rating, double rd, int n,
						const double *opp_rating, const double *opp_rd,
						const double *scores, const double *weights,
						double *rating_out, double *rd_out)
{
	sk_glicko_sums sums = {0.0, 0.0, 0};
	int			i;
	sk_status	st;

	if (!isfinite(rating) || !isfinite(rd))
		return SK_ERR_NOT_FINITE;
	if (rd <= 0.0 || n < 0)
		return SK_ERR_RANGE;
	st = sk_glicko_check_games(n, opp_rating, opp_rd, scores);
	if (st == SK_OK)
		st = sk_glicko_check_weights(n, weights);
	if (st != SK_OK)
		return st;
	for (i = 0; i < n; i++)
	{
		sk_check_interrupts_every(i);
		(void) sk_glicko_sums_add(&sums, rating, opp_rating[i], opp_rd[i], scores[i],
								  weights ? weights[i] : 1.0);
	}
	return sk_glicko_rate_sums(rating, rd, &sums, rating_out, rd_out);
}

/* One game's checks: finite values, opponent RD >= 0, score in [0, 1], weight >= 0. */
sk_status
sk_glicko_check_game(double opp_rating, double opp_rd, double score, double weight)
{
	if (!isfinite(opp_rating) || !isfinite(opp_rd) || !isfinite(score))
		return SK_ERR_NOT_FINITE;
	if (opp_rd < 0.0 || score < 0.0 || score > 1.0)
		return SK_ERR_RANGE;
	if (!isfinite(weight))
		return SK_ERR_NOT_FINITE;
	if (weight < 0.0)
		return SK_ERR_RANGE;
	return SK_OK;
}

sk_status
sk_glicko_sums_add(sk_glicko_sums *sums, double rating, double opp_rating, double opp_rd,
				   double score, double weight)
{
	const double q = SK_GLICKO_Q;
	double		g,
				e;
	sk_status	st = sk_glicko_check_game(opp_rating, opp_rd, score, weight);

	if (st != SK_OK)
		return st;
	g = sk_glicko_g(opp_rd);
	e = sk_glicko_expected(rating, opp_rating, opp_rd);
	sums->information += weight * (q * q * g * g * e * (1.0 - e));
	sums->gain += weight * (g * (score - e));
	sums->games++;
	return SK_OK;
}

sk_status
sk_glicko_rate_sums(double rating, double rd, const sk_glicko_sums *sums,
					double *rating_out, double *rd_out)
{
	const double q = SK_GLICKO_Q;
	double		precision;

	if (!isfinite(rating) || !isfinite(rd))
		return SK_ERR_NOT_FINITE;
	if (rd <= 0.0)
		return SK_ERR_RANGE;
	if (sums->games == 0)
	{
		*rating_out = rating;
		*rd_out = rd;
		return SK_OK;
	}
	precision = 1.0 / (rd * rd) + sums->information;
	/* An RD near 1e300 and lopsided games give 0 precision: 0/0. */
	if (!(precision > 0.0) || !isfinite(rating + q / precision * sums->gain)
		|| !isfinite(sqrt(1.0 / precision)))
		return SK_ERR_OVERFLOW;
	*rating_out = rating + q / precision * sums->gain;
	*rd_out = sqrt(1.0 / precision);
	return SK_OK;
}

sk_status
sk_glicko_decay(double rd, double periods, double c, double rd_max, double *rd_out)
{
	if (!isfinite(rd) || !isfinite(periods) || !isfinite(c) || !isfinite(rd_max))
		return SK_ERR_NOT_FINITE;
	if (rd <= 0.0 || periods < 0.0 || c < 0.0 || rd_max <= 0.0)
		return SK_ERR_RANGE;
	/*
	 * hypot: an rd of 1e-200 must not square to 0, nor 1e200 to Infinity;
	 * and c is never squared, so no periods means no growth even for a c
	 * whose square would overflow (c * sqrt(0) is 0).
	 */
	*rd_out = fmin(hypot(rd, c * sqrt(periods)), rd_max);
	return SK_OK;
}

sk_status
sk_glicko_c_from_periods(double rd_typical, double periods_to_max, double rd_max,
						 double *c_out)
{
	double		c;

	if (!isfinite(rd_typical) || !isfinite(periods_to_max) || !isfinite(rd_max))
		return SK_ERR_NOT_FINITE;
	if (rd_typical <= 0.0 || rd_typical > rd_max || periods_to_max <= 0.0)
		return SK_ERR_RANGE;
	c = sqrt((rd_max * rd_max - rd_typical * rd_typical) / periods_to_max);
	if (!isfinite(c))
	{
		/* The squares or the quotient overflow: factor the difference. */
		c = sqrt(rd_max - rd_typical) * sqrt(rd_max / 2.0 + rd_typical / 2.0) *
			SK_SQRT2 / sqrt(periods_to_max);
		if (!isfinite(c))
			return SK_ERR_OVERFLOW;
	}
	*c_out = c;
	return SK_OK;
}

sk_status
sk_glicko_check_games(int n, const double *opp_rating, const double *opp_rd,
					  const double *scores)
{
	int			i;

	for (i = 0; i < n; i++)
	{
		if (!isfinite(opp_rating[i]) || !isfinite(opp_rd[i]) || !isfinite(scores[i]))
			return SK_ERR_NOT_FINITE;
		if (opp_rd[i] < 0.0 || scores[i] < 0.0 || scores[i] > 1.0)
			return SK_ERR_RANGE;
	}
	return SK_OK;
}

double
sk_glicko_win_probability(double rating_a, double rd_a, double rating_b, double rd_b)
{
	double		rd = sqrt(rd_a * rd_a + rd_b * rd_b);
	double		half;

	if (isfinite(rd))
		return 1.0 / (1.0 + pow(10.0, -sk_glicko_g(rd) * (rating_a - rating_b) / 400.0));

	/*
	 * The squares overflow (RDs past 1e154), where g(rd) = pi/(sqrt(3) q rd)
	 * to double precision; rd and the rating gap (up to 2e308) both halved.
	 */
	half = hypot(rd_a / 2.0, rd_b / 2.0);
	return 1.0 / (1.0 + pow(10.0, -SK_PI / (sqrt(3.0) * SK_GLICKO_Q) *
							((rating_a / 800.0 - rating_b / 800.0) / half)));
}

typedef struct GlickoModel
{
	const double *ratings;
	const double *rds;
} GlickoModel;

static double
glicko_pair(const void *model, int i, int j)
{
	const GlickoModel *m = model;

	return sk_glicko_win_probability(m->ratings[i], m->rds[i], m->ratings[j], m->rds[j]);
}

void
sk_glicko_predict_teams(int n_teams, const int *team_start, const double *ratings,
						const double *rds, double *team_prob)
{
	GlickoModel m = {ratings, rds};

	sk_pairwise_team_probs(n_teams, team_start, glicko_pair, &m, team_prob);
}
