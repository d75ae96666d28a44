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
}

int
main(void)
{
	test_idle();
	test_season();
	UNIT_DONE("growth");
}
