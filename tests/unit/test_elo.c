/*
 * test_elo.c - Elo core against the reference vectors (tests/vectors/elo.jsonl)
 * and hand-derived values.
 */
#include "elo.h"
#include "unit.h"

int
main(void)
{
	double		out,
				expected_total,
				k;
	double		multi[3];

	/* elo/expected_score/1600-vs-1500 */
	CHECK_CLOSE(sk_elo_expected(1600, 1500, 400), 0.6400649998028851, 1e-12);
	/* elo/expected_score/scale-200-1600-vs-1500 */
	CHECK_CLOSE(sk_elo_expected(1600, 1500, 200), 0.7597469266479578, 1e-12);

	/* elo/rate/upset-1400-beats-1800-k32 */
	{
		double		opp = 1800,
					score = 1;

		CHECK(sk_elo_rate_period(1400, 1, &opp, &score, 32, 400, &out, NULL) == SK_OK);
		CHECK_CLOSE(out, 1429.090909090909, 1e-9);
	}

	/* elo/rate_period/wikipedia-1613-five-games */
	{
		double		opps[] = {1609, 1477, 1388, 1586, 1720};
		double		scores[] = {0, 0.5, 1, 1, 0};

		CHECK(sk_elo_rate_period(1613, 5, opps, scores, 32, 400, &out,
								 &expected_total) == SK_OK);
		CHECK_CLOSE(out, 1601.2698768627572, 1e-9);
		CHECK_CLOSE(expected_total, 2.866566348038837, 1e-12);
	}

	/* Gaussian Elo: equal ratings give 1/2; a 200-point gap with s = 200 is Phi(1/sqrt 2). */
	CHECK_CLOSE(sk_elo_expected_normal(1500, 1500, 200), 0.5, 0);
	CHECK_CLOSE(sk_elo_expected_normal(1700, 1500, 200), 0.7602499389065233, 1e-15);
	{
		double		opp = 1500,
					score = 1;

		/* 1700 + 32*(1 - 0.7602499389065233) */
		CHECK(sk_elo_rate_period_normal(1700, 1, &opp, &score, 32, 200, &out) == SK_OK);
		CHECK_CLOSE(out, 1707.6720019549912, 1e-9);
	}

	/* FIDE (Handbook B.02 8.56): K = 40 under 30 games, 20 below 2400, 10 from 2400. */
	{
		double		thresholds[] = {2400};
		double		ks[] = {20, 10};

		CHECK(sk_elo_k_factor(2350, 50, 1, thresholds, ks, 30, 40, &k) == SK_OK);
		CHECK_CLOSE(k, 20, 0);
		CHECK(sk_elo_k_factor(2400, 50, 1, thresholds, ks, 30, 40, &k) == SK_OK);
		CHECK_CLOSE(k, 10, 0);
		CHECK(sk_elo_k_factor(2500, 12, 1, thresholds, ks, 30, 40, &k) == SK_OK);
		CHECK_CLOSE(k, 40, 0);
	}

	/* Two-player multiplayer Elo is plain Elo (elo/rate/upset-1400-beats-1800-k32). */
	{
		double		ratings[] = {1400, 1800};
		double		ranks[] = {1, 2};

		CHECK(sk_elo_rate_multi(2, ratings, ranks, 32, 400, multi) == SK_OK);
		CHECK_CLOSE(multi[0], 1429.090909090909, 1e-9);
		CHECK_CLOSE(multi[1], 1770.909090909091, 1e-9);
	}

	/*
	 * Three equal players ranked 1, 2, 2: the winner scores 1 + 1 against
	 * E = 1/2 + 1/2, so +32*1/2 = +16; each of the tied pair scores 0 + 0.5,
	 * so -32*0.5/2 = -8.  The sum of changes is zero.
	 */
	{
		double		ratings[] = {1500, 1500, 1500};
		double		ranks[] = {1, 2, 2};

		CHECK(sk_elo_rate_multi(3, ratings, ranks, 32, 400, multi) == SK_OK);
		CHECK_CLOSE(multi[0], 1516, 1e-12);
		CHECK_CLOSE(multi[1], 1492, 1e-12);
		CHECK_CLOSE(multi[2], 1492, 1e-12);
	}

	/*
	 * The margin-of-victory multiplier: ln(7 + 1) * 2.2 / (2.2 + 0.001 * 115)
	 * for a win by 7 with a lead of 115 (1550 + 65 at home against 1500);
	 * a tie takes the divisor 1, ln 2 * 2.2; a margin under 1 counts as 1.
	 */
	CHECK(sk_elo_mov_multiplier(7, 115, 0, 2.2, 0.001, &out) == SK_OK);
	CHECK_CLOSE(out, 1.9761431497605348, 1e-14);
	CHECK(sk_elo_mov_multiplier(0, 115, 1, 2.2, 0.001, &out) == SK_OK);
	CHECK_CLOSE(out, 1.5249237972318797, 1e-14);
	CHECK(sk_elo_mov_multiplier(0.25, -100, 0, 2.2, 0.001, &out) == SK_OK);
	CHECK_CLOSE(out, log(2.0) * 2.2 / 2.1, 1e-14);
	/* a + b * lead <= 0: a winner trailing by a / b = 2200. */
	CHECK(sk_elo_mov_multiplier(3, -2200, 0, 2.2, 0.001, &out) == SK_ERR_OVERFLOW);
	CHECK(sk_elo_mov_multiplier(3, -3000, 1, 2.2, 0.001, &out) == SK_OK);
	CHECK(sk_elo_mov_multiplier(-1, 0, 0, 2.2, 0.001, &out) == SK_ERR_RANGE);
	CHECK(sk_elo_mov_multiplier(1, 0, 0, 0, 0.001, &out) == SK_ERR_RANGE);
	CHECK(sk_elo_mov_multiplier(1, 0, 0, 2.2, -0.001, &out) == SK_ERR_RANGE);
	CHECK(sk_elo_mov_multiplier(NAN, 0, 0, 2.2, 0.001, &out) == SK_ERR_NOT_FINITE);

	/* Rejections. */
	{
		double		opp = 1500,
					bad_score = 1.5,
					nan_opp = NAN,
					score = 1;

		CHECK(sk_elo_rate_period(1500, 1, &opp, &bad_score, 32, 400, &out, NULL) == SK_ERR_RANGE);
		CHECK(sk_elo_rate_period(1500, 1, &nan_opp, &score, 32, 400, &out, NULL) == SK_ERR_NOT_FINITE);
		CHECK(sk_elo_rate_period(1500, 1, &opp, &score, -1, 400, &out, NULL) == SK_ERR_RANGE);
		CHECK(sk_elo_rate_period(1500, 1, &opp, &score, 32, 0, &out, NULL) == SK_ERR_RANGE);
		CHECK(sk_elo_rate_multi(1, &opp, &score, 32, 400, multi) == SK_ERR_SIZE);
	}

	UNIT_DONE("elo");
}
