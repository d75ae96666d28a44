/*
 * adjust.c - the prediction's adjustments and their fits (adjust.h).
 */
#include <math.h>
#include <string.h>

#include "adjust.h"
#include "normal.h"
#include "optimize.h"
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

/* What bins_objective needs. */
typedef struct BinsFit
{
	const sk_adjust_bins *bins;
	int			normal;
} BinsFit;

static double
bins_objective(void *ctx, const double *log_a)
{
	const BinsFit *fit = ctx;

	return bins_loss(fit->bins, fit->normal, exp(log_a[0]));
}

/*
 * The log-likelihood of a link model is concave in its scale: the core's
 * golden-section search (optimize.h) over log a finds the optimum.
 */
sk_status
sk_adjust_bins_fit(const sk_adjust_bins *b, int normal, double lo, double hi, double *a)
{
	BinsFit		fit = {b, normal};
	sk_minimize_options o;
	double		x,
				x_lo,
				x_hi,
				best;
	int			evaluations;
	sk_status	status;

	if (!(lo > 0) || !(hi >= lo) || !isfinite(hi))
		return SK_ERR_RANGE;
	if (b->total <= 0)
		return SK_OK;
	x_lo = log(lo);
	x_hi = log(hi);
	x = fmin(fmax(log(*a), x_lo), x_hi);
	sk_minimize_default_options(&o);
	o.golden_steps = 30;
	o.max_sweeps = 3;
	o.max_evaluations = 200;
	o.tolerance = 1e-12;
	status = sk_minimize(1, &x, &x_lo, &x_hi, bins_objective, &fit, &o, &best, &evaluations);
	if (status == SK_OK)
		*a = exp(x);
	return status;
}

/*
 * One pass: the mean log-loss at theta and, for the searched parameters,
 * the gradient of the summed log-likelihood and its Fisher information.
 * With eta = a v u, u = (1 - lambda) z + lambda z_c, v = length^gamma:
 * d eta / d a = v u, d eta / d lambda = a v (z_c - z), d eta / d gamma =
 * eta ln(length).
 */
static double
fit_pass(const sk_adjust_data *d, const double *theta, double *grad, double info[3][3])
{
	double		sum = 0;
	long		i;
	int			j,
				k;

	memset(grad, 0, sizeof(double) * 3);
	memset(info, 0, sizeof(double) * 9);
	for (i = 0; i < d->n; i++)
	{
		double		zc = isnan(d->z_context[i]) ? d->z[i] : d->z_context[i];
		double		u = (1 - theta[1]) * d->z[i] + theta[1] * zc;
		double		log_len = d->length[i] == 1 ? 0 : log(d->length[i]);
		double		v = log_len == 0 || theta[2] == 0 ? 1 : exp(theta[2] * log_len);
		double		eta = theta[0] * v * u;
		double		o = d->outcome[i];
		double		score,
					weight,
					deta[3];

		if (d->normal)
		{
			double		p = clamp_p(sk_norm_cdf(eta));
			double		density = sk_norm_pdf(eta);

			sum -= o * log(p) + (1 - o) * log(1 - p);
			score = (o - p) * density / (p * (1 - p));
			weight = density * density / (p * (1 - p));
		}
		else
		{
			/* -log-likelihood softplus(eta) - o eta, from one exp. */
			double		e = exp(-fabs(eta));
			double		p = eta >= 0 ? 1 / (1 + e) : e / (1 + e);

			sum += log1p(e) + fmax(eta, 0) - o * eta;
			score = o - p;
			weight = p * (1 - p);
		}
		deta[0] = v * u;
		deta[1] = theta[0] * v * (zc - d->z[i]);
		deta[2] = eta * log_len;
		for (j = 0; j < 3; j++)
		{
			grad[j] += score * deta[j];
			for (k = 0; k <= j; k++)
				info[j][k] += weight * deta[j] * deta[k];
		}
	}
	for (j = 0; j < 3; j++)
		for (k = j + 1; k < 3; k++)
			info[j][k] = info[k][j];
	return sum / d->n;
}

