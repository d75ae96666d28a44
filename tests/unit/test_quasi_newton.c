/*
 * test_quasi_newton.c - projected BFGS (quasi_newton.c) and the
 * covariance from a Hessian (information.c), on functions whose minimum
 * and inverse are known by construction.
 */
#include <math.h>
#include <string.h>

#include "unit.h"

#include "information.h"
#include "eigen.h"
#include "quasi_newton.h"

typedef struct Counter
{
	int			calls;
	int			stop_after;		/* the stop callback's limit; 0: never */
} Counter;

/* (a - 3)^2 + 50 (a - 2 b)^2: a long valley along a = 2b, minimum 0 at (3, 1.5). */
static double
valley(void *ctx, const double *x)
{
	((Counter *) ctx)->calls++;
	return (x[0] - 3) * (x[0] - 3) + 50 * (x[0] - 2 * x[1]) * (x[0] - 2 * x[1]);
}

/* Rosenbrock: minimum 0 at (1, 1). */
static double
rosenbrock(void *ctx, const double *x)
{
	((Counter *) ctx)->calls++;
	return 100 * (x[1] - x[0] * x[0]) * (x[1] - x[0] * x[0]) + (1 - x[0]) * (1 - x[0]);
}

/* (x - 5)^2 + (y - 1)^2 + (z + 1)^2: on the box [0,3]x[0,4]x[0,10], (3, 1, 0). */
static double
beyond(void *ctx, const double *x)
{
	((Counter *) ctx)->calls++;
	return (x[0] - 5) * (x[0] - 5) + (x[1] - 1) * (x[1] - 1) + (x[2] + 1) * (x[2] + 1);
}

/*
 * Refused (NaN) where x = 0 and y > 0, as Elo refuses k_b = 0 with
 * k_c > 0; minimum (1, 0.5) inside.
 */
static double
refusing(void *ctx, const double *x)
{
	((Counter *) ctx)->calls++;
	if (x[0] == 0 && x[1] > 0)
		return NAN;
	return (x[0] - 1) * (x[0] - 1) + (x[1] - 0.5) * (x[1] - 0.5);
}

/* A log-loss-like curve of one parameter on a scale of tens: minimum at 24. */
static double
logloss_like(void *ctx, const double *x)
{
	((Counter *) ctx)->calls++;
	return log(x[0]) + 24.0 / x[0];
}

/*
 * A bowl of three parameters (minimum 0.6 at (1, 1, 1)) known only to 9
 * decimals, as a replay's log-loss is when an iteration inside it stops at
 * a tolerance: a staircase of plateaus near the floor, where differences
 * see steps of 1e-9 and every iteration gains a few of them at most.
 */
static double
staircase(void *ctx, const double *x)
{
	double		s = 0;
	int			i;

	((Counter *) ctx)->calls++;
	for (i = 0; i < 3; i++)
		s += (i + 1) * (x[i] - 1) * (x[i] - 1);
	return round((0.6 + 0.01 * s) * 1e9) / 1e9;
}

static int
stop_after(void *ctx)
{
	Counter    *c = ctx;

	return c->stop_after > 0 && c->calls >= c->stop_after;
}

static void
test_minima(void)
{
	sk_qn_options o;
	sk_qn_result r;
	Counter		c = {0, 0};
	double		x[3],
				lo[3] = {-10, -10, 0},
				hi[3] = {10, 10, 10};

	sk_qn_default_options(&o);
	x[0] = -7;
	x[1] = 8;
	CHECK(sk_qn_minimize(2, x, lo, hi, valley, NULL, &c, &o, &r) == SK_OK);
	CHECK(r.converged && r.reason == SK_QN_TOLERANCE);
	CHECK_CLOSE(x[0], 3, 1e-5);
	CHECK_CLOSE(x[1], 1.5, 1e-5);
	CHECK(r.evaluations == c.calls);
	CHECK(r.gradient_evaluations < r.evaluations);

	lo[0] = lo[1] = -2;
	hi[0] = hi[1] = 2;
	x[0] = -1.2;
	x[1] = 1;
	CHECK(sk_qn_minimize(2, x, lo, hi, rosenbrock, NULL, &c, &o, &r) == SK_OK);
	CHECK(r.converged);
	CHECK_CLOSE(x[0], 1, 1e-4);
	CHECK_CLOSE(x[1], 1, 1e-4);
	CHECK(r.value < 1e-8);

	lo[0] = 4;
	hi[0] = 80;
	x[0] = 60;
	CHECK(sk_qn_minimize(1, x, lo, hi, logloss_like, NULL, &c, &o, &r) == SK_OK);
	CHECK(r.converged);
	CHECK_CLOSE(x[0], 24, 1e-3);
}

