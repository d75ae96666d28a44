/*
 * test_outcome.c - fractional outcomes from scores (outcome.c), by hand.
 * Share 6:4 is 0.6, and sigmoid(k logit(x)) = x^k / (x^k + (1 - x)^k), so
 * with k = 2 it is 0.36 / 0.52 = 9/13; with w = 0.5 and a win, 1/2 + 9/26
 * = 11/13.  A winner by rank with 18 of 38 games gets 9/19.  10:0 is
 * clamped to 0.99; with k = 2, 0.9801 / 0.9802.  Difference 3:1 over scale
 * 2 is sigmoid(1) = 0.7310585786300049.
 */
#include <math.h>

#include "unit.h"

#include "outcome.h"

int
main(void)
{
	double		s;

	CHECK(sk_outcome_share(6, 4, NAN, 0, 1, &s) == SK_OK);
	CHECK_CLOSE(s, 0.6, 1e-15);
	CHECK(sk_outcome_share(4, 6, NAN, 0, 1, &s) == SK_OK);
	CHECK_CLOSE(s, 0.4, 1e-15);
	CHECK(sk_outcome_share(6, 4, NAN, 0, 2, &s) == SK_OK);
	CHECK_CLOSE(s, 9.0 / 13.0, 1e-15);
	CHECK(sk_outcome_share(6, 4, 1, 0.5, 2, &s) == SK_OK);
	CHECK_CLOSE(s, 11.0 / 13.0, 1e-15);
	CHECK(sk_outcome_share(18, 20, 1, 0, 1, &s) == SK_OK);
	CHECK_CLOSE(s, 9.0 / 19.0, 1e-15);
	CHECK(sk_outcome_share(10, 0, NAN, 0, 1, &s) == SK_OK);
	CHECK_CLOSE(s, 0.99, 1e-15);
	CHECK(sk_outcome_share(10, 0, NAN, 0, 2, &s) == SK_OK);
	CHECK_CLOSE(s, 0.9801 / 0.9802, 1e-15);
	/* no points at all: the result, or a draw by the scores */
	CHECK(sk_outcome_share(0, 0, 1, 0, 1, &s) == SK_OK);
	CHECK(s == 1.0);
	CHECK(sk_outcome_share(0, 0, NAN, 0.3, 1, &s) == SK_OK);
	CHECK(s == 0.5);
	/* w = 1 is the result alone */
	CHECK(sk_outcome_share(1, 30, 1, 1, 1, &s) == SK_OK);
	CHECK(s == 1.0);

	CHECK(sk_outcome_share(-1, 4, NAN, 0, 1, &s) == SK_ERR_RANGE);
	CHECK(sk_outcome_share(1, 4, NAN, 1.5, 1, &s) == SK_ERR_RANGE);
	CHECK(sk_outcome_share(1, 4, NAN, 0, 0, &s) == SK_ERR_RANGE);
	CHECK(sk_outcome_share(1, 4, 0.7, 0, 1, &s) == SK_ERR_RANGE);
	CHECK(sk_outcome_share(INFINITY, 4, NAN, 0, 1, &s) == SK_ERR_NOT_FINITE);
	CHECK(sk_outcome_share(1, 4, NAN, 0, NAN, &s) == SK_ERR_NOT_FINITE);

	CHECK(sk_outcome_difference(3, 1, 2, &s) == SK_OK);
	CHECK_CLOSE(s, 0.7310585786300049, 1e-15);
	CHECK(sk_outcome_difference(1, 3, 2, &s) == SK_OK);
	CHECK_CLOSE(s, 1.0 - 0.7310585786300049, 1e-15);
	CHECK(sk_outcome_difference(1e308, -1e308, 1e-300, &s) == SK_OK);
	CHECK(s == 1.0);
	CHECK(sk_outcome_difference(-1e308, 1e308, 1e-300, &s) == SK_OK);
	CHECK(s == 0.0);
	CHECK(sk_outcome_difference(1, 3, 0, &s) == SK_ERR_RANGE);
	CHECK(sk_outcome_difference(1, NAN, 1, &s) == SK_ERR_NOT_FINITE);

	CHECK_CLOSE(sk_sigmoid(-800), 0.0, 1e-300);
	CHECK(sk_sigmoid(800) == 1.0);
	UNIT_DONE("outcome");
}
