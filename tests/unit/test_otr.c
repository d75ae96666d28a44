/*
 * test_otr.c - an o!TR match (otr.c).  The 1v1 case by hand (as in
 * tests/vectors/otr.jsonl, case 1v1-single-game-new-players): two new
 * players (mu 1000, sigma 400), one game, player 0 wins.  c^2 = 2 (400^2 +
 * 200^2) = 400000; p = 1/2; per game omega = +-(1/2) 400^2 / c =
 * +-126.4911..., delta = (400^2 / c^2) (1/4) = 0.1, so sigma_game = 400
 * sqrt(0.9).  Methods A and B agree (both played); with n = 1 the
 * correction is (1/8)^0.5, so mu' = 1000 +- 126.4911 (1/8)^0.5 =
 * 1044.7213595499957 / 955.2786404500042 and sigma' = 400 sqrt(1 - 0.1
 * (1/8)^0.5) = 392.8653022990292.
 */
#include <math.h>
#include <stdlib.h>

#include "unit.h"

#include "otr.h"

int
main(void)
{
	sk_otr_params p;
	double		mu[] = {1000, 1000, 1500};
	double		sigma[] = {400, 400, 300};
	double		scores[] = {612345, 598001, NAN};
	double		mu_out[3],
				sigma_out[3];
	void	   *work = malloc(sk_otr_workspace_size(3));

	sk_otr_default_params(&p);
	CHECK(sk_otr_rate_match(&p, 3, 1, mu, sigma, scores, mu_out, sigma_out, work) == SK_OK);
	CHECK_CLOSE(mu_out[0], 1044.7213595499957, 1e-9);
	CHECK_CLOSE(mu_out[1], 955.2786404500042, 1e-9);
	CHECK_CLOSE(sigma_out[0], 392.8653022990292, 1e-9);
	CHECK_CLOSE(sigma_out[1], 392.8653022990292, 1e-9);
	/* The third player played no game: unchanged. */
	CHECK(mu_out[2] == 1500 && sigma_out[2] == 300);

	/* Bad input. */
	sigma[0] = 0;
	CHECK(sk_otr_rate_match(&p, 3, 1, mu, sigma, scores, mu_out, sigma_out, work) == SK_ERR_RANGE);
	sigma[0] = 400;
	p.beta = NAN;
	CHECK(sk_otr_rate_match(&p, 3, 1, mu, sigma, scores, mu_out, sigma_out, work) == SK_ERR_NOT_FINITE);
	free(work);

	/* Start ratings (the SQL test derives them): rank 1000 and 10^6 (osu). */
	CHECK_CLOSE(sk_otr_initial_rating(1000, 9.99, 1.77), 1548.2762396630355, 1e-9);
	CHECK_CLOSE(sk_otr_initial_rating(1000000, 9.99, 1.77), 659.6736500050462, 1e-9);
	CHECK(sk_otr_initial_rating(1, 9.99, 1.77) == 2000);

	/*
	 * Decay: last match 2018-06-01 00:00 UTC (6,726 days after 2000-01-01),
	 * state on 2019-01-10: the Wednesdays 2019-01-02 and 2019-01-09 12:00,
	 * both past 184 days: -6, and two volatility steps:
	 * sqrt(200^2 + 1000) = 202.48456731316588.
	 */
	{
		sk_otr_decay_params d;
		double		m2,
					s2;
		int64_t		day = INT64_C(86400000000);

		sk_otr_default_decay_params(&d);
		CHECK(sk_otr_decay(&d, 1500, 200, 1500, 6726 * day, 6949 * day, &m2, &s2) == SK_OK);
		CHECK_CLOSE(m2, 1494, 1e-12);
		CHECK_CLOSE(s2, 202.48456731316588, 1e-9);
		CHECK(sk_otr_decay(&d, 1500, 200, 1500, 6949 * day, 6726 * day, &m2, &s2) == SK_ERR_RANGE);
	}
	UNIT_DONE("otr");
}
