/*
 * adjust.c - the prediction's adjustments and their fits (adjust.h).
 */
#include <math.h>
#include <string.h>

#include "adjust.h"
#include "normal.h"
#include "outcome.h"

#define P_MIN 1e-15

static double
clamp_p(double p)
{
	return p < P_MIN ? P_MIN : p > 1 - P_MIN ? 1 - P_MIN : p;
}

double
sk_adjust_unlink(int normal, double p)
{
	p = clamp_p(p);
	return normal ? sk_norm_ppf(p) : log(p / (1 - p));
}

double
sk_adjust_link(int normal, double z)
{
	return normal ? sk_norm_cdf(z) : sk_sigmoid(z);
}

double
sk_adjust_z(double z, double z_context, double lambda, double length, double gamma)
{
	if (lambda > 0 && !isnan(z_context))
		z = (1 - lambda) * z + lambda * z_context;
	if (gamma != 0 && length != 1)
		z *= pow(length, gamma);
	return z;
}

/* Log-loss of probability p for an outcome o in [0, 1]. */
static double
loss(double p, double o)
{
	p = clamp_p(p);
	return -(o * log(p) + (1 - o) * log(1 - p));
}

double
sk_adjust_log_loss(const sk_adjust_data *d, double a, double lambda, double gamma)
{
	double		sum = 0;
	long		i;

	if (d->n <= 0)
		return NAN;
	for (i = 0; i < d->n; i++)
	{
		double		z = sk_adjust_z(d->z[i], d->z_context[i], lambda, d->length[i], gamma);

		sum += loss(sk_adjust_link(d->normal, a * z), d->outcome[i]);
	}
	return sum / d->n;
}

void
sk_adjust_bins_init(sk_adjust_bins *b)
{
	memset(b, 0, sizeof(*b));
}

void
sk_adjust_bins_add(sk_adjust_bins *b, double z, double outcome)
{
	double		pos = (z + SK_ADJUST_Z_MAX) / (2 * SK_ADJUST_Z_MAX) * (SK_ADJUST_BINS - 1);
	long		k;

	if (!isfinite(z))
		return;
	pos = pos < 0 ? 0 : pos > SK_ADJUST_BINS - 1 ? SK_ADJUST_BINS - 1 : pos;
	k = lround(pos);
	b->n[k] += 1;
	b->sum_z[k] += z;
	b->sum_o[k] += outcome;
	b->total += 1;
}

/* Log-loss of the binned pairs (each bin at its mean z) at scale a. */
static double
bins_loss(const sk_adjust_bins *b, int normal, double a)
{
	double		sum = 0;
	long		k;

	for (k = 0; k < SK_ADJUST_BINS; k++)
		if (b->n[k] > 0)
		{
			double		p = clamp_p(sk_adjust_link(normal, a * b->sum_z[k] / b->n[k]));

			sum -= b->sum_o[k] * log(p) + (b->n[k] - b->sum_o[k]) * log(1 - p);
		}
	return sum;
}

/*
 * The log-likelihood of a link model is concave in its scale, so a
 * golden-section search over [lo, hi] finds the optimum.
 */
sk_status
sk_adjust_bins_fit(const sk_adjust_bins *b, int normal, double lo, double hi, double *a)
{
	const double g = (sqrt(5.0) - 1) / 2;
	double		x1,
				x2,
				f1,
				f2;
	int			step;

	if (!(lo > 0) || !(hi >= lo) || !isfinite(hi))
		return SK_ERR_RANGE;
	if (b->total <= 0)
		return SK_OK;
	x1 = hi - g * (hi - lo);
	x2 = lo + g * (hi - lo);
	f1 = bins_loss(b, normal, x1);
	f2 = bins_loss(b, normal, x2);
	for (step = 0; step < 80 && hi - lo > 1e-9 * hi; step++)
	{
		if (f1 <= f2)
		{
			hi = x2;
			x2 = x1;
			f2 = f1;
			x1 = hi - g * (hi - lo);
			f1 = bins_loss(b, normal, x1);
		}
		else
		{
			lo = x1;
			x1 = x2;
			f1 = f2;
			x2 = lo + g * (hi - lo);
			f2 = bins_loss(b, normal, x2);
		}
	}
	*a = (lo + hi) / 2;
	return SK_OK;
}
