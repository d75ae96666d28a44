/*
 * test_optimize.c - bounded coordinate descent (optimize.c) on functions
 * whose minimum is known by construction.
 */
#include <math.h>

#include "unit.h"

#include "optimize.h"

/* (x - 3)^2 + 2 (y + 1)^2 + 5: minimum 5 at (3, -1). */
static double
bowl(void *ctx, const double *x)
{
	int		   *calls = ctx;

	(*calls)++;
	return (x[0] - 3) * (x[0] - 3) + 2 * (x[1] + 1) * (x[1] + 1) + 5;
}

/* A log-loss-like curve in one parameter: minimum at k = 24. */
static double
logloss_like(void *ctx, const double *x)
{
	(void) ctx;
	return log(x[0]) + 24.0 / x[0];
}

/* Minimises the bowl over [lo, hi] from (0, 0) with a generous budget. */
static void
minimize_bowl(const double *lo, const double *hi, double *x, double *best, int *evals,
			  int *calls)
{
	sk_minimize_options o;

	sk_minimize_default_options(&o);
	o.max_evaluations = 200;
	o.max_sweeps = 12;
	o.golden_steps = 20;
	x[0] = x[1] = 0;
	*calls = 0;
	CHECK(sk_minimize(2, x, lo, hi, bowl, calls, &o, best, evals) == SK_OK);
}

static void
test_bowl(void)
{
	double		lo[] = {-10, -10};
	double		hi[] = {10, 10};
	double		x[2],
				best;
	int			evals,
				calls;

	minimize_bowl(lo, hi, x, &best, &evals, &calls);
	CHECK_CLOSE(x[0], 3, 1e-3);
	CHECK_CLOSE(x[1], -1, 1e-3);
	CHECK_CLOSE(best, 5, 1e-6);
	CHECK(evals == calls && evals <= 200);
}

/* The minimum outside the bounds: the search stops at the nearer bound. */
static void
test_bounded(void)
{
	double		lo[] = {-1, -10};
	double		hi[] = {1, 10};
	double		x[2],
				best;
	int			evals,
				calls;

	minimize_bowl(lo, hi, x, &best, &evals, &calls);
	CHECK_CLOSE(x[0], 1, 1e-3);
	CHECK(x[0] <= 1.0);
}

/* Tens of evaluations find log(k) + 24/k's minimum on [1, 200] closely. */
static void
test_one_parameter(void)
{
	double		x[] = {32};
	double		lo[] = {1};
	double		hi[] = {200};
	double		best;
	int			evals;
	sk_minimize_options o;

	sk_minimize_default_options(&o);
	CHECK(sk_minimize(1, x, lo, hi, logloss_like, NULL, &o, &best, &evals) == SK_OK);
	CHECK_CLOSE(x[0], 24, 0.5);
	CHECK(evals <= 60);
}

static void
test_rejections(void)
{
	double		x[] = {0};
	double		lo[] = {2};
	double		hi[] = {1};
	double		nan_hi[] = {NAN};
	double		best;
	int			evals,
				calls = 0;
	sk_minimize_options o;

	sk_minimize_default_options(&o);
	CHECK(sk_minimize(1, x, lo, hi, bowl, &calls, &o, &best, &evals) == SK_ERR_RANGE);
	CHECK(sk_minimize(1, x, lo, nan_hi, bowl, &calls, &o, &best, &evals) == SK_ERR_NOT_FINITE);
}

int
main(void)
{
	test_bowl();
	test_bounded();
	test_one_parameter();
	test_rejections();
	UNIT_DONE("optimize");
}
