/*
 * placement.c - the performance rating of a new player (placement.h).
 */
#include <math.h>

#include "pairwise.h"
#include "placement.h"

#define LN10 2.302585092994045684

/* The objective's value, slope and information (minus the curvature) at x. */
static double
objective(int n, const double *o, const double *s, double mean, double sd, double scale,
		  double x, double *slope, double *info)
{
	double		a = LN10 / scale;
	double		value = -(x - mean) * (x - mean) / (2.0 * sd * sd);
	int			i;

	*slope = -(x - mean) / (sd * sd);
	*info = 1.0 / (sd * sd);
	for (i = 0; i < n; i++)
	{
		double		z = a * (x - o[i]);		/* E = sigmoid(z) */
		double		e = 1.0 / (1.0 + exp(-z));

		/* ln E = -log1p(e^-z), ln(1 - E) = -log1p(e^z), stably */
		value -= s[i] * (z > 0 ? log1p(exp(-z)) : log1p(exp(z)) - z) +
			(1.0 - s[i]) * (z > 0 ? log1p(exp(-z)) + z : log1p(exp(z)));
		*slope += a * (s[i] - e);
		*info += a * a * e * (1.0 - e);
	}
	return value;
}

sk_status
sk_performance_rating(int n, const double *opponents, const double *scores,
					  double prior_mean, double prior_sd, double scale,
					  double *rating_out, double *sd_out)
{
	double		x = prior_mean,
				slope,
				info,
				value;
	int			iter;
	sk_status	games;

	if (!isfinite(prior_mean) || !isfinite(prior_sd) || !isfinite(scale))
		return SK_ERR_NOT_FINITE;
	if (prior_sd <= 0.0 || scale <= 0.0 || n < 0)
		return SK_ERR_RANGE;
	games = sk_check_scored_games(n, opponents, scores);
	if (games != SK_OK)
		return games;
	value = objective(n, opponents, scores, prior_mean, prior_sd, scale, x, &slope, &info);
	for (iter = 0; iter < 200; iter++)
	{
		double		step = slope / info,
					next_slope,
					next_info,
					next;

		sk_check_interrupts();
		next = objective(n, opponents, scores, prior_mean, prior_sd, scale, x + step,
						 &next_slope, &next_info);
		while (next < value && fabs(step) > 1e-12 * (1.0 + fabs(x)))
		{
			step /= 2.0;
			next = objective(n, opponents, scores, prior_mean, prior_sd, scale, x + step,
							 &next_slope, &next_info);
		}
		x += step;
		value = next;
		slope = next_slope;
		info = next_info;
		if (fabs(step) <= 1e-12 * (1.0 + fabs(x)))
			break;
	}
	if (!isfinite(x) || !isfinite(info) || info <= 0.0)
		return SK_ERR_RANGE;
	*rating_out = x;
	*sd_out = 1.0 / sqrt(info);
	return SK_OK;
}

sk_status
sk_calibration_search(int n, const double *results, double low, double high, double shrink,
					  double *rating_out, double *step_out)
{
	double		rating = low + (high - low) / 2.0;
	double		step = (high - low) / 4.0;
	int			k;

	if (!isfinite(low) || !isfinite(high) || !isfinite(shrink))
		return SK_ERR_NOT_FINITE;
	if (!(high > low) || !(shrink > 0.0 && shrink <= 1.0) || n < 0)
		return SK_ERR_RANGE;
	if (!isfinite(high - low))
	{
		/* The range is wider than the largest double: halve before adding. */
		rating = 0.5 * low + 0.5 * high;
		step = 0.25 * high - 0.25 * low;
	}
	/* A step past either end gives at most +-Infinity, which fmin/fmax clamp. */
	for (k = 0; k < n; k++)
	{
		if (!isfinite(results[k]))
			return SK_ERR_NOT_FINITE;
		if (results[k] < 0.0 || results[k] > 1.0)
			return SK_ERR_RANGE;
		rating = fmin(high, fmax(low, rating + step * (2.0 * results[k] - 1.0)));
		step *= shrink;
	}
	*rating_out = rating;
	*step_out = step;
	return SK_OK;
}
