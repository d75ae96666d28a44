/*
 * optimize.c - bounded coordinate descent with golden-section line
 * searches (optimize.h).
 */
#include <math.h>
#include <string.h>

#include "optimize.h"

#define GOLDEN 0.6180339887498949	/* (sqrt(5) - 1) / 2 */

typedef struct Search
{
	int			n;
	double	   *x;
	sk_objective f;
	void	   *ctx;
	int			evaluations;
	int			max_evaluations;
	double		best;
} Search;

void
sk_minimize_default_options(sk_minimize_options *o)
{
	o->max_evaluations = 60;
	o->max_sweeps = 4;
	o->tolerance = 1e-6;
	o->golden_steps = 8;
}

/* f at x with coordinate i set to v; x itself is left as it was. */
static double
eval_at(Search *s, int i, double v)
{
	double		keep = s->x[i];
	double		y;

	s->x[i] = v;
	y = s->f(s->ctx, s->x);
	s->x[i] = keep;
	s->evaluations++;
	return isnan(y) ? INFINITY : y;
}

/* Moves coordinate i to v if f there beats the best so far. */
static inline void
keep_best(Search *s, int i, double v, double fv)
{
	if (fv < s->best)
	{
		s->best = fv;
		s->x[i] = v;
	}
}

/*
 * Golden-section search of coordinate i over [a, b]; moves x[i] to the best
 * point seen (the current x[i] included) and updates s->best.
 */
static void
line_search(Search *s, int i, double a, double b, int steps)
{
	double		c = b - GOLDEN * (b - a);
	double		d = a + GOLDEN * (b - a);
	double		fc,
				fd;
	int			k;

	if (s->evaluations + 2 > s->max_evaluations)
		return;
	fc = eval_at(s, i, c);
	fd = eval_at(s, i, d);
	for (k = 0; k < steps && s->evaluations < s->max_evaluations; k++)
	{
		keep_best(s, i, c, fc);
		keep_best(s, i, d, fd);
		if (fc <= fd)
		{
			b = d;
			d = c;
			fd = fc;
			c = b - GOLDEN * (b - a);
			fc = eval_at(s, i, c);
		}
		else
		{
			a = c;
			c = d;
			fc = fd;
			d = a + GOLDEN * (b - a);
			fd = eval_at(s, i, d);
		}
	}
	keep_best(s, i, c, fc);
	keep_best(s, i, d, fd);
}

sk_status
sk_clamp_to_bounds(int n, double *x, const double *lo, const double *hi)
{
	int			i;

	for (i = 0; i < n; i++)
	{
		if (!isfinite(lo[i]) || !isfinite(hi[i]) || !isfinite(x[i]))
			return SK_ERR_NOT_FINITE;
		if (lo[i] > hi[i])
			return SK_ERR_RANGE;
		x[i] = fmin(fmax(x[i], lo[i]), hi[i]);
	}
	return SK_OK;
}

sk_status
sk_minimize(int n, double *x, const double *lo, const double *hi, sk_objective f,
			void *ctx, const sk_minimize_options *o, double *best, int *evaluations)
{
	Search		s = {n, x, f, ctx, 0, o->max_evaluations, 0};
	double		width = 1.0;	/* of each search interval, as a share of the bounds */
	int			sweep,
				i;
	sk_status	st = sk_clamp_to_bounds(n, x, lo, hi);

	if (st != SK_OK)
		return st;
	if (o->max_evaluations < 1 || o->max_sweeps < 1 || o->golden_steps < 0)
		return SK_ERR_RANGE;
	s.best = f(ctx, x);
	s.best = isnan(s.best) ? INFINITY : s.best;
	s.evaluations = 1;
	for (sweep = 0; sweep < o->max_sweeps && s.evaluations < s.max_evaluations; sweep++)
	{
		double		before = s.best;

		for (i = 0; i < n; i++)
		{
			double		half = width * (hi[i] - lo[i]) / 2.0;

			if (hi[i] > lo[i])
				line_search(&s, i, fmax(lo[i], x[i] - half), fmin(hi[i], x[i] + half),
							o->golden_steps);
		}
		if (before - s.best < o->tolerance && sweep > 0)
			break;
		width *= 0.5;
	}
	*best = s.best;
	*evaluations = s.evaluations;
	return SK_OK;
}