/* An optimum beyond the box ends exactly on the bounds, at 0 included. */
static void
test_bounds(void)
{
	sk_qn_options o;
	sk_qn_result r;
	Counter		c = {0, 0};
	double		x[3] = {1, 3, 5},
				lo[3] = {0, 0, 0},
				hi[3] = {3, 4, 10};

	sk_qn_default_options(&o);
	CHECK(sk_qn_minimize(3, x, lo, hi, beyond, NULL, &c, &o, &r) == SK_OK);
	CHECK(r.converged);
	CHECK(x[0] == 3);
	CHECK_CLOSE(x[1], 1, 1e-5);
	CHECK(x[2] == 0);

	/* A fixed parameter (lo == hi) stays where it is. */
	lo[0] = hi[0] = 2;
	x[0] = 2;
	CHECK(sk_qn_minimize(3, x, lo, hi, beyond, NULL, &c, &o, &r) == SK_OK);
	CHECK(x[0] == 2);
	CHECK_CLOSE(x[1], 1, 1e-5);
}

/* Refused points are stepped around; a refused start is an error. */
static void
test_refused(void)
{
	sk_qn_options o;
	sk_qn_result r;
	Counter		c = {0, 0};
	double		x[2] = {0, 0},
				lo[2] = {0, 0},
				hi[2] = {2, 2};

	sk_qn_default_options(&o);
	CHECK(sk_qn_minimize(2, x, lo, hi, refusing, NULL, &c, &o, &r) == SK_OK);
	CHECK(r.converged);
	CHECK_CLOSE(x[0], 1, 1e-5);
	CHECK_CLOSE(x[1], 0.5, 1e-5);

	x[0] = 0;
	x[1] = 1;
	CHECK(sk_qn_minimize(2, x, lo, hi, refusing, NULL, &c, &o, &r) == SK_ERR_NOT_FINITE);
}

/* A budget or a stop ends the search at the best point so far. */
static void
test_limits(void)
{
	sk_qn_options o;
	sk_qn_result r;
	Counter		c = {0, 0};
	double		x[2] = {-7, 8},
				lo[2] = {-10, -10},
				hi[2] = {10, 10};
	double		start = 100 + 50 * 23 * 23;

	sk_qn_default_options(&o);
	o.max_evaluations = 10;
	CHECK(sk_qn_minimize(2, x, lo, hi, valley, NULL, &c, &o, &r) == SK_OK);
	CHECK(!r.converged && r.reason == SK_QN_BUDGET);
	CHECK(r.evaluations == 10);
	CHECK(r.value < start);
	CHECK_CLOSE(valley(&c, x), r.value, 0);

	sk_qn_default_options(&o);
	x[0] = -7;
	x[1] = 8;
	c.calls = 0;
	c.stop_after = 6;
	CHECK(sk_qn_minimize(2, x, lo, hi, valley, stop_after, &c, &o, &r) == SK_OK);
	CHECK(!r.converged && r.reason == SK_QN_TIME);
	CHECK(r.evaluations == 6);

	o.max_evaluations = 0;
	CHECK(sk_qn_minimize(2, x, lo, hi, valley, NULL, &c, &o, &r) == SK_ERR_RANGE);
	sk_qn_default_options(&o);
	lo[0] = 11;
	CHECK(sk_qn_minimize(2, x, lo, hi, valley, NULL, &c, &o, &r) == SK_ERR_RANGE);
	lo[0] = NAN;
	CHECK(sk_qn_minimize(2, x, lo, hi, valley, NULL, &c, &o, &r) == SK_ERR_NOT_FINITE);
	CHECK(sk_qn_reason_name(SK_QN_NO_PROGRESS)[0] == 'n');
}

