/*
 * test_extremes.c - finite but extreme input (1e300, 1e308), each case one
 * that the fuzz target (tests/fuzz) found returning NaN or Infinity with
 * SK_OK: now either a finite value, derived by hand or at 60 digits in
 * Python's decimal module, or SK_ERR_OVERFLOW.
 */
#include <string.h>

#include "elo.h"
#include "glicko.h"
#include "glicko2.h"
#include "matchmaking.h"
#include "normal.h"
#include "openskill.h"
#include "otr.h"
#include "unit.h"

static double work[512];	/* scratch for the OpenSkill predictions */

/* Updates whose true result is beyond double: an error, nothing written. */
static void
test_overflow_is_an_error(void)
{
	double		opp[] = {0.0},
				opp_rd[] = {0.0},
				lost[] = {0.0},
				won[] = {1.0},
				big[] = {1.7e308, 1.7e308},
				ranks[] = {2.0, 1.0},
				out[2] = {7.0, 7.0},
				rating = 7.0,
				rd = 7.0;
	sk_glicko2	player = {1500.0, 200.0, 1e300},
				g2 = {7.0, 7.0, 7.0};

	/*
	 * Glicko-1, RD 1e300 losing to an equal-RD-0 opponent 1e300 above:
	 * E = 0, so d^-2 = 0, and 1/RD^2 underflows to 0: precision 0.
	 */
	CHECK(sk_glicko_rate(-1e300, 1e300, 1, opp, opp_rd, lost, &rating, &rd) == SK_ERR_OVERFLOW);
	CHECK(rating == 7.0 && rd == 7.0);
	/* Glicko-2, an idle period with vol 1e300: the RD is vol * 173.7. */
	CHECK(sk_glicko2_rate(&player, 0, NULL, NULL, NULL, 0.5, 1e-6, &g2) == SK_ERR_OVERFLOW);
	CHECK(g2.rating == 7.0 && g2.rd == 7.0 && g2.vol == 7.0);
	/* Elo: 1.7e308 + 1e308 * (1 - 0.5). */
	CHECK(sk_elo_rate_period(1.7e308, 1, big, won, 1e308, 400.0, &rating, NULL) == SK_ERR_OVERFLOW);
	CHECK(sk_elo_rate_multi(2, big, ranks, 1e308, 400.0, out) == SK_ERR_OVERFLOW);
	CHECK(strcmp(sk_status_message(SK_ERR_OVERFLOW), "the result is not a finite number") == 0);
}

/* Values that are finite, computed without the intermediate overflow. */
static void
test_stable_values(void)
{
	double		beta,
				prob[2],
				mu_far[] = {1e300, 0.0},
				mu_even[] = {0.0, 0.0},
				sigma[] = {1.0, 1.0};
	int			team_start[] = {0, 1, 2};
	int			bucket;
	sk_os_params p;

	/* g(rd) = pi/(sqrt(3) q rd) once rd^2 overflows; it meets the exact form. */
	CHECK_CLOSE(sk_glicko_g(1e200) / 3.15089222066618877840681482882660e-198, 1.0, 1e-14);
	CHECK_CLOSE(sk_glicko_g(1e150) / 3.15089222066618877840681482882660e-148, 1.0, 1e-14);

	/*
	 * Glickman's win probability for RDs 1.7e308 each, ratings +-1e308:
	 * g(1.7e308 sqrt 2) 2e308/400 = 0.6531..., 1/(1 + 10^-0.6531) (60 digits).
	 */
	CHECK_CLOSE(sk_glicko_win_probability(1e308, 1.7e308, -1e308, 1.7e308),
				0.818895482911905001144360082414, 1e-13);
	CHECK_CLOSE(sk_glicko_win_probability(1e308, 1e300, -1e308, 1e300), 1.0, 0);

	/* Elo, normal curve: Phi((2e308)/(sqrt 2 1.7e308)) = Phi(0.8318903308077030). */
	CHECK_CLOSE(sk_elo_expected_normal(1e308, -1e308, 1.7e308), 0.7972645749427134, 1e-13);

	/* window_beta: bucket 2 of 5 gets 2/5 of max_beta, 4e307 (not Infinity). */
	CHECK(sk_mm_window_beta(20.0, 1e308, 5, 10.0, &beta, &bucket) == SK_OK);
	CHECK(bucket == 2);
	CHECK_CLOSE(beta / 4e307, 1.0, 1e-15);

	/*
	 * OpenSkill with beta 1e300 (beta^2 overflows): a lead of one beta wins
	 * with Phi(1/sqrt 2); two equal players draw with
	 * Phi(ppf(3/4)) - Phi(-ppf(3/4)) = 1/2 (the margin is sqrt 2 ppf(3/4) beta).
	 */
	sk_os_default_params(&p, SK_OS_PLACKETT_LUCE);
	p.beta = 1e300;
	CHECK(sk_os_predict_win(&p, 2, team_start, mu_far, sigma, prob, work) == SK_OK);
	CHECK_CLOSE(prob[0], 0.7602499389065233, 1e-13);
	CHECK_CLOSE(prob[1], 1.0 - 0.7602499389065233, 1e-13);
	CHECK(sk_os_predict_draw(&p, 2, team_start, mu_even, sigma, prob, work) == SK_OK);
	CHECK_CLOSE(prob[0], 0.5, 1e-12);
	/* The same as with a beta whose square does not overflow. */
	p.beta = 1e100;
	CHECK(sk_os_predict_draw(&p, 2, team_start, mu_even, sigma, prob, work) == SK_OK);
	CHECK_CLOSE(prob[0], 0.5, 1e-12);
}

