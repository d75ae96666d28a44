/*
 * test_glicko.c - Glicko-1 and Glicko-2 cores against Glickman's worked
 * examples and cases of tests/vectors/glicko1.jsonl and glicko2.jsonl.
 */
#include <math.h>

#include "glicko.h"
#include "glicko2.h"
#include "unit.h"

/* Glickman's example: 1500/200 meets 1400/30 (win), 1550/100 (loss), 1700/300 (loss). */
static const double paper_opp_rating[] = {1400, 1550, 1700};
static const double paper_opp_rd[] = {30, 100, 300};
static const double paper_scores[] = {1, 0, 0};

static void
test_glicko1(void)
{
	double		rating,
				rd,
				c;

	/* glicko1/rate/glickman-paper-example */
	CHECK(sk_glicko_rate(1500, 200, 3, paper_opp_rating, paper_opp_rd,
						 paper_scores, &rating, &rd) == SK_OK);
	CHECK_CLOSE(rating, 1464.1064627569112, 1e-9);
	CHECK_CLOSE(rd, 151.39890244796933, 1e-9);

	/* glicko1/expected_score/E-1 and E-5 (an exactly known opponent, RD 0) */
	CHECK_CLOSE(sk_glicko_expected(1500, 1400, 30), 0.639467736007921, 1e-12);
	CHECK_CLOSE(sk_glicko_g(30), 0.9954980060779481, 1e-12);
	CHECK_CLOSE(sk_glicko_expected(1450, 1900, 0), 0.06975828735890625, 1e-12);

	/* glicko1/rate/no-games */
	CHECK(sk_glicko_rate(1620, 90, 0, NULL, NULL, NULL, &rating, &rd) == SK_OK);
	CHECK_CLOSE(rating, 1620, 0);
	CHECK_CLOSE(rd, 90, 0);

	/* glicko1/c_from_periods/glickman-c-example and rd_decay cases */
	CHECK(sk_glicko_c_from_periods(50, 100, 350, &c) == SK_OK);
	CHECK_CLOSE(c, 34.64101615137755, 1e-12);
	CHECK(sk_glicko_decay(50, 10, c, 350, &rd) == SK_OK);
	CHECK_CLOSE(rd, 120.41594578792296, 1e-9);
	CHECK(sk_glicko_decay(50, 100, c, 350, &rd) == SK_OK);
	CHECK_CLOSE(rd, 350, 0);
	/* rd 1e-200, c 0: stays 1e-200 (its square underflows to 0) */
	CHECK(sk_glicko_decay(1e-200, 5, 0, 350, &rd) == SK_OK);
	CHECK_CLOSE(rd, 1e-200, 1e-215);
	/* rd_max^2 overflows but c does not: rd_max / sqrt(periods). */
	CHECK(sk_glicko_c_from_periods(1500, 25, 1e200, &c) == SK_OK);
	CHECK_CLOSE(c / 2e199, 1.0, 1e-15);
	/* periods 2^-1022: sqrt(350^2 - 1) 2^511, past the quotient's overflow. */
	CHECK(sk_glicko_c_from_periods(1, 2.2250738585072014e-308, 350, &c) == SK_OK);
	CHECK_CLOSE(c / (sqrt(350.0 * 350.0 - 1.0) * ldexp(1.0, 511)), 1.0, 1e-15);

	/* Rejections. */
	CHECK(sk_glicko_rate(1500, 0, 3, paper_opp_rating, paper_opp_rd,
						 paper_scores, &rating, &rd) == SK_ERR_RANGE);
	CHECK(sk_glicko_rate(NAN, 200, 0, NULL, NULL, NULL, &rating, &rd) == SK_ERR_NOT_FINITE);
	CHECK(sk_glicko_decay(50, -1, 30, 350, &rd) == SK_ERR_RANGE);
}

