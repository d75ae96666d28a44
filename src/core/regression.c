/*
 * regression.c - least squares from centred co-moments (regression.h).
 */
#include <math.h>
#include <string.h>

#include "regression.h"

#include "cholesky.h"

#define MEAN_X(s)	((s)->data)
#define CXY(s)		((s)->data + (s)->p)
#define CXX(s)		((s)->data + 2 * (s)->p)

size_t
sk_reg_state_size(int p)
{
	return sizeof(sk_reg_state) + sizeof(double) * (size_t) (2 * p + p * p);
}

sk_status
sk_reg_init(sk_reg_state *s, int p)
{
	if (p < 1 || p > SK_REG_MAX_FEATURES)
		return SK_ERR_SIZE;
	memset(s, 0, sk_reg_state_size(p));
	s->p = p;
	return SK_OK;
}

sk_status
sk_reg_add(sk_reg_state *s, const double *x, double y)
{
	double	   *mx = MEAN_X(s),
			   *cxy = CXY(s),
			   *cxx = CXX(s);
	double		n,
				dy;
	int			p = s->p,
				i,
				j;

	for (i = 0; i < p; i++)
		if (!isfinite(x[i]))
			return SK_ERR_NOT_FINITE;
	if (!isfinite(y))
		return SK_ERR_NOT_FINITE;
	s->n++;
	n = (double) s->n;
	/* dx before, (x - new mean) after: C += dx (x - mean')^T, the same for y */
	dy = y - s->mean_y;
	s->mean_y += dy / n;
	for (i = 0; i < p; i++)
	{
		double		dxi = x[i] - mx[i];

		for (j = 0; j < p; j++)
			cxx[i * p + j] += dxi * (x[j] - (mx[j] + (x[j] - mx[j]) / n));
		cxy[i] += dxi * (y - s->mean_y);
	}
	for (i = 0; i < p; i++)
		mx[i] += (x[i] - mx[i]) / n;
	s->cyy += dy * (y - s->mean_y);
	return SK_OK;
}

sk_status
sk_reg_merge(sk_reg_state *a, const sk_reg_state *b)
{
	double	   *ma = MEAN_X(a),
			   *cxya = CXY(a),
			   *cxxa = CXX(a);
	const double *mb = MEAN_X(b),
			   *cxyb = CXY(b),
			   *cxxb = CXX(b);
	double		na = (double) a->n,
				nb = (double) b->n,
				n = na + nb,
				f,
				dy;
	int			p = a->p,
				i,
				j;

	if (a->p != b->p)
		return SK_ERR_SIZE;
	if (b->n == 0)
		return SK_OK;
	if (a->n == 0)
	{
		memcpy(a, b, sk_reg_state_size(p));
		return SK_OK;
	}
	f = na * nb / n;
	dy = b->mean_y - a->mean_y;
	for (i = 0; i < p; i++)
	{
		double		dxi = mb[i] - ma[i];

		for (j = 0; j < p; j++)
			cxxa[i * p + j] += cxxb[i * p + j] + f * dxi * (mb[j] - ma[j]);
		cxya[i] += cxyb[i] + f * dxi * dy;
	}
	a->cyy += b->cyy + f * dy * dy;
	for (i = 0; i < p; i++)
		ma[i] += (mb[i] - ma[i]) * nb / n;
	a->mean_y += dy * nb / n;
	a->n += b->n;
	return SK_OK;
}

/* Cholesky of the p x p matrix a into its lower triangle; 0 if not positive definite. */
static int
cholesky(double *a, int p)
{
	double		scale = 0.0;
	int			i,
				j,
				k;

	for (i = 0; i < p; i++)
		scale = fmax(scale, fabs(a[i * p + i]));
	for (j = 0; j < p; j++)
	{
		double		d = a[j * p + j];

		for (k = 0; k < j; k++)
			d -= a[j * p + k] * a[j * p + k];
		if (!(d > 1e-12 * scale) || !isfinite(d))
			return 0;
		a[j * p + j] = sqrt(d);
		for (i = j + 1; i < p; i++)
		{
			double		v = a[i * p + j];

			for (k = 0; k < j; k++)
				v -= a[i * p + k] * a[j * p + k];
			a[i * p + j] = v / a[j * p + j];
		}
	}
	return 1;
}

sk_status
sk_reg_solve(const sk_reg_state *s, double ridge, double *b, double *intercept,
			 double *residual_sd, double *r2, double *work)
{
	const double *mx = MEAN_X(s),
			   *cxy = CXY(s),
			   *cxx = CXX(s);
	double		rss;
	int			p = s->p,
				i,
				k;

	if (!isfinite(ridge))
		return SK_ERR_NOT_FINITE;
	if (ridge < 0.0)
		return SK_ERR_RANGE;
	if (s->n <= p + 1)
		return SK_ERR_SIZE;
	memcpy(work, cxx, sizeof(double) * p * p);
	for (i = 0; i < p; i++)
		work[i * p + i] += ridge;
	if (!cholesky(work, p))
		return SK_ERR_RANGE;
	memcpy(b, cxy, sizeof(double) * p);
	sk_cholesky_solve(p, p, work, b);
	*intercept = s->mean_y;
	rss = s->cyy;
	for (i = 0; i < p; i++)
	{
		double		row = 0.0;

		*intercept -= b[i] * mx[i];
		for (k = 0; k < p; k++)
			row += cxx[i * p + k] * b[k];
		rss += b[i] * row - 2.0 * b[i] * cxy[i];
	}
	rss = fmax(rss, 0.0);
	*residual_sd = sqrt(rss / (double) (s->n - p - 1));
	*r2 = s->cyy > 0.0 ? 1.0 - rss / s->cyy : NAN;
	/* Finite data whose fit is past the largest double (a target of 1e308). */
	if (!isfinite(*intercept) || !isfinite(*residual_sd) || isinf(*r2))
		return SK_ERR_OVERFLOW;
	for (i = 0; i < p; i++)
		if (!isfinite(b[i]))
			return SK_ERR_OVERFLOW;
	return SK_OK;
}
