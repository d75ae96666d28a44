/*
 * test_draws.c - win, draw and loss chances by a draw model (draws.c),
 * against values worked out from the formulas in draws.h with Python's
 * math module (logistic, erf-based normal cdf, exp).
 */
#include <math.h>

#include "unit.h"

#include "draws.h"

static void
check_three(int normal, sk_draw_model model, double z, double param, double win,
			double draw, double loss, double tol)
{
	double		w,
				d,
				l;

	CHECK(sk_draw_probs(normal, model, z, param, &w, &d, &l) == SK_OK);
	CHECK_CLOSE(w, win, tol);
	CHECK_CLOSE(d, draw, tol);
	CHECK_CLOSE(l, loss, tol);
	CHECK_CLOSE(w + d + l, 1, 1e-15);
}

int
main(void)
{
	double		w,
				d,
				l;

	/* Threshold: F(z - delta), F(-z - delta), the rest. */
	check_three(0, SK_DRAW_THRESHOLD, 1, 0.5, 0.6224593312018546, 0.19511514499178906,
				0.18242552380635635, 1e-15);
	check_three(1, SK_DRAW_THRESHOLD, 0.3, 0.2, 0.539827837277029, 0.15163462399698413,
				0.3085375387259869, 1e-14);
	/* Davidson: e^{z/2}, nu, e^{-z/2} over their sum; probit z times pi / sqrt(3). */
	check_three(0, SK_DRAW_DAVIDSON, 1, 0.5, 0.5983922023613771, 0.18147160863257086,
				0.22013618900605206, 1e-15);
	check_three(1, SK_DRAW_DAVIDSON, -0.3, 2, 0.1869689014335114, 0.49086021154677406,
				0.3221708870197145, 1e-15);
	/* No draw parameter, or no model: the two-outcome chance. */
	check_three(0, SK_DRAW_THRESHOLD, 1, 0, 0.7310585786300049, 0, 0.2689414213699951, 1e-15);
	check_three(0, SK_DRAW_DAVIDSON, 1, 0, 0.7310585786300049, 0, 0.2689414213699951, 1e-15);
	check_three(0, SK_DRAW_NONE, 1, 7, 0.7310585786300049, 0, 0.2689414213699951, 1e-15);
	/* Extreme z: finite chances, no overflow. */
	check_three(0, SK_DRAW_DAVIDSON, 1500, 3, 1, 0, 0, 1e-300);
	check_three(0, SK_DRAW_DAVIDSON, -1500, 3, 0, 0, 1, 1e-300);
	check_three(1, SK_DRAW_THRESHOLD, 40, 1, 1, 0, 0, 1e-300);
	/* Bad input. */
	CHECK(sk_draw_probs(0, SK_DRAW_THRESHOLD, NAN, 1, &w, &d, &l) == SK_ERR_NOT_FINITE);
	CHECK(sk_draw_probs(0, SK_DRAW_THRESHOLD, 1, INFINITY, &w, &d, &l) == SK_ERR_NOT_FINITE);
	CHECK(sk_draw_probs(0, SK_DRAW_DAVIDSON, 1, -0.1, &w, &d, &l) == SK_ERR_RANGE);
	/* The three-way log-loss: -ln of the chance of what happened. */
	CHECK_CLOSE(sk_three_way_log_loss(0.6, 0.25, 1), -log(0.6), 1e-15);
	CHECK_CLOSE(sk_three_way_log_loss(0.6, 0.25, 0.5), -log(0.25), 1e-15);
	CHECK_CLOSE(sk_three_way_log_loss(0.6, 0.25, 0), -log(0.15), 1e-15);
	CHECK_CLOSE(sk_three_way_log_loss(1, 0, 0), -log(1e-15), 1e-12);
	UNIT_DONE("draws");
}
