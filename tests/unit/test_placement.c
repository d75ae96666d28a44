/*
 * test_placement.c - performance ratings (placement.c) against Newton's
 * method run independently in Python on the same objective:
 * one win against 1500 (prior 1500 / 350, scale 400): 1682.6246868567048,
 * sd 262.4088676641592; a win and a loss against 1500: exactly 1500, sd
 * 1/sqrt(2 (ln 10/400)^2 / 4 + 1/350^2) = 201.08192877028512; three wins
 * against 1400, 1600, 1700 (finite thanks to the prior):
 * 1866.1510742574612, sd 214.9963635246445.
 */
#include <float.h>
#include <math.h>

#include "unit.h"

#include "placement.h"

int
main(void)
{
	double		one[] = {1500},
				win[] = {1},
				two[] = {1500, 1500},
				split[] = {1, 0},
				three[] = {1400, 1600, 1700},
				wins[] = {1, 1, 1},
				x,
				sd;

	CHECK(sk_performance_rating(1, one, win, 1500, 350, 400, &x, &sd) == SK_OK);
	CHECK_CLOSE(x, 1682.6246868567048, 1e-8);
	CHECK_CLOSE(sd, 262.4088676641592, 1e-8);
	CHECK(sk_performance_rating(2, two, split, 1500, 350, 400, &x, &sd) == SK_OK);
	CHECK_CLOSE(x, 1500, 1e-9);
	CHECK_CLOSE(sd, 201.08192877028512, 1e-8);
	CHECK(sk_performance_rating(3, three, wins, 1500, 350, 400, &x, &sd) == SK_OK);
	CHECK_CLOSE(x, 1866.1510742574612, 1e-8);
	CHECK_CLOSE(sd, 214.9963635246445, 1e-8);
	/* No games: the prior. */
	CHECK(sk_performance_rating(0, one, win, 1500, 350, 400, &x, &sd) == SK_OK);
	CHECK(x == 1500 && fabs(sd - 350) < 1e-12);
	win[0] = 2;
	CHECK(sk_performance_rating(1, one, win, 1500, 350, 400, &x, &sd) == SK_ERR_RANGE);
	CHECK(sk_performance_rating(1, one, wins, 1500, 0, 400, &x, &sd) == SK_ERR_RANGE);

	/*
	 * Calibration over [0, 3000], shrink 0.7: start 1500, first step 750.
	 * Win: 2250 (step 525); loss: 1725 (367.5); win: 2092.5 (257.25);
	 * draw: stays (180.075).
	 */
	{
		double		results[] = {1, 0, 1, 0.5};
		double		r,
					step;

		CHECK(sk_calibration_search(0, results, 0, 3000, 0.7, &r, &step) == SK_OK);
		CHECK(r == 1500 && step == 750);
		CHECK(sk_calibration_search(4, results, 0, 3000, 0.7, &r, &step) == SK_OK);
		CHECK_CLOSE(r, 2092.5, 1e-9);
		CHECK_CLOSE(step, 180.075, 1e-9);
		CHECK(sk_calibration_search(1, results, 3000, 0, 0.7, &r, &step) == SK_ERR_RANGE);
		/* A range wider than the largest double: midpoint and step stay finite. */
		CHECK(sk_calibration_search(0, results, -1e300, DBL_MAX, 0.7, &r, &step) == SK_OK);
		CHECK(r == DBL_MAX / 2 - 1e300 / 2 && step == DBL_MAX / 4 + 1e300 / 4);
		CHECK(sk_calibration_search(4, results, -DBL_MAX, DBL_MAX, 0.7, &r, &step) == SK_OK);
		CHECK(isfinite(r) && isfinite(step));
	}
	UNIT_DONE("placement");
}