/* Rating lifecycle helpers and team balancing. */
static void
test_lifecycle_and_balance(void)
{
	double		c = 7.0,
				rd,
				gap,
				mu,
				sigma,
				zero[6] = {0, 0, 0, 0, 0, 0};
	int			party[6] = {0, 0, 1, 1, -1, -1},
				team[6];
	sk_otr_decay_params dp;

	/* No periods, no growth, even when c^2 overflows (it was inf * 0 = NaN -> rd_max). */
	CHECK(sk_glicko_decay(50, 0, 1e200, 350, &rd) == SK_OK);
	CHECK_CLOSE(rd, 50, 0);
	/* c = sqrt((rd_max^2 - rd^2) / periods): sqrt((1e400 - 2500) / 100) = 1e199. */
	CHECK(sk_glicko_c_from_periods(50, 100, 1e200, &c) == SK_OK);
	CHECK_CLOSE(c / 1e199, 1.0, 1e-15);
	/* sqrt(120000 / 5e-324) = 1.5584694542042610789e164 (50 digits). */
	CHECK(sk_glicko_c_from_periods(50, 5e-324, 350, &c) == SK_OK);
	CHECK_CLOSE(c / 1.5584694542042610788919003003689684655684676185900e164, 1.0, 1e-15);
	/* 1e200 / 1e-150: beyond double. */
	c = 7.0;
	CHECK(sk_glicko_c_from_periods(50, 1e-300, 1e200, &c) == SK_ERR_OVERFLOW);
	CHECK(c == 7.0);

	/* Two parties of two with a bonus of 1e308 each: the sums overflow. */
	CHECK(sk_mm_balance_workspace_size(6, 2) <= sizeof(work));
	CHECK(sk_mm_balance_teams_bonus(6, zero, party, 2, 3, 1e308, team, &gap, work) == SK_ERR_OVERFLOW);
	/* 1e307 each: one party per team, an even split. */
	CHECK(sk_mm_balance_teams_bonus(6, zero, party, 2, 3, 1e307, team, &gap, work) == SK_OK);
	CHECK(team[0] == team[1] && team[2] == team[3] && team[0] != team[2]);
	CHECK_CLOSE(gap, 0, 0);

	/* o!TR decay: a negative rate would raise mu without bound. */
	sk_otr_default_decay_params(&dp);
	dp.decay_rate = -1e308;
	CHECK(sk_otr_decay(&dp, 1e308, 100, 1e308, 0, 0, &mu, &sigma) == SK_ERR_RANGE);
}

int
main(void)
{
	test_overflow_is_an_error();
	test_stable_values();
	test_lifecycle_and_balance();
	UNIT_DONE("extremes");
}
