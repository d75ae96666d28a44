/*
 * test_team_glicko.c - team Glicko-1 against shared/vectors/team_glicko1.jsonl.
 *
 * The literal numbers are the vectors' "expected" values (reading C, the
 * boost counted once in quality); each block names its case id.  All 21
 * cases of that file were also compared by a throwaway harness.
 */
#include "team_glicko.h"
#include "unit.h"

#define TOL_AGG		1e-12		/* the vectors' tolerance for aggregates/quality */
#define TOL_RATE	1e-9		/* and for rate */

static const sk_tg_params defaults = {2.0, 350.0};

static void
test_team_rating(void)
{
	double		tr,
				trd;

	/* team_glicko1/team_rating/single-default */
	{
		const double r[] = {1500.0},
					rd[] = {130.0};

		CHECK(sk_tg_team_rating(1, r, rd, &tr, &trd) == SK_OK);
		CHECK_CLOSE(tr, 1610.0, TOL_AGG);
		CHECK_CLOSE(trd, 130.0, TOL_AGG);
	}
	/* team_glicko1/team_rating/2-mixed-rd */
	{
		const double r[] = {1600.0, 1450.0},
					rd[] = {60.0, 300.0};

		CHECK(sk_tg_team_rating(2, r, rd, &tr, &trd) == SK_OK);
		CHECK_CLOSE(tr, 1591.8334617360804, TOL_AGG);
		CHECK_CLOSE(trd, 216.33307652783935, TOL_AGG);
		CHECK_CLOSE(sk_tg_boost(trd), 66.83346173608032, TOL_AGG);
	}
	/* team_glicko1/team_rating/3-random */
	{
		const double r[] = {1696.6944, 1450.506, 1564.882},
					rd[] = {328.595, 248.1745, 80.2362};

		CHECK(sk_tg_team_rating(3, r, rd, &tr, &trd) == SK_OK);
		CHECK_CLOSE(tr, 1624.58705114788, TOL_AGG);
		CHECK_CLOSE(trd, 242.21416437090681, TOL_AGG);
		CHECK_CLOSE(tr - sk_tg_boost(trd), 1570.6941333333334, TOL_AGG);
	}
	/* RD above 350 gives a negative boost (no floor in the note). */
	{
		const double r[] = {1500.0},
					rd[] = {400.0};

		CHECK(sk_tg_team_rating(1, r, rd, &tr, &trd) == SK_OK);
		CHECK_CLOSE(tr, 1475.0, TOL_AGG);
	}
}

/* Rate a two-team match; want holds rating, rd pairs in player order. */
static void
check_rate(const sk_tg_params *p, int na, int nb, const double *r,
		   const double *rd, double score, const double *want, double tol)
{
	double		ro[16],
				rdo[16];
	int			ts[3];
	int			i;

	ts[0] = 0;
	ts[1] = na;
	ts[2] = na + nb;
	CHECK(sk_tg_rate(p, 2, ts, r, rd, score, ro, rdo) == SK_OK);
	for (i = 0; i < na + nb; i++)
	{
		CHECK_CLOSE(ro[i], want[2 * i], tol);
		CHECK_CLOSE(rdo[i], want[2 * i + 1], tol);
	}
}