/*
 * On the staircase, the search stops as stalled within a couple of hundred
 * evaluations; without the rule it spends the whole budget there.
 */
static void
test_stalled(void)
{
	sk_qn_options o;
	sk_qn_result r;
	Counter		c = {0, 0};
	double		x[3] = {2, 2.1, 2.2},
				lo[3] = {-5, -5, -5},
				hi[3] = {5, 5, 5};

	sk_qn_default_options(&o);
	o.max_evaluations = 5000;
	CHECK(sk_qn_minimize(3, x, lo, hi, staircase, NULL, &c, &o, &r) == SK_OK);
	CHECK(r.converged && r.reason == SK_QN_STALLED);
	CHECK(r.evaluations < 200);
	CHECK_CLOSE(r.value, 0.6, 1e-9);
	CHECK_CLOSE(x[0], 1, 1e-3);
	CHECK_CLOSE(x[2], 1, 1e-3);
	CHECK(strcmp(sk_qn_reason_name(r.reason), "stalled") == 0);

	x[0] = 2;
	x[1] = 2.1;
	x[2] = 2.2;
	o.stall_tolerance = 0;
	CHECK(sk_qn_minimize(3, x, lo, hi, staircase, NULL, &c, &o, &r) == SK_OK);
	CHECK(!r.converged && r.reason == SK_QN_BUDGET);
	CHECK(r.evaluations == 5000);

	o.stall_tolerance = -1;
	CHECK(sk_qn_minimize(3, x, lo, hi, staircase, NULL, &c, &o, &r) == SK_ERR_RANGE);
}

/*
 * [[4, 2], [2, 3]]^-1 = [[3, -2], [-2, 4]] / 8; a flat parameter; a
 * confounded pair beside a third one; a nearly singular pair, inverted in
 * full; a saddle.
 */
