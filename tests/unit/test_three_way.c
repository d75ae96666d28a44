/*
 * test_three_way.c - scores of three-way predictions (three_way.c), against
 * values worked out by hand from the formulas in three_way.h.
 */
#include <math.h>

#include "unit.h"

#include "three_way.h"

int
main(void)
{
	sk_three_way_state s,
				t;
	sk_three_way_result r;

	sk_three_way_init(&s);
	sk_three_way_result_of(&s, &r);
	CHECK(r.n == 0 && isnan(r.log_loss) && isnan(r.rps) && isnan(r.brier));

	/*
	 * (0.5, 0.3) won:  -ln 0.5;  ((-0.5)^2 + (-0.2)^2) / 2 = 0.145;
	 *                  0.25 + 0.09 + 0.04 = 0.38
	 * (0.2, 0.5) drew: -ln 0.5;  (0.2^2 + (-0.3)^2) / 2 = 0.065;
	 *                  0.04 + 0.25 + 0.09 = 0.38
	 * (0.6, 0.1) lost: -ln 0.3;  (0.6^2 + 0.7^2) / 2 = 0.425;
	 *                  0.36 + 0.01 + 0.49 = 0.86
	 */
	CHECK(sk_three_way_add(&s, 0.5, 0.3, 1) == SK_OK);
	CHECK(sk_three_way_add(&s, 0.2, 0.5, 0.5) == SK_OK);
	sk_three_way_init(&t);
	CHECK(sk_three_way_add(&t, 0.6, 0.1, 0) == SK_OK);
	sk_three_way_merge(&s, &t);
	sk_three_way_result_of(&s, &r);
	CHECK(r.n == 3);
	CHECK_CLOSE(r.log_loss, (2 * log(2.0) - log(0.3)) / 3, 1e-15);
	CHECK_CLOSE(r.rps, 0.635 / 3, 1e-15);
	CHECK_CLOSE(r.brier, 1.62 / 3, 1e-15);
	CHECK_CLOSE(r.draw_rate, 1.0 / 3, 1e-15);
	CHECK_CLOSE(r.predicted_draw_rate, 0.3, 1e-15);

	/* A sure and right prediction scores 0; a sure wrong one the clamp. */
	sk_three_way_init(&s);
	CHECK(sk_three_way_add(&s, 0, 1, 0.5) == SK_OK);
	sk_three_way_result_of(&s, &r);
	CHECK(r.log_loss == 0 && r.rps == 0 && r.brier == 0);
	sk_three_way_init(&s);
	CHECK(sk_three_way_add(&s, 1, 0, 0) == SK_OK);
	sk_three_way_result_of(&s, &r);
	CHECK_CLOSE(r.log_loss, -log(1e-15), 1e-12);
	CHECK_CLOSE(r.rps, 1, 0);
	CHECK_CLOSE(r.brier, 2, 0);

	/* Chances summing to 1 up to rounding are accepted, the loss chance 0. */
	CHECK(sk_three_way_add(&s, 0.7, 0.3 + 1e-12, 1) == SK_OK);

	/* Faults, in argument order; the state unchanged. */
	CHECK(sk_three_way_check(-0.1, 0.2, 1) == SK_THREE_WAY_BAD_P_WIN);
	CHECK(sk_three_way_check(NAN, NAN, 1) == SK_THREE_WAY_BAD_P_WIN);
	CHECK(sk_three_way_check(0.5, 1.5, 1) == SK_THREE_WAY_BAD_P_DRAW);
	CHECK(sk_three_way_check(0.5, NAN, 1) == SK_THREE_WAY_BAD_P_DRAW);
	CHECK(sk_three_way_check(0.5, 0.2, 0.7) == SK_THREE_WAY_BAD_OUTCOME);
	CHECK(sk_three_way_check(0.7, 0.4, 1) == SK_THREE_WAY_SUM_ABOVE_ONE);
	CHECK(sk_three_way_check(0.7, 0.3, 0) == SK_THREE_WAY_OK);
	sk_three_way_init(&s);
	CHECK(sk_three_way_add(&s, 0.7, 0.4, 1) == SK_ERR_RANGE);
	CHECK(sk_three_way_add(&s, 0.5, 0.2, INFINITY) == SK_ERR_NOT_FINITE);
	CHECK(sk_three_way_add(&s, NAN, 0.2, 1) == SK_ERR_NOT_FINITE);
	CHECK(s.n == 0 && s.log_loss == 0);
	UNIT_DONE("three_way");
}