static void
test_rate(void)
{
	/* team_glicko1/rate/1v1-default-draw: E = 0.5, only the RD moves. */
	{
		const double r[] = {1500.0, 1500.0},
					rd[] = {130.0, 130.0},
					want[] = {1500.0, 122.85830807194841,
			1500.0, 122.85830807194841};

		check_rate(&defaults, 1, 1, r, rd, 0.5, want, TOL_RATE);
	}
	/* team_glicko1/rate/2v2-default-win */
	{
		const double r[] = {1500.0, 1500.0, 1500.0, 1500.0},
					rd[] = {130.0, 130.0, 130.0, 130.0},
					want[] = {1540.1606143506629, 122.85830807194841,
			1540.1606143506629, 122.85830807194841,
			1459.8393856493371, 122.85830807194841,
			1459.8393856493371, 122.85830807194841};

		check_rate(&defaults, 2, 2, r, rd, 1.0, want, TOL_RATE);
	}
	/* team_glicko1/rate/2v2-random-loss */
	{
		const double r[] = {1519.6183, 1406.5268, 1341.5781, 1464.9158},
					rd[] = {178.3353, 244.8168, 127.5126, 187.1547},
					want[] = {1444.9910696623936, 162.2633048316472,
			1238.9700767744123, 207.51554453008043,
			1379.7986523748955, 122.04697624982664,
			1545.19738521871, 171.04294654213726};

		check_rate(&defaults, 2, 2, r, rd, 0.0, want, TOL_RATE);
	}
	/* team_glicko1/rate/3v3-random-win */
	{
		const double r[] = {1302.1144, 1330.8931, 1422.4088,
			1366.5578, 1586.6732, 1699.2355},
					rd[] = {232.4483, 273.5928, 94.2558,
			314.9214, 210.1175, 283.4574},
					want[] = {1474.7224323307137, 210.1249412028381,
			1593.8144257263668, 239.04015727664662,
			1447.628621832328, 92.56829698655964,
			969.4109795878228, 258.9261061101586,
			1442.8616951219476, 190.75111488490776,
			1390.6487659254426, 240.5725703720653};

		check_rate(&defaults, 3, 3, r, rd, 1.0, want, TOL_RATE);
	}
	/* team_glicko1/rate/1v2-uneven-win */
	{
		const double r[] = {1705.5578, 1561.6381, 1280.2485},
					rd[] = {332.7647, 104.8422, 336.7934},
					want[] = {1872.7358689731348, 278.91567087764423,
			1550.0067142796872, 103.08159409068719,
			1103.9627252732926, 289.2752446228149};

		check_rate(&defaults, 1, 2, r, rd, 1.0, want, TOL_RATE);
	}
	/* team_glicko1/rate/rdfactor-both-branches: 1/scale below RD 175, RD/350 above */
	{
		const double r[] = {1550.0, 1500.0, 1520.0, 1580.0},
					rd[] = {80.0, 300.0, 120.0, 250.0},
					want[] = {1566.4170596381432, 78.5253358710635,
			1767.9303709443293, 242.28776534453698,
			1485.7795150693023, 115.48587135301608,
			1409.789916033458, 215.49015756733266};

		check_rate(&defaults, 2, 2, r, rd, 1.0, want, TOL_RATE);
	}
	/* team_glicko1/rate/scale-1-plain-glicko-step */
	{
		const sk_tg_params p1 = {1.0, 350.0};
		const double r[] = {1500.0, 1400.0},
					rd[] = {200.0, 30.0},
					want[] = {1582.6097813090958, 173.56652871610453,
			1397.903775342913, 29.9207027294248};

		check_rate(&p1, 1, 1, r, rd, 1.0, want, TOL_RATE);
	}
}

static void
test_rate_properties(void)
{
	const int	ts[] = {0, 2, 4};
	const int	ts_swapped[] = {0, 2, 4};
	double		r[] = {1519.6183, 1406.5268, 1341.5781, 1464.9158};
	double		rd[] = {178.3353, 244.8168, 127.5126, 187.1547};
	const double r_sw[] = {1341.5781, 1464.9158, 1519.6183, 1406.5268};
	const double rd_sw[] = {127.5126, 187.1547, 178.3353, 244.8168};
	double		ro[4],
				rdo[4],
				ro_sw[4],
				rdo_sw[4];
	double		ea,
				eb;
	int			i;

	/* Swapping the teams and the score mirrors the result. */
	CHECK(sk_tg_rate(&defaults, 2, ts, r, rd, 0.0, ro, rdo) == SK_OK);
	CHECK(sk_tg_rate(&defaults, 2, ts_swapped, r_sw, rd_sw, 1.0,
					 ro_sw, rdo_sw) == SK_OK);
	for (i = 0; i < 4; i++)
	{
		CHECK_CLOSE(ro_sw[(i + 2) % 4], ro[i], 1e-9);
		CHECK_CLOSE(rdo_sw[(i + 2) % 4], rdo[i], 1e-12);
	}

	/* Identical teams expect 0.5 each; E_A + E_B = 1 only for equal RD_team. */
	{
		const double re[] = {1500.0, 1600.0, 1600.0, 1500.0};
		const double rde[] = {100.0, 200.0, 200.0, 100.0};

		CHECK(sk_tg_expected(2, ts, re, rde, &ea, &eb) == SK_OK);
		CHECK_CLOSE(ea, 0.5, 1e-15);
		CHECK_CLOSE(eb, 0.5, 1e-15);
	}
	CHECK(sk_tg_expected(2, ts, r, rd, &ea, &eb) == SK_OK);
	CHECK(ea > 0.5 && eb < 0.5 && ea + eb != 1.0);

	/* In place: outputs may be the input arrays. */
	CHECK(sk_tg_rate(&defaults, 2, ts, r, rd, 0.0, r, rd) == SK_OK);
	for (i = 0; i < 4; i++)
	{
		CHECK(r[i] == ro[i]);
		CHECK(rd[i] == rdo[i]);
	}
}