/* Solves the m x m system a x = b in place (Gaussian elimination, pivoting). */
static int
solve(int m, double a[3][3], double *b)
{
	int			i,
				j,
				k;

	for (i = 0; i < m; i++)
	{
		int			pivot = i;

		for (j = i + 1; j < m; j++)
			if (fabs(a[j][i]) > fabs(a[pivot][i]))
				pivot = j;
		if (!(fabs(a[pivot][i]) > 1e-300))
			return 0;
		for (k = 0; k < m; k++)
		{
			double		t = a[i][k];

			a[i][k] = a[pivot][k];
			a[pivot][k] = t;
		}
		{
			double		t = b[i];

			b[i] = b[pivot];
			b[pivot] = t;
		}
		for (j = i + 1; j < m; j++)
		{
			double		f = a[j][i] / a[i][i];

			for (k = i; k < m; k++)
				a[j][k] -= f * a[i][k];
			b[j] -= f * b[i];
		}
	}
	for (i = m - 1; i >= 0; i--)
	{
		for (k = i + 1; k < m; k++)
			b[i] -= a[i][k] * b[k];
		b[i] /= a[i][i];
	}
	return 1;
}

sk_status
sk_adjust_fit(const sk_adjust_data *d, const int *searched, const double *lo, const double *hi,
			  int max_passes, double *theta, double *loss)
{
	double		grad[3],
				info[3][3],
				best[3],
				step[3] = {0, 0, 0};
	double		best_loss,
				scale = 1;
	int			idx[3],
				m = 0,
				j,
				k,
				pass;

	if (d->n <= 0 || max_passes < 1)
		return SK_ERR_RANGE;
	for (j = 0; j < 3; j++)
	{
		if (searched[j])
		{
			if (!(lo[j] <= hi[j]) || !isfinite(lo[j]) || !isfinite(hi[j]))
				return SK_ERR_RANGE;
			theta[j] = theta[j] < lo[j] ? lo[j] : theta[j] > hi[j] ? hi[j] : theta[j];
			idx[m++] = j;
		}
	}
	memcpy(best, theta, sizeof(best));
	best_loss = fit_pass(d, theta, grad, info);
	for (pass = 1; pass < max_passes && m > 0; pass++)
	{
		double		a[3][3],
					b[3],
					moved = 0,
					trial[3],
					trial_loss,
					trial_grad[3],
					trial_info[3][3];

		if (scale == 1)
		{
			/*
			 * A Newton step from the best point over the free parameters:
			 * one at a bound whose gradient points out stays there (the
			 * active set).  A small ridge keeps the system solvable.
			 */
			int			free[3],
						n_free = 0;

			for (j = 0; j < m; j++)
			{
				int			p = idx[j];

				step[p] = 0;
				if (!((best[p] <= lo[p] && grad[p] < 0) || (best[p] >= hi[p] && grad[p] > 0)))
					free[n_free++] = p;
			}
			if (n_free == 0)
				break;
			for (j = 0; j < n_free; j++)
			{
				b[j] = grad[free[j]];
				for (k = 0; k < n_free; k++)
					a[j][k] = info[free[j]][free[k]] +
						(j == k ? 1e-9 * (1 + info[free[j]][free[j]]) : 0);
			}
			if (!solve(n_free, a, b))
				break;
			for (j = 0; j < n_free; j++)
				step[free[j]] = b[j];
		}
		memcpy(trial, best, sizeof(trial));
		for (j = 0; j < m; j++)
		{
			int			p = idx[j];
			double		t = best[p] + scale * step[p];

			trial[p] = t < lo[p] ? lo[p] : t > hi[p] ? hi[p] : t;
			moved = fmax(moved, fabs(trial[p] - best[p]) / (1 + fabs(best[p])));
		}
		if (moved < 1e-10)
			break;
		trial_loss = fit_pass(d, trial, trial_grad, trial_info);
		if (trial_loss < best_loss)
		{
			double		gain = best_loss - trial_loss;

			memcpy(best, trial, sizeof(best));
			memcpy(grad, trial_grad, sizeof(grad));
			memcpy(info, trial_info, sizeof(info));
			best_loss = trial_loss;
			scale = 1;
			if (gain < 1e-10 * best_loss)
				break;
		}
		else
			scale /= 2;			/* overshot: half the step, from the same point */
	}
	memcpy(theta, best, sizeof(best));
	*loss = best_loss;
	return isfinite(best_loss) ? SK_OK : SK_ERR_NOT_FINITE;
}
