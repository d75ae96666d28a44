/*
 * test_growth.c - idle growth and season resets (growth.c), by hand.
 */
#include "unit.h"

#include "growth.h"

/*
 * sigma 3, 16 days at 0.5 a day: sqrt(9 + 16 * 0.25) = sqrt(13) =
 * 3.605551275463989; capped at 3.5 it stops there; a sigma of 9 above a cap
 * of 8.33 stays 9; zero days change nothing.
 */
static void
test_idle(void)
{
	CHECK_CLOSE(sk_spread_after_idle(3, 16, 0.5, 25.0 / 3.0), 3.605551275463989, 1e-15);
	CHECK_CLOSE(sk_spread_after_idle(3, 16, 0.5, 3.5), 3.5, 1e-15);
	CHECK_CLOSE(sk_spread_after_idle(9, 16, 0.5, 25.0 / 3.0), 9, 1e-15);
	CHECK_CLOSE(sk_spread_after_idle(3, 0, 0.5, 25.0 / 3.0), 3, 1e-15);
	/* 1e-200 (its square underflows) stays 1e-200; 1e200 (its square overflows) is capped */
	CHECK_CLOSE(sk_spread_after_idle(1e-200, 0, 0, 25.0 / 3.0), 1e-200, 1e-215);
	CHECK_CLOSE(sk_spread_after_idle(1e-200, 4, 1e-200, 1), 2.23606797749979e-200, 1e-214);
	CHECK_CLOSE(sk_spread_after_idle(1, 1, 1e200, 5), 5, 1e-15);
}

/*
 * keep 0.5: mu 35 from 25 -> 30; sigma 2 toward 25/3:
 * sqrt(0.25 * 4 + 0.75 * 69.444...) = sqrt(53.083333...) = 7.285830998131465
 * keep 1 keeps everything, keep 0 returns the prior.
 */
static void
test_season(void)
{
	CHECK_CLOSE(sk_season_mean(35, 25, 0.5), 30, 1e-15);
	CHECK_CLOSE(sk_season_spread(2, 25.0 / 3.0, 0.5), 7.285830998131465, 1e-12);
	CHECK_CLOSE(sk_season_mean(35, 25, 1), 35, 1e-15);
	CHECK_CLOSE(sk_season_spread(2, 25.0 / 3.0, 1), 2, 1e-15);
	CHECK_CLOSE(sk_season_mean(35, 25, 0), 25, 1e-15);
	CHECK_CLOSE(sk_season_spread(2, 25.0 / 3.0, 0), 25.0 / 3.0, 1e-15);
	/* spreads of 1e-200: sqrt(0.25 + 0.75) * 1e-200 = 1e-200, not 0 */
	CHECK_CLOSE(sk_season_spread(1e-200, 1e-200, 0.5), 1e-200, 1e-214);
}

/*
 * Elo decay: 1800, 40 days idle, 14 days grace, 10 a week, floor 1500:
 * floor(26/7) = 3 weeks, 1770.  A 1505 rating drops to the floor 1500; a
 * 1400 rating (below the floor) stays; within the grace nothing moves.
 */
static void
test_elo_idle(void)
{
	CHECK_CLOSE(sk_elo_after_idle(1800, 40, 14, 10, 1500), 1770, 1e-12);
	CHECK_CLOSE(sk_elo_after_idle(1505, 40, 14, 10, 1500), 1500, 1e-12);
	CHECK_CLOSE(sk_elo_after_idle(1400, 400, 14, 10, 1500), 1400, 1e-12);
	CHECK_CLOSE(sk_elo_after_idle(1800, 20, 14, 10, 1500), 1800, 1e-12);
}

/*
 * Divisions over thresholds 1000, 1500, 2000 (divisions 0 .. 3): 1499 is
 * in 1, 1500 in 2.  Currently in 2 with margin 50, 1460 stays in 2 (>=
 * 1500 - 50) and 1449 falls to 1; currently in 1, 1540 stays in 1 (<
 * 1500 + 50) and 1550 rises to 2.  The top division has no upper bound.
 */
static void
test_division(void)
{
	double		t[] = {1000, 1500, 2000};

	CHECK(sk_division(1499, 3, t, -1, 0) == 1);
	CHECK(sk_division(1500, 3, t, -1, 0) == 2);
	CHECK(sk_division(500, 3, t, -1, 0) == 0);
	CHECK(sk_division(5000, 3, t, -1, 0) == 3);
	CHECK(sk_division(1460, 3, t, 2, 50) == 2);
	CHECK(sk_division(1449, 3, t, 2, 50) == 1);
	CHECK(sk_division(1540, 3, t, 1, 50) == 1);
	CHECK(sk_division(1550, 3, t, 1, 50) == 2);
	CHECK(sk_division(9000, 3, t, 3, 50) == 3);
}

int
main(void)
{
	test_elo_idle();
	test_division();
	test_idle();
	test_season();
	UNIT_DONE("growth");
}