static void
test_quality(void)
{
	const int	ts22[] = {0, 2, 4};
	const int	ts13[] = {0, 1, 4};
	double		q,
				d,
				c;

	/* team_glicko1/quality/2v2-random */
	{
		const double r[] = {1649.5822, 1436.547, 1752.3049, 1367.8262},
					rd[] = {195.4888, 109.1169, 168.5831, 157.3331};

		CHECK(sk_tg_quality(2, ts22, r, rd, &q, &d, &c) == SK_OK);
		CHECK_CLOSE(q, 0.7552081642045432, TOL_AGG);
		CHECK_CLOSE(d, -14.626996816525207, TOL_AGG);
		CHECK_CLOSE(c, 227.2623316261078, TOL_AGG);
	}
	/* team_glicko1/quality/1v3-random */
	{
		const double r[] = {1339.9778, 1484.1839, 1714.2906, 1738.1308},
					rd[] = {89.4091, 261.7065, 334.9765, 250.1973};

		CHECK(sk_tg_quality(2, ts13, r, rd, &q, NULL, NULL) == SK_OK);
		CHECK_CLOSE(q, 0.5473749764810718, TOL_AGG);
	}

	/*
	 * team_glicko1/quality/equal-mean-different-rd, also by hand: d_eff =
	 * b(60) - b(300) = 145 - 25 = 120, RD_combined^2 = 60^2 + 300^2 = 93600,
	 * Q = 1/(1 + 0.09 + 93600/160000) = 1/1.675 = 0.5970149253731343.
	 */
	{
		const double r[] = {1500.0, 1500.0, 1500.0, 1500.0},
					rd[] = {60.0, 60.0, 300.0, 300.0};

		CHECK(sk_tg_quality(2, ts22, r, rd, &q, &d, &c) == SK_OK);
		CHECK_CLOSE(q, 0.5970149253731343, TOL_AGG);
		CHECK_CLOSE(d, 120.0, TOL_AGG);
		CHECK_CLOSE(c, 305.9411708155671, TOL_AGG);
	}
}

