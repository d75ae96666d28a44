/*
 * quasi_newton.c - projected BFGS within bounds (quasi_newton.h).
 *
 * Work happens in unit coordinates u = (x - lo) / (hi - lo) of the free
 * parameters.  Each iteration: the gradient by differences (forward ones
 * while far from the optimum, central ones near it, where a forward
 * difference's error would hide the last digits of the log-loss); the
 * parameters on a bound whose gradient pushes outward are held (active
 * set); the rest move along the BFGS direction, projected on the box, by a
 * backtracking line search with the Armijo condition.  Powell's damping
 * keeps the BFGS matrix positive definite through the non-convex parts.
 * A search whose steps keep lowering f by amounts far below what the data
 * can tell apart, with a gradient that differences cannot resolve to the
 * tolerance (a flat valley, a plateau, rounding), stops as stalled
 * rather than spend its budget on them.
 */
#include <math.h>
#include <string.h>

#include "quasi_newton.h"

#include "cholesky.h"
#include "optimize.h"

#define N_MAX SK_QN_MAX_PARAMS
#define ARMIJO 1e-4
#define LINE_STEPS 30
#define FIRST_STEP 0.1			/* the first step's largest move, unit box */
#define CENTRAL_STEP 1e-5		/* central differences' step, unit box */

typedef struct Search
{
	int			n;				/* free parameters */
	int			index[N_MAX];	/* their indexes in x */
	double		lo[N_MAX];
	double		width[N_MAX];
	double	   *x;				/* the caller's array, fixed entries kept */
	sk_qn_objective f;
	sk_qn_stop	stop;
	void	   *ctx;
	const sk_qn_options *o;
	sk_qn_result *r;
	int			halted;			/* budget or time ran out */
	double		best_u[N_MAX];
	double		best;
	int			central;		/* central differences from now on */
	int			central_since;	/* the iteration they began at */
	double		recent[SK_QN_STALL_ITERATIONS]; /* f after iteration i, at i % that */
} Search;

void
sk_qn_default_options(sk_qn_options *o)
{
	o->max_evaluations = 400;
	o->gradient_tolerance = 1e-6;
	o->value_tolerance = 1e-11;
	o->stall_tolerance = 1e-9;
	o->step = 1e-6;
}

const char *
sk_qn_reason_name(sk_qn_reason reason)
{
	switch (reason)
	{
		case SK_QN_TOLERANCE:
			return "stationary point";
		case SK_QN_BUDGET:
			return "budget";
		case SK_QN_TIME:
			return "time";
		case SK_QN_NO_PROGRESS:
			return "no progress";
		case SK_QN_STALLED:
			return "stalled";
		case SK_QN_FLAT:
			return "flat";
	}
	return "unknown";
}

static int
all_zero(int n, const double *g)
{
	int			i;

	for (i = 0; i < n; i++)
		if (g[i] != 0)
			return 0;
	return 1;
}

/* f at unit point u; +infinity where refused or once the search has halted. */
static double
eval(Search *s, const double *u, int for_gradient)
{
	double		y;
	int			i;

	if (s->halted)
		return INFINITY;
	if (s->r->evaluations >= s->o->max_evaluations)
	{
		s->halted = 1;
		s->r->reason = SK_QN_BUDGET;
		return INFINITY;
	}
	if (s->stop && s->stop(s->ctx))
	{
		s->halted = 1;
		s->r->reason = SK_QN_TIME;
		return INFINITY;
	}
	for (i = 0; i < s->n; i++)
		s->x[s->index[i]] = s->lo[i] + fmin(fmax(u[i], 0.0), 1.0) * s->width[i];
	y = s->f(s->ctx, s->x);
	s->r->evaluations++;
	if (for_gradient)
		s->r->gradient_evaluations++;
	if (!isfinite(y))
		return INFINITY;
	if (y < s->best)
	{
		s->best = y;
		memcpy(s->best_u, u, sizeof(double) * s->n);
	}
	return y;
}