static void
test_glicko2(void)
{
	sk_glicko2	player = {1500, 200, 0.06};
	sk_glicko2	out;

	/* glicko2/rate/glickman-paper-example: 1464.0507 / 151.5165 / 0.0599960 */
	CHECK(sk_glicko2_rate(&player, 3, paper_opp_rating, paper_opp_rd,
						  paper_scores, 0.5, 1e-6, &out) == SK_OK);
	CHECK_CLOSE(out.rating, 1464.0506705393013, 1e-9);
	CHECK_CLOSE(out.rd, 151.51652412385727, 1e-9);
	CHECK_CLOSE(out.vol, 0.059995984286488495, 1e-9);

	/* glicko2/rate/inactive-period */
	CHECK(sk_glicko2_rate(&player, 0, NULL, NULL, NULL, 0.5, 1e-6, &out) == SK_OK);
	CHECK_CLOSE(out.rating, 1500, 0);
	CHECK_CLOSE(out.rd, 200.27141669877065, 1e-9);
	CHECK_CLOSE(out.vol, 0.06, 0);

	/* Equal players: E = 1/2 exactly. */
	CHECK_CLOSE(sk_glicko2_expected(1500, 1500, 350), 0.5, 0);

	/* Foregone conclusions stay finite. */
	{
		double		opp = 1e6,
					opp_rd = 30,
					score = 1;

		CHECK(sk_glicko2_rate(&player, 1, &opp, &opp_rd, &score, 0.5, 1e-6, &out) == SK_OK);
		CHECK(isfinite(out.rating) && isfinite(out.rd) && isfinite(out.vol));
	}

	/*
	 * Step 6 counted as periods: 1 is Glickman's update, bit for bit; an
	 * inactive period grows phi^2 by periods vol^2 (200 -> sqrt(200^2 +
	 * 2 (0.06 173.7178)^2)).
	 */
	{
		sk_glicko2	one;

		CHECK(sk_glicko2_rate(&player, 3, paper_opp_rating, paper_opp_rd,
							  paper_scores, 0.5, 1e-6, &out) == SK_OK);
		CHECK(sk_glicko2_rate_periods(&player, 3, paper_opp_rating, paper_opp_rd,
									  paper_scores, 0.5, 1e-6, 1.0, &one) == SK_OK);
		CHECK(one.rating == out.rating && one.rd == out.rd && one.vol == out.vol);
		CHECK(sk_glicko2_rate_periods(&player, 0, NULL, NULL, NULL, 0.5, 1e-6, 2.0, &out) == SK_OK);
		CHECK_CLOSE(out.rd, sqrt(200.0 * 200.0 + 2 * pow(0.06 * SK_GLICKO2_SCALE, 2)), 1e-9);
		CHECK(sk_glicko2_rate_periods(&player, 0, NULL, NULL, NULL, 0.5, 1e-6, 0.0, &out) == SK_OK);
		CHECK_CLOSE(out.rd, 200, 1e-12);
		CHECK(sk_glicko2_rate_periods(&player, 0, NULL, NULL, NULL, 0.5, 1e-6, -1.0, &out) == SK_ERR_RANGE);
		CHECK(sk_glicko2_rate_periods(&player, 0, NULL, NULL, NULL, 0.5, 1e-6, NAN, &out) == SK_ERR_NOT_FINITE);
	}

	/*
	 * A step of the volatility iteration that lands exactly on the root
	 * (f(C) = 0, met on the ATP history) ends it, as Glickman's test
	 * f(C) f(B) <= 0 says; vol barely moves from 0.06.
	 */
	{
		sk_glicko2	p = {1533.9112541712782, 56.998882583930062, 0.060010780556689361};
		double		opp[2] = {1383.2329848127922, 1435.5923391872573};
		double		opp_rd[2] = {258.18196895363099, 54.850592113357855};
		double		wins[2] = {1, 1};

		CHECK(sk_glicko2_rate(&p, 2, opp, opp_rd, wins, 0.5, 1e-6, &out) == SK_OK);
		CHECK(out.vol > 0.0600 && out.vol < 0.0601 && out.rating > p.rating && out.rd < p.rd);
	}

	/* Rejections. */
	player.vol = 0;
	CHECK(sk_glicko2_rate(&player, 0, NULL, NULL, NULL, 0.5, 1e-6, &out) == SK_ERR_RANGE);
	player.vol = 0.06;
	CHECK(sk_glicko2_rate(&player, 0, NULL, NULL, NULL, 0, 1e-6, &out) == SK_ERR_RANGE);
}

/*
 * Weighted games: weight 2 on a game is that game played twice, weight 0
 * the game not played, and weights of 1 the unweighted update bit for bit.
 */