static void
test_rejections(void)
{
	const int	ts[] = {0, 1, 2};
	const int	ts_empty[] = {0, 1, 1};
	const int	ts_three[] = {0, 1, 2, 3};
	const double r[] = {1500.0, 1400.0, 1300.0};
	const double rd[] = {100.0, 100.0, 100.0};
	const double r_nan[] = {NAN, 1400.0};
	const double rd_inf[] = {100.0, INFINITY};
	const double rd_zero[] = {100.0, 0.0};
	const double rd_neg[] = {-5.0, 100.0};
	sk_tg_params p;
	double		ro[3] = {-1.0, -1.0, -1.0},
				rdo[3] = {-1.0, -1.0, -1.0};
	double		a,
				b,
				q;

	sk_tg_default_params(&p);
	CHECK(p.scale == 2.0 && p.rd_max == 350.0);

	/* team_rating */
	CHECK(sk_tg_team_rating(0, r, rd, &a, &b) == SK_ERR_SIZE);
	CHECK(sk_tg_team_rating(2, r_nan, rd, &a, &b) == SK_ERR_NOT_FINITE);
	CHECK(sk_tg_team_rating(2, r, rd_inf, &a, &b) == SK_ERR_NOT_FINITE);
	CHECK(sk_tg_team_rating(2, r, rd_zero, &a, &b) == SK_ERR_RANGE);
	CHECK(sk_tg_team_rating(2, r, rd_neg, &a, &b) == SK_ERR_RANGE);

	/* rate: layout */
	CHECK(sk_tg_rate(&p, 2, ts_empty, r, rd, 1.0, ro, rdo) == SK_ERR_SIZE);
	CHECK(sk_tg_rate(&p, 3, ts_three, r, rd, 1.0, ro, rdo) == SK_ERR_SIZE);
	CHECK(sk_tg_rate(&p, 1, ts, r, rd, 1.0, ro, rdo) == SK_ERR_SIZE);
	/* rate: numbers */
	CHECK(sk_tg_rate(&p, 2, ts, r_nan, rd, 1.0, ro, rdo) == SK_ERR_NOT_FINITE);
	CHECK(sk_tg_rate(&p, 2, ts, r, rd_inf, 1.0, ro, rdo) == SK_ERR_NOT_FINITE);
	CHECK(sk_tg_rate(&p, 2, ts, r, rd_zero, 1.0, ro, rdo) == SK_ERR_RANGE);
	CHECK(sk_tg_rate(&p, 2, ts, r, rd_neg, 1.0, ro, rdo) == SK_ERR_RANGE);
	CHECK(sk_tg_rate(&p, 2, ts, r, rd, 1.5, ro, rdo) == SK_ERR_RANGE);
	CHECK(sk_tg_rate(&p, 2, ts, r, rd, -0.1, ro, rdo) == SK_ERR_RANGE);
	CHECK(sk_tg_rate(&p, 2, ts, r, rd, NAN, ro, rdo) == SK_ERR_NOT_FINITE);
	p.scale = 0.0;
	CHECK(sk_tg_rate(&p, 2, ts, r, rd, 1.0, ro, rdo) == SK_ERR_RANGE);
	p.scale = -2.0;
	CHECK(sk_tg_rate(&p, 2, ts, r, rd, 1.0, ro, rdo) == SK_ERR_RANGE);
	p.scale = INFINITY;
	CHECK(sk_tg_rate(&p, 2, ts, r, rd, 1.0, ro, rdo) == SK_ERR_NOT_FINITE);
	p.scale = 2.0;
	p.rd_max = 0.0;
	CHECK(sk_tg_rate(&p, 2, ts, r, rd, 1.0, ro, rdo) == SK_ERR_RANGE);
	p.rd_max = NAN;
	CHECK(sk_tg_rate(&p, 2, ts, r, rd, 1.0, ro, rdo) == SK_ERR_NOT_FINITE);
	p.rd_max = 350.0;

	/* Overflowing aggregates are a range error, never NaN. */
	{
		const int	ts21[] = {0, 2, 3};
		const double r_big[] = {1.5e308, 1.5e308, 1500.0};
		const double r_far[] = {1.5e308, -1.5e308};

		CHECK(sk_tg_team_rating(2, r_big, rd, &a, &b) == SK_ERR_RANGE);
		CHECK(sk_tg_rate(&p, 2, ts21, r_big, rd, 1.0, ro, rdo) == SK_ERR_RANGE);
		/* Far apart but finite is fine: E saturates at 1 and 0. */
		CHECK(sk_tg_expected(2, ts, r_far, rd, &a, &b) == SK_OK);
		CHECK(a == 1.0 && b == 0.0);
	}
	/* An RD so small that 1/RD^2 overflows would come back as RD' = 0. */
	{
		const int	ts21[] = {0, 2, 3};
		const double rd_tiny[] = {1e-200, 100.0, 100.0};

		CHECK(sk_tg_rate(&p, 2, ts, r, rd_tiny, 1.0, ro, rdo) == SK_ERR_RANGE);
		CHECK(sk_tg_rate(&p, 2, ts21, r, rd_tiny, 1.0, ro, rdo) == SK_ERR_RANGE);
	}
	/* Nothing was written by any rejected call. */
	CHECK(ro[0] == -1.0 && rdo[0] == -1.0 && ro[1] == -1.0 && rdo[1] == -1.0);

	/* expected / quality share the layout and player checks. */
	CHECK(sk_tg_expected(2, ts_empty, r, rd, &a, &b) == SK_ERR_SIZE);
	CHECK(sk_tg_expected(2, ts, r, rd_zero, &a, &b) == SK_ERR_RANGE);
	CHECK(sk_tg_quality(2, ts_empty, r, rd, &q, NULL, NULL) == SK_ERR_SIZE);
	CHECK(sk_tg_quality(2, ts, r_nan, rd, &q, NULL, NULL) == SK_ERR_NOT_FINITE);
	CHECK(sk_tg_quality(2, ts, r, rd_neg, &q, NULL, NULL) == SK_ERR_RANGE);
}

int
main(void)
{
	test_team_rating();
	test_rate();
	test_rate_properties();
	test_quality();
	test_rejections();
	UNIT_DONE("team_glicko");
}