/*
 * The gradient at u (f its value there) by differences, each away from a
 * bound it would cross and away from a refused neighbour; a coordinate
 * refused on both sides gets 0.  Returns 0 when the search halted.
 */
static int
gradient(Search *s, const double *u, double f, double *g)
{
	double		v[N_MAX];
	int			i;

	memcpy(v, u, sizeof(double) * s->n);
	for (i = 0; i < s->n; i++)
	{
		double		h = s->central ? CENTRAL_STEP : s->o->step;
		double		up = u[i] + h <= 1.0 ? u[i] + h : u[i] - h;
		double		down = up > u[i] ? u[i] - h : u[i] + h;
		double		fu,
					fd;

		v[i] = up;
		fu = eval(s, v, 1);
		if (s->central && down >= 0.0 && down <= 1.0 && isfinite(fu))
		{
			v[i] = down;
			fd = eval(s, v, 1);
			g[i] = isfinite(fd) ? (fu - fd) / (up - down) : (fu - f) / (up - u[i]);
		}
		else if (isfinite(fu))
			g[i] = (fu - f) / (up - u[i]);
		else
		{
			v[i] = down;
			fd = down >= 0.0 && down <= 1.0 ? eval(s, v, 1) : INFINITY;
			g[i] = isfinite(fd) ? (fd - f) / (down - u[i]) : 0.0;
		}
		v[i] = u[i];
		if (s->halted)
			return 0;
	}
	return 1;
}

/* Held coordinates: on a bound with the gradient pushing outward. */
static double
mark_active(const Search *s, const double *u, const double *g, int *active)
{
	double		largest = 0;
	int			i;

	for (i = 0; i < s->n; i++)
	{
		active[i] = (u[i] <= 0.0 && g[i] > 0) || (u[i] >= 1.0 && g[i] < 0);
		if (!active[i])
			largest = fmax(largest, fabs(g[i]));
	}
	return largest;
}

/*
 * Solves B_FF d_F = -g_F over the free coordinates by Cholesky (d = 0 on
 * the held ones).  Returns 0 when B_FF is not positive definite.
 */
static int
newton_direction(const Search *s, double B[N_MAX][N_MAX], const double *g,
				 const int *active, double *d)
{
	double		L[N_MAX][N_MAX],
				z[N_MAX];
	int			f[N_MAX],
				m = 0,
				i,
				j;

	for (i = 0; i < s->n; i++)
	{
		d[i] = 0;
		if (!active[i])
			f[m++] = i;
	}
	for (i = 0; i < m; i++)
	{
		for (j = 0; j < m; j++)
			L[i][j] = B[f[i]][f[j]];
		z[i] = -g[f[i]];
	}
	if (!sk_cholesky(m, N_MAX, &L[0][0]))
		return 0;
	sk_cholesky_solve(m, N_MAX, &L[0][0], z);
	for (i = 0; i < m; i++)
		d[f[i]] = z[i];
	return 1;
}

static void
scaled_identity(int n, double B[N_MAX][N_MAX], double lambda)
{
	int			i,
				j;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			B[i][j] = i == j ? lambda : 0;
}

/* The damped BFGS update of B by the step s and gradient change y. */
static void
bfgs_update(int n, double B[N_MAX][N_MAX], const double *step, const double *y)
{
	double		Bs[N_MAX],
				r[N_MAX];
	double		sBs = 0,
				sy = 0,
				sr = 0,
				theta = 1;
	int			i,
				j;

	for (i = 0; i < n; i++)
	{
		Bs[i] = 0;
		for (j = 0; j < n; j++)
			Bs[i] += B[i][j] * step[j];
		sBs += step[i] * Bs[i];
		sy += step[i] * y[i];
	}
	if (!(sBs > 0))
		return;
	if (sy < 0.2 * sBs)
		theta = 0.8 * sBs / (sBs - sy);
	for (i = 0; i < n; i++)
	{
		r[i] = theta * y[i] + (1 - theta) * Bs[i];
		sr += step[i] * r[i];
	}
	if (!(sr > 0))
		return;
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			B[i][j] += r[i] * r[j] / sr - Bs[i] * Bs[j] / sBs;
}

