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
	UNIT_DONE("otr");
}
