/*
 * test_regression.c - least squares from co-moments (regression.c).
 * One feature, x = 1..4, y = 2, 4, 5, 4, by hand: means 2.5 and 3.75,
 * Sxx = 5, Sxy = 3.5, slope 0.7, intercept 2.0, residuals -0.7, 0.6, 0.9,
 * -0.8, RSS 2.3, residual sd sqrt(2.3 / 2) = 1.0723805294763609,
 * Syy 4.75, R^2 = 1 - 2.3/4.75 = 0.5157894736842106.
 */
#include <math.h>
#include <stdlib.h>

#include "unit.h"

#include "regression.h"

static sk_reg_state *
new_state(int p)
{
	sk_reg_state *s = malloc(sk_reg_state_size(p));

	sk_reg_init(s, p);
	return s;
}

int
main(void)
{
	sk_reg_state *s = new_state(1),
			   *a = new_state(2),
			   *b = new_state(2),
			   *all = new_state(2);
	double		x[] = {1, 2, 3, 4},
				y[] = {2, 4, 5, 4},
				coef[2],
				work[4],
				icept,
				sd,
				r2;
	int			i;

	for (i = 0; i < 4; i++)
		sk_reg_add(s, &x[i], y[i]);
	CHECK(sk_reg_solve(s, 0, coef, &icept, &sd, &r2, work) == SK_OK);
	CHECK_CLOSE(coef[0], 0.7, 1e-12);
	CHECK_CLOSE(icept, 2.0, 1e-12);
	CHECK_CLOSE(sd, 1.0723805294763609, 1e-12);
	CHECK_CLOSE(r2, 0.5157894736842106, 1e-12);

	/* Two features, y = 1 + 2 u + 3 v exactly, split over two states. */
	for (i = 0; i < 6; i++)
	{
		double		uv[2] = {i, (i * i) % 7};

		sk_reg_add(i < 3 ? a : b, uv, 1 + 2 * uv[0] + 3 * uv[1]);
		sk_reg_add(all, uv, 1 + 2 * uv[0] + 3 * uv[1]);
	}
	CHECK(sk_reg_merge(a, b) == SK_OK);
	CHECK(sk_reg_solve(a, 0, coef, &icept, &sd, &r2, work) == SK_OK);
	CHECK_CLOSE(icept, 1, 1e-9);
	CHECK_CLOSE(coef[0], 2, 1e-9);
	CHECK_CLOSE(coef[1], 3, 1e-9);
	CHECK_CLOSE(sd, 0, 1e-6);
	CHECK_CLOSE(r2, 1, 1e-12);

	/* Collinear features (v = 2 u): refused without a ridge, solved with one. */
	sk_reg_init(all, 2);
	for (i = 0; i < 5; i++)
	{
		double		uv[2] = {i, 2 * i};

		sk_reg_add(all, uv, i);
	}
	CHECK(sk_reg_solve(all, 0, coef, &icept, &sd, &r2, work) == SK_ERR_RANGE);
	CHECK(sk_reg_solve(all, 1, coef, &icept, &sd, &r2, work) == SK_OK);
	/* Too few rows: n <= p + 1. */
	sk_reg_init(b, 2);
	sk_reg_add(b, x, 1);
	sk_reg_add(b, x + 1, 2);
	CHECK(sk_reg_solve(b, 0, coef, &icept, &sd, &r2, work) == SK_ERR_SIZE);
	/* A target of 1e308: the co-moments overflow, the solve says so (the
	 * randomized SQL tester's seed 20261125, call 585136). */
	sk_reg_init(b, 1);
	{
		const double xs[] = {5e-324, -5, 1700};
		const double ys[] = {1500, 1e308, 94.26};

		for (i = 0; i < 3; i++)
			sk_reg_add(b, &xs[i], ys[i]);
	}
	CHECK(sk_reg_solve(b, 0, coef, &icept, &sd, &r2, work) == SK_ERR_OVERFLOW);
	free(s);
	free(a);
	free(b);
	free(all);
	UNIT_DONE("regression");
}