/*
 * Backtracks along d from u (value f, gradient g) until the Armijo
 * condition holds; u_new and *f_new receive the point.  Returns 0 when no
 * step lowers f enough.
 */
static int
line_search(Search *s, const double *u, double f, const double *g, const double *d,
			double *u_new, double *f_new)
{
	double		t = 1,
				slope = 0;
	int			k,
				i;

	for (i = 0; i < s->n; i++)
		slope += g[i] * d[i];
	if (!(slope < 0))
		return 0;
	for (k = 0; k < LINE_STEPS && !s->halted; k++)
	{
		double		decrease = 0,
					moved = 0,
					y;

		for (i = 0; i < s->n; i++)
		{
			u_new[i] = fmin(fmax(u[i] + t * d[i], 0.0), 1.0);
			decrease += g[i] * (u_new[i] - u[i]);
			moved = fmax(moved, fabs(u_new[i] - u[i]));
		}
		if (moved < 1e-15)
			return 0;
		y = eval(s, u_new, 0);
		if (y <= f + ARMIJO * decrease)
		{
			*f_new = y;
			return 1;
		}
		/* The minimum of the quadratic through f, slope and y, kept in [0.1 t, 0.5 t]. */
		if (isfinite(y))
		{
			double		q = -slope * t * t / (2 * (y - f - slope * t));

			t = fmin(fmax(q, 0.1 * t), 0.5 * t);
		}
		else
			t *= 0.25;
	}
	return 0;
}

/*
 * After an accepted step from u (gradient g) to u_new: the gradient there
 * into g_new, and B updated by the step (scaled first on the first step,
 * Shanno and Phua's choice).  Returns 0 when the search halted.
 */
static int
learn_step(Search *s, double B[N_MAX][N_MAX], int *have_B, const double *u, const double *g,
		   const double *u_new, double f_new, double *g_new)
{
	double		step[N_MAX],
				y[N_MAX],
				sy = 0,
				yy = 0;
	int			i;

	if (!gradient(s, u_new, f_new, g_new))
		return 0;
	for (i = 0; i < s->n; i++)
	{
		step[i] = u_new[i] - u[i];
		y[i] = g_new[i] - g[i];
		sy += step[i] * y[i];
		yy += y[i] * y[i];
	}
	if (!*have_B && sy > 0)
		scaled_identity(s->n, B, yy / sy);
	*have_B = 1;
	bfgs_update(s->n, B, step, y);
	return 1;
}

/* Central differences from now on: the last digits of f need them. */
static void
use_central(Search *s)
{
	if (!s->central)
	{
		s->central = 1;
		s->central_since = s->r->iterations;
	}
}

/*
 * After iteration s->r->iterations, which reached f: whether the last
 * SK_QN_STALL_ITERATIONS iterations, all on central differences, lowered f
 * by less than stall_tolerance relative (to |f|, at least 1).  Forward
 * differences that stall give way to central ones first.
 */
static int
stalled(Search *s, double f)
{
	int			i = s->r->iterations;
	double		before = s->recent[i % SK_QN_STALL_ITERATIONS];

	s->recent[i % SK_QN_STALL_ITERATIONS] = f;
	if (i < SK_QN_STALL_ITERATIONS ||
		before - f >= s->o->stall_tolerance * fmax(fabs(f), 1.0))
		return 0;
	if (!s->central)
	{
		use_central(s);
		return 0;
	}
	return i - SK_QN_STALL_ITERATIONS >= s->central_since;
}

