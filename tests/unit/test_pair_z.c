/*
 * test_pair_z.c - each family's two-team prediction argument z (pair_z.c),
 * against values worked out from the formulas in pair_z.h with Python's
 * math module and statistics.NormalDist, and against the families' own
 * two-team chances (the link of z is that chance).
 */
#include <math.h>

#include "unit.h"

#include "draws.h"
#include "elo.h"
#include "glicko.h"
#include "pair_z.h"

static double
logistic(double x)
{
	return 1.0 / (1.0 + exp(-x));
}

int
main(void)
{
	int			tg_start[3] = {0, 2, 3};
	double		tg_rating[3] = {1500, 1600, 1550};
	double		tg_rd[3] = {60, 100, 80};
	int			ts_start[3] = {0, 2, 3};
	double		ts_mu[3] = {25, 30, 27};
	double		ts_sigma[3] = {25.0 / 3, 4, 5};
	sk_ts_match m = {2, ts_start, ts_mu, ts_sigma, NULL, NULL};
	sk_ts_params p;
	double		z,
				delta,
				w,
				d,
				l,
				ts_draw;

	/* Elo: ln(10) 100 / 400. */
	CHECK_CLOSE(sk_elo_z(1600, 1500, 400), 0.5756462732485115, 1e-15);
	CHECK_CLOSE(logistic(sk_elo_z(1600, 1500, 400)), sk_elo_expected(1600, 1500, 400), 1e-15);

	/* Glicko: ln(10) g(sqrt(50^2 + 80^2)) 200 / 400. */
	z = sk_glicko_z(1700, 50, 1500, 80);
	CHECK_CLOSE(z, 1.102918211435124, 1e-14);
	CHECK_CLOSE(logistic(z), sk_glicko_win_probability(1700, 50, 1500, 80), 1e-15);
	/* RDs whose squares overflow: the halved form, still finite. */
	z = sk_glicko_z(1e300, 1e200, -1e300, 1e200);
	CHECK(isfinite(z) && z > 0);

	/* Team Glicko: ln(E_A / E_B) of (1500, 60) + (1600, 100) against (1550, 80). */
	CHECK(sk_tg_z(2, tg_start, tg_rating, tg_rd, &z) == SK_OK);
	CHECK_CLOSE(z, -0.006862141502557817, 1e-14);
	CHECK_CLOSE(logistic(z), 0.4982844713562306, 1e-15);
	CHECK(sk_tg_z(3, tg_start, tg_rating, tg_rd, &z) == SK_ERR_SIZE);

	/*
	 * TrueSkill: (25 + 30 - 27) / sqrt(sum sigma^2 + 3 beta^2); the native
	 * delta Phi^-1(0.55) sqrt(3) beta / c; the threshold model with it is
	 * TrueSkill's draw chance.
	 */
	sk_ts_default_params(&p);
	CHECK(sk_ts_z(&p, &m, &z, &delta) == SK_OK);
	CHECK_CLOSE(z, 2.1963130025091138, 1e-14);
	CHECK_CLOSE(delta, 0.07113564885165757, 1e-14);
	CHECK(sk_draw_probs(1, SK_DRAW_THRESHOLD, z, delta, &w, &d, &l) == SK_OK);
	CHECK_CLOSE(w, 0.9832140915266911, 1e-14);
	CHECK_CLOSE(d, 0.00510449230887966, 1e-14);
	CHECK_CLOSE(l, 0.011681416164429193, 1e-14);
	CHECK(sk_ts_draw_probability(&p, &m, &ts_draw) == SK_OK);
	CHECK_CLOSE(d, ts_draw, 1e-14);
	CHECK(sk_ts_z(&p, &m, &z, NULL) == SK_OK);
	p.draw_probability = 1;
	CHECK(sk_ts_z(&p, &m, &z, &delta) == SK_ERR_RANGE);
	CHECK(sk_ts_z(&p, &m, &z, NULL) == SK_OK);
	p.beta = 0;
	CHECK(sk_ts_z(&p, &m, &z, NULL) == SK_ERR_RANGE);
	UNIT_DONE("pair_z");
}
