/*
 * matchmaking.c - party ratings, the widening skill window and match
 * scores (see matchmaking.h; team balancing is in balance.c).
 */
#include <math.h>
#include <stdlib.h>

#include "matchmaking.h"

size_t
sk_mm_party_rating_workspace_size(int n)
{
	return n > 0 ? (size_t) n * sizeof(double) : 0;
}

static int
cmp_double(const void *a, const void *b)
{
	double		x = *(const double *) a;
	double		y = *(const double *) b;

	return (x > y) - (x < y);
}

sk_status
sk_mm_party_rating(int n, const double *mu, const double *sigma,
				   double max_mu_weight, double med_mu_weight,
				   double ordinal_deviations, double *out, void *work)
{
	double		max_mu,
				median,
				sum_sigma = 0.0,
				base,
				result;
	int			i;

	if (n < 1)
		return SK_ERR_SIZE;
	if (!isfinite(max_mu_weight) || !isfinite(med_mu_weight) ||
		!isfinite(ordinal_deviations))
		return SK_ERR_NOT_FINITE;
	for (i = 0; i < n; i++)
		if (!isfinite(mu[i]) || !isfinite(sigma[i]))
			return SK_ERR_NOT_FINITE;
	if (max_mu_weight < 0.0 || med_mu_weight < 0.0 ||
		max_mu_weight + med_mu_weight <= 0.0 || ordinal_deviations < 0.0)
		return SK_ERR_RANGE;
	for (i = 0; i < n; i++)
		if (sigma[i] <= 0.0)
			return SK_ERR_RANGE;

	if (n <= 2)
	{
		max_mu = n == 1 ? mu[0] : fmax(mu[0], mu[1]);
		median = n == 1 ? mu[0] : 0.5 * mu[0] + 0.5 * mu[1];
	}
	else
	{
		double	   *sorted = (double *) work;

		for (i = 0; i < n; i++)
			sorted[i] = mu[i];
		qsort(sorted, n, sizeof(double), cmp_double);
		max_mu = sorted[n - 1];
		/* Halves before adding: no overflow for mus near DBL_MAX. */
		median = n % 2 ? sorted[n / 2]
			: 0.5 * sorted[n / 2 - 1] + 0.5 * sorted[n / 2];
	}
	for (i = 0; i < n; i++)
		sum_sigma += sigma[i];

	base = (max_mu_weight * max_mu + med_mu_weight * median) /
		(max_mu_weight + med_mu_weight);
	result = base - ordinal_deviations * (sum_sigma / n);
	if (!isfinite(result))
		return SK_ERR_OVERFLOW;
	*out = result;
	return SK_OK;
}

sk_status
sk_mm_window_beta(double waited_seconds, double max_beta, int buckets,
				  double bucket_seconds, double *beta_out, int *bucket_out)
{
	int			lo,
				hi;

	if (!isfinite(waited_seconds) || !isfinite(max_beta) ||
		!isfinite(bucket_seconds))
		return SK_ERR_NOT_FINITE;
	if (max_beta <= 0.0 || buckets < 1 || bucket_seconds <= 0.0)
		return SK_ERR_RANGE;

	/*
	 * Bucket i ends at bucket_seconds * (1^2 + ... + i^2) = bucket_seconds *
	 * i(i+1)(2i+1)/6.  Find the first bucket whose end lies after the wait
	 * by bisection (buckets may be large); the last one never ends.  The
	 * product is formed as written, so the docs' 10/50/140/300 s boundaries
	 * come out exact.
	 */
	lo = 1;
	hi = buckets;
	while (lo < hi)
	{
		int			mid = lo + (hi - lo) / 2;
		double		i = (double) mid;
		double		end = bucket_seconds * (i * (i + 1.0) * (2.0 * i + 1.0) / 6.0);

		if (waited_seconds < end)
			hi = mid;
		else
			lo = mid + 1;
	}
	*beta_out = lo == buckets ? max_beta : max_beta * lo / buckets;
	/* max_beta * lo overflows past 1e308 / buckets: the fraction first then. */
	if (!isfinite(*beta_out))
		*beta_out = max_beta * ((double) lo / buckets);
	if (bucket_out)
		*bucket_out = lo;
	return SK_OK;
}

sk_status
sk_mm_match_score(int n_terms, const double *score, const double *weight,
				  const double *floors, double *total_out, int *accepted_out)
{
	double		sum_w = 0.0,
				sum_ws = 0.0;
	int			accepted = 1;
	int			i;

	if (n_terms < 1)
		return SK_ERR_SIZE;
	for (i = 0; i < n_terms; i++)
		if (!isfinite(score[i]) || !isfinite(weight[i]) ||
			(floors && !isfinite(floors[i])))
			return SK_ERR_NOT_FINITE;
	for (i = 0; i < n_terms; i++)
	{
		if (weight[i] < 0.0)
			return SK_ERR_RANGE;
		sum_w += weight[i];
		sum_ws += weight[i] * score[i];
		if (floors && score[i] < floors[i])
			accepted = 0;
	}
	if (!(sum_w > 0.0) || !isfinite(sum_w) || !isfinite(sum_ws))
		return SK_ERR_RANGE;
	*total_out = sum_ws / sum_w;
	*accepted_out = accepted;
	return SK_OK;
}

sk_status
sk_mm_skill_score(int n, const double *rating, double beta, double *score_out)
{
	double		lo,
				hi,
				spread;
	int			i;

	if (n < 1)
		return SK_ERR_SIZE;
	if (!isfinite(beta))
		return SK_ERR_NOT_FINITE;
	for (i = 0; i < n; i++)
		if (!isfinite(rating[i]))
			return SK_ERR_NOT_FINITE;
	if (beta <= 0.0)
		return SK_ERR_RANGE;

	lo = hi = rating[0];
	for (i = 1; i < n; i++)
	{
		lo = fmin(lo, rating[i]);
		hi = fmax(hi, rating[i]);
	}
	/* An infinite spread (ratings near +-DBL_MAX) scores 0, as it should. */
	spread = hi - lo;
	*score_out = fmax(0.0, 1.0 - 0.5 * (spread / beta));
	return SK_OK;
}