/* The iterations, from u (value f); stops with s->r->reason set. */
static void
iterate(Search *s, double *u, double f)
{
	double		B[N_MAX][N_MAX],
				g[N_MAX],
				g_new[N_MAX],
				d[N_MAX],
				u_new[N_MAX];
	int			active[N_MAX];
	int			have_B = 0;

	s->recent[0] = f;
	if (!gradient(s, u, f, g))
		return;
	for (;;)
	{
		double		pg = mark_active(s, u, g, active);
		double		f_new;

		s->r->projected_gradient = pg;
		if (pg <= s->o->gradient_tolerance)
		{
			if (!s->central)
			{
				/* Confirm with the more exact gradient. */
				use_central(s);
				if (!gradient(s, u, f, g))
					return;
				continue;
			}
			/* No difference at all: a plateau (saturated), not an optimum. */
			s->r->converged = !all_zero(s->n, g);
			s->r->reason = s->r->converged ? SK_QN_TOLERANCE : SK_QN_FLAT;
			return;
		}
		if (!have_B)
			scaled_identity(s->n, B, pg / FIRST_STEP);
		if (!newton_direction(s, B, g, active, d))
		{
			have_B = 0;
			continue;
		}
		if (!line_search(s, u, f, g, d, u_new, &f_new))
		{
			if (s->halted)
				return;
			if (have_B || !s->central)
			{
				/* Start again from steepest descent with exact differences. */
				have_B = 0;
				if (!s->central)
				{
					use_central(s);
					if (!gradient(s, u, f, g))
						return;
				}
				continue;
			}
			/* Differences cannot resolve a smaller gradient than this. */
			s->r->converged = pg <= 100 * s->o->gradient_tolerance;
			s->r->reason = s->r->converged ? SK_QN_TOLERANCE : SK_QN_NO_PROGRESS;
			return;
		}
		s->r->iterations++;
		if (f - f_new <= s->o->value_tolerance * fmax(fabs(f), 1.0))
			use_central(s);
		if (stalled(s, f_new))
		{
			s->r->reason = SK_QN_STALLED;
			s->r->converged = 1;
			return;
		}
		if (!learn_step(s, B, &have_B, u, g, u_new, f_new, g_new))
			return;
		memcpy(u, u_new, sizeof(double) * s->n);
		memcpy(g, g_new, sizeof(double) * s->n);
		f = f_new;
	}
}

sk_status
sk_qn_minimize(int n, double *x, const double *lo, const double *hi, sk_qn_objective f,
			   sk_qn_stop stop, void *ctx, const sk_qn_options *o, sk_qn_result *result)
{
	Search		s;
	double		u[N_MAX];
	double		f0;
	int			i;
	sk_status	st;

	memset(result, 0, sizeof(*result));
	result->value = NAN;
	if (n < 0 || n > N_MAX || o->max_evaluations < 1 || !(o->step > 0 && o->step < 0.5) ||
		!(o->gradient_tolerance >= 0) || !(o->value_tolerance >= 0) ||
		!(o->stall_tolerance >= 0))
		return SK_ERR_RANGE;
	memset(&s, 0, sizeof(s));
	if ((st = sk_clamp_to_bounds(n, x, lo, hi)) != SK_OK)
		return st;
	for (i = 0; i < n; i++)
		if (hi[i] > lo[i])
		{
			s.index[s.n] = i;
			s.lo[s.n] = lo[i];
			s.width[s.n] = hi[i] - lo[i];
			u[s.n] = (x[i] - lo[i]) / (hi[i] - lo[i]);
			s.n++;
		}
	s.x = x;
	s.f = f;
	s.stop = stop;
	s.ctx = ctx;
	s.o = o;
	s.r = result;
	s.best = INFINITY;
	f0 = eval(&s, u, 0);
	if (!isfinite(f0))
		return s.halted ? SK_OK : SK_ERR_NOT_FINITE;
	if (s.n == 0)
	{
		result->reason = SK_QN_TOLERANCE;
		result->converged = 1;
	}
	else
		iterate(&s, u, f0);
	/* The best point seen, which the last iterate is unless the search halted mid-step. */
	for (i = 0; i < s.n; i++)
		x[s.index[i]] = s.lo[i] + fmin(fmax(s.best_u[i], 0.0), 1.0) * s.width[i];
	result->value = s.best;
	return SK_OK;
}