static void
test_weights(void)
{
	const double twice_rating[] = {1400, 1400, 1550, 1700};
	const double twice_rd[] = {30, 30, 100, 300};
	const double twice_scores[] = {1, 1, 0, 0};
	const double weights[] = {2, 1, 1};
	const double ones[] = {1, 1, 1};
	const double zeros[] = {0, 0, 0};
	const double negative[] = {1, -1, 1};
	const double not_finite[] = {1, INFINITY, 1};
	const sk_glicko2 player = {1500, 200, 0.06};
	sk_glicko2	a,
				b;
	double		r1,
				rd1,
				r2,
				rd2;

	CHECK(sk_glicko_rate(1500, 200, 4, twice_rating, twice_rd, twice_scores, &r1, &rd1) == SK_OK);
	CHECK(sk_glicko_rate_weighted(1500, 200, 3, paper_opp_rating, paper_opp_rd, paper_scores,
								  weights, &r2, &rd2) == SK_OK);
	CHECK_CLOSE(r2, r1, 1e-12);
	CHECK_CLOSE(rd2, rd1, 1e-12);
	CHECK(sk_glicko_rate_weighted(1500, 200, 3, paper_opp_rating, paper_opp_rd, paper_scores,
								  ones, &r2, &rd2) == SK_OK);
	CHECK(r2 == 1464.1064627569112 || fabs(r2 - 1464.1064627569112) < 1e-9);
	CHECK(sk_glicko_rate(1500, 200, 3, paper_opp_rating, paper_opp_rd, paper_scores,
						 &r1, &rd1) == SK_OK);
	CHECK(r1 == r2 && rd1 == rd2);
	CHECK(sk_glicko_rate_weighted(1500, 200, 3, paper_opp_rating, paper_opp_rd, paper_scores,
								  zeros, &r2, &rd2) == SK_OK);
	CHECK(r2 == 1500 && rd2 == 200);
	CHECK(sk_glicko_rate_weighted(1500, 200, 3, paper_opp_rating, paper_opp_rd, paper_scores,
								  negative, &r2, &rd2) == SK_ERR_RANGE);
	CHECK(sk_glicko_rate_weighted(1500, 200, 3, paper_opp_rating, paper_opp_rd, paper_scores,
								  not_finite, &r2, &rd2) == SK_ERR_NOT_FINITE);

	CHECK(sk_glicko2_rate(&player, 4, twice_rating, twice_rd, twice_scores, 0.5, 1e-9, &a) == SK_OK);
	CHECK(sk_glicko2_rate_weighted(&player, 3, paper_opp_rating, paper_opp_rd, paper_scores,
								   weights, 0.5, 1e-9, 1.0, &b) == SK_OK);
	CHECK_CLOSE(b.rating, a.rating, 1e-9);
	CHECK_CLOSE(b.rd, a.rd, 1e-9);
	CHECK_CLOSE(b.vol, a.vol, 1e-12);
	CHECK(sk_glicko2_rate(&player, 3, paper_opp_rating, paper_opp_rd, paper_scores, 0.5, 1e-6,
						  &a) == SK_OK);
	CHECK(sk_glicko2_rate_weighted(&player, 3, paper_opp_rating, paper_opp_rd, paper_scores,
								   ones, 0.5, 1e-6, 1.0, &b) == SK_OK);
	CHECK(a.rating == b.rating && a.rd == b.rd && a.vol == b.vol);
	/* All weights 0: an inactive period (the RD grows by vol, the rest stays). */
	CHECK(sk_glicko2_rate_weighted(&player, 3, paper_opp_rating, paper_opp_rd, paper_scores,
								   zeros, 0.5, 1e-6, 1.0, &b) == SK_OK);
	CHECK(sk_glicko2_rate_periods(&player, 0, NULL, NULL, NULL, 0.5, 1e-6, 1.0, &a) == SK_OK);
	CHECK(a.rating == b.rating && a.vol == b.vol);
	CHECK_CLOSE(b.rd, a.rd, 1e-12);
	CHECK(sk_glicko2_rate_weighted(&player, 3, paper_opp_rating, paper_opp_rd, paper_scores,
								   negative, 0.5, 1e-6, 1.0, &b) == SK_ERR_RANGE);
}

int
main(void)
{
	test_glicko1();
	test_glicko2();
	test_weights();
	UNIT_DONE("glicko");
}
