/*
 * outcome.c - fractional outcomes from scores (outcome.h).
 */
#include "outcome.h"

#include <math.h>

#define SHARE_CLAMP 0.01

double
sk_sigmoid(double x)
{
	double		e;

	if (x >= 0.0)
		return 1.0 / (1.0 + exp(-x));
	e = exp(x);
	return e / (1.0 + e);
}

static double
compare_scores(double a, double b)
{
	return a > b ? 1.0 : a < b ? 0.0 : 0.5;
}

sk_status
sk_outcome_share(double score_for, double score_against, double result, double w, double k,
				 double *out)
{
	double		share;

	if (!isfinite(score_for) || !isfinite(score_against) || !isfinite(w) || !isfinite(k))
		return SK_ERR_NOT_FINITE;
	if (score_for < 0.0 || score_against < 0.0 || w < 0.0 || w > 1.0 || k <= 0.0)
		return SK_ERR_RANGE;
	if (isnan(result))
		result = compare_scores(score_for, score_against);
	else if (result != 0.0 && result != 0.5 && result != 1.0)
		return SK_ERR_RANGE;
	if (score_for + score_against == 0.0)
	{
		*out = result;			/* no points at all: only the result says anything */
		return SK_OK;
	}
	share = fmin(fmax(score_for / (score_for + score_against), SHARE_CLAMP), 1.0 - SHARE_CLAMP);
	*out = w * result + (1.0 - w) * sk_sigmoid(k * log(share / (1.0 - share)));
	return SK_OK;
}

sk_status
sk_outcome_difference(double score_for, double score_against, double scale, double *out)
{
	if (!isfinite(score_for) || !isfinite(score_against) || !isfinite(scale))
		return SK_ERR_NOT_FINITE;
	if (scale <= 0.0)
		return SK_ERR_RANGE;
	*out = sk_sigmoid((score_for - score_against) / scale);
	return SK_OK;
}