static void
test_covariance(void)
{
	double		H2[4] = {4, 2, 2, 3},
				cov2[4];
	/* b = 2a in effect: the third row is twice the first. */
	double		H3[9] = {1, 0.5, 2, 0.5, 2, 1, 2, 1, 4},
				cov3[9];
	double		flat[4] = {0, 0, 0, 5},
				cov_flat[4];
	/* Correlation 0.9999 (curvature 1e-4 left): identified, errors about 70 times the fixed ones. */
	double		near[4] = {1, 0.9999, 0.9999, 1},
				saddle[4] = {1, 2, 2, 1};
	sk_identified st[3];
	int			group[3];

	CHECK(sk_covariance(2, H2, cov2, st, group) == SK_OK);
	CHECK(st[0] == SK_IDENTIFIED && st[1] == SK_IDENTIFIED);
	CHECK(group[0] == -1 && group[1] == -1);
	CHECK_CLOSE(cov2[0], 3.0 / 8, 1e-15);
	CHECK_CLOSE(cov2[1], -2.0 / 8, 1e-15);
	CHECK_CLOSE(cov2[2], -2.0 / 8, 1e-15);
	CHECK_CLOSE(cov2[3], 4.0 / 8, 1e-15);

	/*
	 * a and c are confounded together; b's variance is the pseudo-inverse's,
	 * which equals b's with c held fixed ([[1, .5], [.5, 2]]^-1 = [[2, -.5],
	 * [-.5, 1]] / 1.75), since the singular direction has no part in b.
	 */
	CHECK(sk_covariance(3, H3, cov3, st, group) == SK_OK);
	CHECK(st[0] == SK_CONFOUNDED && st[1] == SK_IDENTIFIED && st[2] == SK_CONFOUNDED);
	CHECK(group[0] == 0 && group[1] == -1 && group[2] == 0);
	CHECK_CLOSE(cov3[4], 1 / 1.75, 1e-12);
	CHECK(isnan(cov3[0]) && isnan(cov3[2]) && isnan(cov3[8]) && isnan(cov3[1]));

	CHECK(sk_covariance(2, flat, cov_flat, st, group) == SK_OK);
	CHECK(st[0] == SK_FLAT && st[1] == SK_IDENTIFIED);
	CHECK_CLOSE(cov_flat[3], 0.2, 1e-15);
	CHECK(isnan(cov_flat[0]));

	/* [[1, r], [r, 1]]^-1 = [[1, -r], [-r, 1]] / (1 - r^2) */
	CHECK(sk_covariance(2, near, cov2, st, group) == SK_OK);
	CHECK(st[0] == SK_IDENTIFIED && st[1] == SK_IDENTIFIED);
	CHECK_CLOSE(cov2[0], 1 / (1 - 0.9999 * 0.9999), 1e-8);
	CHECK_CLOSE(cov2[1], -0.9999 / (1 - 0.9999 * 0.9999), 1e-8);

	CHECK(sk_covariance(2, saddle, cov2, st, group) == SK_OK);
	CHECK(st[0] == SK_NOT_MINIMUM && st[1] == SK_NOT_MINIMUM && group[1] == 0);

	H2[1] = NAN;
	CHECK(sk_covariance(2, H2, cov2, st, group) == SK_ERR_NOT_FINITE);
}

/* Eigenvalues of a symmetric matrix with known ones, and A V = V diag(values). */
static void
test_eigen(void)
{
	double		a[3][3] = {{2, -1, 0}, {-1, 2, -1}, {0, -1, 2}},
				copy[3][3],
				values[3],
				vectors[3][3];
	double		expected[3] = {2 - sqrt(2), 2, 2 + sqrt(2)};
	int			i,
				j,
				k,
				found;

	memcpy(copy, a, sizeof(a));
	sk_symmetric_eigen(3, 3, &copy[0][0], values, &vectors[0][0]);
	for (k = 0; k < 3; k++)
	{
		for (found = 0, i = 0; i < 3; i++)
			found += fabs(values[i] - expected[k]) < 1e-14;
		CHECK(found == 1);
		for (i = 0; i < 3; i++)
		{
			double		av = 0;

			for (j = 0; j < 3; j++)
				av += a[i][j] * vectors[j][k];
			CHECK_CLOSE(av, values[k] * vectors[i][k], 1e-14);
		}
	}
}

/* Saturated: the same value everywhere near the start, as a log-loss clamped at 0/1. */
static double
plateau(void *ctx, const double *x)
{
	((Counter *) ctx)->calls++;
	return x[0] > 0.9 ? 0.25 : 1 - x[0];
}

/* A plateau is not an optimum: no gradient at all stops the search as flat. */
static void
test_flat(void)
{
	sk_qn_options o;
	sk_qn_result r;
	Counter		c = {0, 0};
	double		x[1] = {0.95},
				lo[1] = {0},
				hi[1] = {1};

	sk_qn_default_options(&o);
	CHECK(sk_qn_minimize(1, x, lo, hi, plateau, NULL, &c, &o, &r) == SK_OK);
	CHECK(!r.converged && r.reason == SK_QN_FLAT);
	CHECK(strcmp(sk_qn_reason_name(r.reason), "flat") == 0);
	CHECK(strcmp(sk_qn_reason_name(SK_QN_TOLERANCE), "stationary point") == 0);
}

int
main(void)
{
	test_minima();
	test_bounds();
	test_refused();
	test_limits();
	test_stalled();
	test_covariance();
	test_flat();
	test_eigen();
	UNIT_DONE("quasi_newton");
}
