/*
 * test_trueskill.c - the TrueSkill core against the shared vectors
 * (shared/vectors/trueskill.jsonl, computed by trueskill 0.4.5 with the
 * scipy backend), tail behaviour of v/w, extreme inputs and rejections.
 *
 * Vector numbers are copied literally; each block names its case id.  The
 * vectors' tolerance is 1e-6, this code reproduces them to about 1e-12.
 */
#include <stdlib.h>
#include <string.h>

#include "trueskill.h"
#include "unit.h"

#define TOL		1e-9
#define MAXP	64

static unsigned char work[65536];

/* Rate a match given as (mu, sigma) pairs and compare with (mu, sigma) pairs. */
static void
check_rate(const char *id, const sk_ts_params *p, int n_teams,
		   const int *team_start, const double *ms, const double *ranks,
		   const double *weights, const double *expect)
{
	double		mu[MAXP],
				sigma[MAXP],
				mu_out[MAXP],
				sigma_out[MAXP];
	int			n = team_start[n_teams];
	int			before = unit_failed;
	int			i;
	sk_ts_match m;

	for (i = 0; i < n; i++)
	{
		mu[i] = ms[2 * i];
		sigma[i] = ms[2 * i + 1];
	}
	m.n_teams = n_teams;
	m.team_start = team_start;
	m.mu = mu;
	m.sigma = sigma;
	m.ranks = ranks;
	m.weights = weights;
	CHECK(sk_ts_workspace_size(n_teams, n) <= sizeof(work));
	CHECK(sk_ts_rate(p, &m, mu_out, sigma_out, work) == SK_OK);
	for (i = 0; i < n; i++)
	{
		CHECK_CLOSE(mu_out[i], expect[2 * i], TOL);
		CHECK_CLOSE(sigma_out[i], expect[2 * i + 1], TOL);
	}
	if (unit_failed != before)
		fprintf(stderr, "  in %s\n", id);
}

static void
test_rate_vectors(void)
{
	sk_ts_params p;

	sk_ts_default_params(&p);

	/* trueskill/rate/1v1-win-default */
	{
		static const int ts[] = {0, 1, 2};
		static const double r[] = {0, 1};
		static const double in[] = {25.0, 8.333333333333334, 25.0, 8.333333333333334};
		static const double out[] = {29.395831692991507, 7.1714758070092195,
		20.60416830700848, 7.1714758070092195};

		check_rate("1v1-win-default", &p, 2, ts, in, r, NULL, out);
	}
	/* trueskill/rate/1v1-draw-default */
	{
		static const int ts[] = {0, 1, 2};
		static const double r[] = {0, 0};
		static const double in[] = {25.0, 8.333333333333334, 25.0, 8.333333333333334};
		static const double out[] = {25.0, 6.457515683245051,
		25.0, 6.457515683245051};

		check_rate("1v1-draw-default", &p, 2, ts, in, r, NULL, out);
	}
	/* trueskill/rate/1v1-win-ranks-omitted (NULL ranks = list order) */
	{
		static const int ts[] = {0, 1, 2};
		static const double in[] = {27.0, 6.0, 24.0, 4.0};
		static const double out[] = {29.51349933093888, 5.227962410079261,
		22.88261987313132, 3.7805380596462066};

		check_rate("1v1-win-ranks-omitted", &p, 2, ts, in, NULL, NULL, out);
	}
	/* trueskill/rate/2v2-win-random */
	{
		static const int ts[] = {0, 2, 4};
		static const double r[] = {0, 1};
		static const double in[] = {27.916, 5.8316, 34.7146, 6.1407,
		33.6, 1.7817, 34.1996, 7.3131};
		static const double out[] = {30.573382233567788, 5.458280592422619,
			37.661094483326785, 5.703059964486174,
			33.35145325309817, 1.7732648333747916,
		30.020821900231745, 6.561171988827137};

		check_rate("2v2-win-random", &p, 2, ts, in, r, NULL, out);
	}
	/* trueskill/rate/2v2-draw-random */
	{
		static const int ts[] = {0, 2, 4};
		static const double r[] = {0, 0};
		static const double in[] = {22.1583, 6.0635, 33.0231, 3.9419,
		23.5522, 6.3623, 35.039, 3.4436};
		static const double out[] = {22.87694087541521, 5.387280915760725,
			33.32690043023274, 3.7630402843577,
			22.761000660423903, 5.575984643673327,
		34.80712027194348, 3.3254228006972157};

		check_rate("2v2-draw-random", &p, 2, ts, in, r, NULL, out);
	}
	/* trueskill/rate/3teams-ffa-tie-default */
	{
		static const int ts[] = {0, 1, 2, 3};
		static const double r[] = {0, 1, 1};
		static const double in[] = {25.0, 8.333333333333334,
			25.0, 8.333333333333334,
		25.0, 8.333333333333334};
		static const double out[] = {30.109298728195306, 6.735245261343208,
			22.442662422136635, 5.97200673048026,
		22.44803884966806, 5.974128315099739};

		check_rate("3teams-ffa-tie-default", &p, 3, ts, in, r, NULL, out);
	}
	/* trueskill/rate/4teams-sizes-2-1-1-3-shuffled (sorted, then unsorted) */
	{
		static const int ts[] = {0, 2, 3, 4, 7};
		static const double r[] = {2, 0, 3, 1};
		static const double in[] = {30.7957, 7.6252, 39.1666, 2.9215,
			10.1034, 6.0926,
			26.1219, 3.688,
		10.2349, 6.2957, 33.8001, 4.3607, 11.9717, 6.7709};
		static const double out[] = {9.843641807523442, 5.717860343997902,
			36.08882166960371, 2.8271521719378185,
			30.256688806676188, 4.797362456834604,
			25.302850997704123, 3.4855873647957982,
			5.385391396284974, 5.578712787833582,
			31.473056012558718, 4.130458018088816,
		6.362612958004351, 5.869670935853706};

		check_rate("4teams-sizes-2-1-1-3-shuffled", &p, 4, ts, in, r, NULL, out);
	}
	/* trueskill/rate/random-3 (ties in the middle of a shuffled order) */
	{
		static const int ts[] = {0, 2, 5, 7, 8};
		static const double r[] = {1, 3, 0, 1};
		static const double in[] = {27.4458, 8.2564, 39.0988, 1.09,
			11.5336, 4.0948, 25.9325, 7.6022, 23.719, 6.9699,
			10.694, 1.8909, 18.0158, 4.1576,
		15.6928, 6.386};
		static const double out[] = {6.05692700871812, 5.741092019899158,
			38.72387338730091, 1.0882205809558245,
			8.359976897671501, 3.9373917247604084,
			14.996943436878409, 6.534993335802622,
			14.52667649277972, 6.158000542528749,
			11.37687711896297, 1.8599998606151746,
			21.312068689106663, 3.798710522057032,
		28.43136989784562, 4.796258904582025};

		check_rate("random-3", &p, 4, ts, in, r, NULL, out);
	}
	/* trueskill/rate/8players-ffa-default */
	{
		static const int ts[] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
		static const double r[] = {0, 1, 2, 3, 4, 5, 6, 7};
		double		in[16];
		static const double out[] = {36.771095790359645, 5.749283833810739,
			32.242343386032736, 5.132912799893902,
			29.07398246952343, 4.942715044148994,
			26.322178842218687, 4.8745490622353405,
			23.67782115786629, 4.874549062226348,
			20.926017530569005, 4.942715044121933,
			17.7576566140713, 5.132912799850869,
		13.22890420968703, 5.749283833879049};
		int			i;

		for (i = 0; i < 8; i++)
		{
			in[2 * i] = 25.0;
			in[2 * i + 1] = 8.333333333333334;
		}
		check_rate("8players-ffa-default", &p, 8, ts, in, r, NULL, out);
	}
	/* trueskill/rate/2v2-partial-play */
	{
		static const int ts[] = {0, 2, 4};
		static const double r[] = {0, 1};
		static const double w[] = {1.0, 0.5, 0.75, 1.0};
		static const double in[] = {17.8634, 3.7422, 11.6848, 1.2566,
		32.0066, 3.1008, 34.2835, 5.5418};
		static const double out[] = {23.234814565130428, 3.484896486699736,
			11.988810986158613, 1.25698408495206,
			29.24002971833712, 3.0210524188282264,
		22.506917927344997, 4.66331267068407};

		check_rate("2v2-partial-play", &p, 2, ts, in, r, w, out);
	}
	/* trueskill/rate/2v2-partial-play-zero-weight (0 is raised to min_delta) */
	{
		static const int ts[] = {0, 2, 4};
		static const double r[] = {0, 1};
		static const double w[] = {1.0, 0.0, 1.0, 1.0};
		static const double in[] = {39.857, 6.2407, 15.3703, 7.6993,
		38.4189, 7.7252, 13.6156, 7.9863};
		static const double out[] = {43.707824276988035, 5.776770989602894,
			15.370886088251725, 7.699750957345107,
			32.51852444710262, 6.824958071406008,
		7.309683996273083, 6.987051160017017};

		check_rate("2v2-partial-play-zero-weight", &p, 2, ts, in, r, w, out);
	}
	/* trueskill/rate/1v1-tau-zero */
	{
		static const int ts[] = {0, 1, 2};
		static const double r[] = {0, 1};
		static const double in[] = {25.0, 4.0, 25.0, 4.0};
		static const double out[] = {26.677644417280053, 3.671974738597539,
		23.32235558271995, 3.671974738597539};
		sk_ts_params q = p;

		q.tau = 0.0;
		check_rate("1v1-tau-zero", &q, 2, ts, in, r, NULL, out);
	}
	/* trueskill/rate/1v1-custom-env: mu 1200, sigma 400, beta 200, tau 4, dp 0.05 */
	{
		static const int ts[] = {0, 1, 2};
		static const double r[] = {1, 0};
		static const double in[] = {1350.0, 250.0, 1180.0, 320.0};
		static const double out[] = {1216.8567418696427, 226.20512016197156,
		1398.12016003389, 268.25743192345544};
		sk_ts_params q = {1200.0, 400.0, 200.0, 4.0, 0.05, 0.0001};

		check_rate("1v1-custom-env", &q, 2, ts, in, r, NULL, out);
	}
}

static double
quality_of(const sk_ts_params *p, int n_teams, const int *team_start,
		   const double *ms, const double *weights, sk_status *st)
{
	double		mu[MAXP],
				sigma[MAXP],
				q = -1.0;
	int			i;
	sk_ts_match m;

	for (i = 0; i < team_start[n_teams]; i++)
	{
		mu[i] = ms[2 * i];
		sigma[i] = ms[2 * i + 1];
	}
	m.n_teams = n_teams;
	m.team_start = team_start;
	m.mu = mu;
	m.sigma = sigma;
	m.ranks = NULL;
	m.weights = weights;
	*st = sk_ts_quality(p, &m, &q, work);
	return q;
}

static double
win_probability_of(double beta, const int *team_start, const double *ms)
{
	double		mu[MAXP],
				sigma[MAXP],
				prob = -1.0;
	int			i;
	sk_ts_match m;

	for (i = 0; i < team_start[2]; i++)
	{
		mu[i] = ms[2 * i];
		sigma[i] = ms[2 * i + 1];
	}
	m.n_teams = 2;
	m.team_start = team_start;
	m.mu = mu;
	m.sigma = sigma;
	m.ranks = NULL;
	m.weights = NULL;
	CHECK(sk_ts_win_probability(beta, &m, &prob) == SK_OK);
	return prob;
}

static void
test_other_vectors(void)
{
	sk_ts_params p;
	sk_ts_params custom = {1200.0, 400.0, 200.0, 4.0, 0.05, 0.0001};
	sk_status	st;

	sk_ts_default_params(&p);

	/* trueskill/quality/1v1-default */
	{
		static const int ts[] = {0, 1, 2};
		static const double in[] = {25.0, 8.333333333333334, 25.0, 8.333333333333334};

		CHECK_CLOSE(quality_of(&p, 2, ts, in, NULL, &st), 0.4472135954999579, 1e-12);
		CHECK(st == SK_OK);
	}
	/* trueskill/quality/4teams-sizes-1-2-3-1 */
	{
		static const int ts[] = {0, 1, 3, 6, 7};
		static const double in[] = {26.2176, 6.4457,
			24.1579, 1.3879, 24.9008, 2.4787,
			14.7737, 2.5869, 23.172, 4.854, 10.7187, 4.0406,
		20.6809, 4.258};

		CHECK_CLOSE(quality_of(&p, 4, ts, in, NULL, &st), 0.00041814470169324633, 1e-12);
		CHECK(st == SK_OK);
	}
	/* trueskill/quality/2v2-weights */
	{
		static const int ts[] = {0, 2, 4};
		static const double w[] = {1.0, 0.5, 1.0, 0.8};
		static const double in[] = {28.9684, 8.2772, 10.8585, 8.0305,
		32.8827, 3.5064, 13.455, 3.2152};

		CHECK_CLOSE(quality_of(&p, 2, ts, in, w, &st), 0.43254491001398926, 1e-12);
		CHECK(st == SK_OK);
	}
	/* trueskill/quality/1v1-custom-env */
	{
		static const int ts[] = {0, 1, 2};
		static const double in[] = {1350.0, 250.0, 1180.0, 320.0};

		CHECK_CLOSE(quality_of(&custom, 2, ts, in, NULL, &st), 0.5387975726222601, 1e-12);
		CHECK(st == SK_OK);
	}

	/* trueskill/expose/default, /random, /custom-env */
	CHECK_CLOSE(sk_ts_expose(25.0, 8.333333333333334, p.mu, p.sigma), 0.0, 1e-12);
	CHECK_CLOSE(sk_ts_expose(11.5694, 2.0838, p.mu, p.sigma), 5.318, 1e-12);
	CHECK_CLOSE(sk_ts_expose(1350.0, 250.0, custom.mu, custom.sigma), 600.0, 1e-12);

	/* trueskill/win_probability/2v2-random */
	{
		static const int ts[] = {0, 2, 4};
		static const double in[] = {31.0416, 2.5645, 34.4281, 7.8455,
		35.4337, 6.1094, 34.2507, 2.929};

		CHECK_CLOSE(win_probability_of(p.beta, ts, in), 0.37784157976614485, 1e-12);
	}
	/* trueskill/win_probability/1v2-random */
	{
		static const int ts[] = {0, 1, 3};
		static const double in[] = {27.3105, 3.9546,
		29.5723, 4.4094, 32.7675, 4.6309};

		CHECK_CLOSE(win_probability_of(p.beta, ts, in), 0.0003880043258566873, 1e-12);
	}
	/* trueskill/win_probability/1v1-custom-env */
	{
		static const int ts[] = {0, 1, 2};
		static const double in[] = {1350.0, 250.0, 1180.0, 320.0};

		CHECK_CLOSE(win_probability_of(custom.beta, ts, in), 0.6343970955082345, 1e-12);
	}
}

/* v/w: reference values from 60-digit mpmath, and finiteness far out. */
static void
test_vw(void)
{
	static const double ts[] = {-1e12, -1e5, -50, -30, -5.000001, -4.999999,
	-1, 0, 1, 30, 50, 1e5};
	static const double es[] = {0.0, 1e-20, 1e-6, 0.5, 3.0, 50.0};
	double		v,
				w,
				v2,
				w2;
	int			i,
				j;

	sk_ts_vw_win(-30, 0, &v, &w);
	CHECK_CLOSE(v, 30.033259667433677, 1e-12);
	CHECK_CLOSE(w, 0.99889622848810991, 1e-14);
	sk_ts_vw_win(-50, 0.5, &v, &w);
	CHECK_CLOSE(v, 50.519786481114537, 1e-12);
	CHECK_CLOSE(w, 0.99960880111901073, 1e-14);
	sk_ts_vw_win(30, 0, &v, &w);
	CHECK_CLOSE(v / 1.4736461348785475e-196, 1.0, 1e-12);
	CHECK_CLOSE(w / 4.4209384046356426e-195, 1.0, 1e-12);
	CHECK(w > 0.0 && w < 1.0);
	sk_ts_vw_win(1, 0.2, &v, &w);
	CHECK_CLOSE(v, 0.36756142494764794, 1e-14);
	CHECK_CLOSE(w, 0.42915054106766378, 1e-14);
	/* +50: w ~ 1e-543 underflows; the package raises here, we give 0 */
	sk_ts_vw_win(50, 0, &v, &w);
	CHECK(v >= 0.0 && w >= 0.0 && w < 1.0);

	sk_ts_vw_draw(30, 0.5, &v, &w);
	CHECK_CLOSE(v, -29.533820844167893, 1e-12);
	CHECK_CLOSE(w, 0.99885875245582492, 1e-14);
	sk_ts_vw_draw(-50, 3, &v, &w);
	CHECK_CLOSE(v, 47.021257375647357, 1e-12);
	CHECK_CLOSE(w, 0.99954853144516874, 1e-14);
	sk_ts_vw_draw(-6, 1, &v, &w);
	CHECK_CLOSE(v, 5.1864952562762758, 1e-13);
	CHECK_CLOSE(w, 0.96732049624297791, 1e-14);
	sk_ts_vw_draw(0.3, 0.7, &v, &w);
	CHECK_CLOSE(v, -0.25424302749227672, 1e-14);
	CHECK_CLOSE(w, 0.84826480233979503, 1e-14);
	/* a margin too narrow for cdf(a) - cdf(b) */
	sk_ts_vw_draw(2, 1e-6, &v, &w);
	CHECK_CLOSE(v, -1.9999999999993333, 1e-14);
	CHECK_CLOSE(1.0 - w, 3.3333333333302219e-13, 1e-16);

	/* the tail forms join the package's formulas without a jump */
	sk_ts_vw_win(-4.999999999, 0, &v, &w);
	sk_ts_vw_win(-5.000000001, 0, &v2, &w2);
	CHECK_CLOSE(v, v2, 1e-8);
	CHECK_CLOSE(w, w2, 1e-10);
	sk_ts_vw_draw(-5.5 + 1e-9, 0.5, &v, &w);
	sk_ts_vw_draw(-5.5 - 1e-9, 0.5, &v2, &w2);
	CHECK_CLOSE(v, v2, 1e-8);
	CHECK_CLOSE(w, w2, 1e-10);

	/* finite everywhere, w in [0, 1), and strictly inside (0, 1) whenever
	 * it is representable: win with t - e < 30, draw with |t| > e */
	for (i = 0; i < (int) (sizeof(ts) / sizeof(ts[0])); i++)
		for (j = 0; j < (int) (sizeof(es) / sizeof(es[0])); j++)
		{
			double		t = ts[i],
						e = es[j];

			sk_ts_vw_win(t, e, &v, &w);
			CHECK(isfinite(v) && v >= 0.0 && w >= 0.0 && w < 1.0);
			if (t - e < 30.0)
				CHECK(w > 0.0);
			if (e == 0.0)
				continue;
			sk_ts_vw_draw(t, e, &v, &w);
			CHECK(isfinite(v) && w >= 0.0 && w < 1.0);
			if (fabs(t) > e)
				CHECK(w > 0.0 && (t > 0.0 ? v < 0.0 : v > 0.0));
		}
}

static int
all_finite(const double *mu, const double *sigma, int n)
{
	int			i;

	for (i = 0; i < n; i++)
		if (!isfinite(mu[i]) || !isfinite(sigma[i]) || sigma[i] <= 0.0)
			return 0;
	return 1;
}

static void
test_extremes(void)
{
	sk_ts_params p;
	sk_ts_match m;
	int			ts[MAXP + 1];
	double		mu[MAXP],
				sigma[MAXP],
				ranks[MAXP],
				mu_out[MAXP],
				sigma_out[MAXP],
				q;
	int			i;

	sk_ts_default_params(&p);

	/* a 50-player free-for-all, fresh ratings, then spread ratings reversed */
	for (i = 0; i <= 50; i++)
		ts[i] = i;
	for (i = 0; i < 50; i++)
	{
		mu[i] = 25.0;
		sigma[i] = 25.0 / 3.0;
		ranks[i] = i;
	}
	m.n_teams = 50;
	m.team_start = ts;
	m.mu = mu;
	m.sigma = sigma;
	m.ranks = ranks;
	m.weights = NULL;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_OK);
	CHECK(all_finite(mu_out, sigma_out, 50));
	CHECK(mu_out[0] > 25.0 && mu_out[49] < 25.0);
	for (i = 0; i < 49; i++)
		CHECK(mu_out[i] > mu_out[i + 1]);
	CHECK(sk_ts_quality(&p, &m, &q, work) == SK_OK && q > 0.0 && q < 1.0);

	for (i = 0; i < 50; i++)
	{
		mu[i] = 4.0 * i;		/* the worst-rated player wins */
		sigma[i] = 0.5 + 0.1 * i;
	}
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_OK);
	CHECK(all_finite(mu_out, sigma_out, 50));
	CHECK(mu_out[0] > mu[0] && mu_out[49] < mu[49]);

	/* mu gap 200, 1 vs 1: favourite wins, upset, draw */
	m.n_teams = 2;
	ts[0] = 0;
	ts[1] = 1;
	ts[2] = 2;
	mu[0] = 225.0;
	mu[1] = 25.0;
	sigma[0] = sigma[1] = 25.0 / 3.0;
	ranks[0] = 0;
	ranks[1] = 1;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_OK);
	CHECK(all_finite(mu_out, sigma_out, 2));
	CHECK_CLOSE(mu_out[0], 225.0, 1e-9);	/* no news */
	CHECK_CLOSE(mu_out[1], 25.0, 1e-9);
	ranks[0] = 1;
	ranks[1] = 0;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_OK);
	CHECK(all_finite(mu_out, sigma_out, 2));
	CHECK(mu_out[0] < 225.0 - 50.0 && mu_out[1] > 25.0 + 50.0);
	CHECK(sigma_out[0] < sigma[0] && sigma_out[1] < sigma[1]);
	ranks[1] = 1;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_OK);
	CHECK(all_finite(mu_out, sigma_out, 2));
	CHECK(mu_out[0] < mu[0] && mu_out[1] > mu[1]);
	/* the same upset with tiny sigmas (far tail), and a 3-team version */
	sigma[0] = sigma[1] = 0.01;
	ranks[0] = 1;
	ranks[1] = 0;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_OK);
	CHECK(all_finite(mu_out, sigma_out, 2));
	m.n_teams = 3;
	ts[3] = 3;
	mu[2] = 125.0;
	sigma[2] = 1.0;
	ranks[2] = 0.5;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_OK);
	CHECK(all_finite(mu_out, sigma_out, 3));

	/* draws under a tiny draw probability (the package divides by zero) */
	p.draw_probability = 1e-15;
	m.n_teams = 2;
	ranks[0] = ranks[1] = 0;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_OK);
	CHECK(all_finite(mu_out, sigma_out, 2));
	CHECK(mu_out[0] < mu[0] && mu_out[1] > mu[1]);
	sigma[0] = sigma[1] = 25.0 / 3.0;
	mu[0] = mu[1] = 25.0;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_OK);
	CHECK(all_finite(mu_out, sigma_out, 2));
	CHECK_CLOSE(mu_out[0], 25.0, 1e-12);
	CHECK_CLOSE(mu_out[1], 25.0, 1e-12);
	CHECK(sigma_out[0] < 25.0 / 3.0);

	/* huge uncertainty */
	sk_ts_default_params(&p);
	sigma[0] = 1e6;
	sigma[1] = 1e-3;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_OK);
	CHECK(all_finite(mu_out, sigma_out, 2));

	/* outputs may alias the inputs */
	mu[0] = mu[1] = 25.0;
	sigma[0] = sigma[1] = 25.0 / 3.0;
	ranks[0] = 0;
	ranks[1] = 1;
	CHECK(sk_ts_rate(&p, &m, mu, sigma, work) == SK_OK);
	CHECK_CLOSE(mu[0], 29.395831692991507, TOL);	/* 1v1-win-default */
	CHECK_CLOSE(mu[1], 20.60416830700848, TOL);
	CHECK_CLOSE(sigma[1], 7.1714758070092195, TOL);
}

static void
test_rejections(void)
{
	sk_ts_params p,
				bad;
	sk_ts_match m;
	int			ts[] = {0, 1, 2, 3};
	double		mu[] = {25.0, 25.0, 25.0};
	double		sigma[] = {8.0, 8.0, 8.0};
	double		ranks[] = {0, 1, 2};
	double		weights[] = {1.0, 1.0, 1.0};
	double		mu_out[3] = {-1, -1, -1},
				sigma_out[3] = {-1, -1, -1},
				q;

	sk_ts_default_params(&p);
	CHECK_CLOSE(p.mu, 25.0, 0);
	CHECK_CLOSE(p.sigma, 25.0 / 3.0, 0);
	CHECK_CLOSE(p.beta, 25.0 / 6.0, 1e-15);
	CHECK_CLOSE(p.tau, 25.0 / 300.0, 1e-15);
	CHECK_CLOSE(p.draw_probability, 0.10, 0);
	CHECK_CLOSE(p.min_delta, 1e-4, 0);

	CHECK(sk_ts_workspace_size(1, 5) == 0);
	CHECK(sk_ts_workspace_size(3, 2) == 0);
	CHECK(sk_ts_workspace_size(2, 2) > 0);
	CHECK(sk_ts_workspace_size(50, 200) <= sizeof(work));

	m.n_teams = 3;
	m.team_start = ts;
	m.mu = mu;
	m.sigma = sigma;
	m.ranks = ranks;
	m.weights = weights;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_OK);

	/* layout */
	m.n_teams = 1;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_ERR_SIZE);
	CHECK(sk_ts_quality(&p, &m, &q, work) == SK_ERR_SIZE);
	m.n_teams = 3;
	ts[1] = 0;					/* empty first team */
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_ERR_SIZE);
	ts[1] = 1;
	ts[0] = 1;					/* must start at 0 */
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_ERR_SIZE);
	ts[0] = 0;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, NULL) == SK_ERR_SIZE);
	CHECK(sk_ts_rate(&p, NULL, mu_out, sigma_out, work) == SK_ERR_SIZE);
	CHECK(sk_ts_win_probability(p.beta, &m, &q) == SK_ERR_SIZE);	/* 3 teams */

	/* parameters */
	bad = p;
	bad.beta = 0.0;
	CHECK(sk_ts_rate(&bad, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	CHECK(sk_ts_quality(&bad, &m, &q, work) == SK_ERR_RANGE);
	bad.beta = NAN;
	CHECK(sk_ts_rate(&bad, &m, mu_out, sigma_out, work) == SK_ERR_NOT_FINITE);
	bad = p;
	bad.tau = -0.1;
	CHECK(sk_ts_rate(&bad, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	bad = p;
	bad.draw_probability = 1.0;
	CHECK(sk_ts_rate(&bad, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	bad.draw_probability = -0.01;
	CHECK(sk_ts_rate(&bad, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	bad = p;
	bad.min_delta = 0.0;
	CHECK(sk_ts_rate(&bad, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	bad.min_delta = INFINITY;
	CHECK(sk_ts_rate(&bad, &m, mu_out, sigma_out, work) == SK_ERR_NOT_FINITE);
	/* a draw is impossible with draw_probability 0; a win is fine */
	bad = p;
	bad.draw_probability = 0.0;
	CHECK(sk_ts_rate(&bad, &m, mu_out, sigma_out, work) == SK_OK);
	ranks[2] = 1;
	CHECK(sk_ts_rate(&bad, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	ranks[2] = 2;

	/* values */
	mu[1] = NAN;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_ERR_NOT_FINITE);
	CHECK(sk_ts_quality(&p, &m, &q, work) == SK_ERR_NOT_FINITE);
	mu[1] = 25.0;
	sigma[2] = INFINITY;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_ERR_NOT_FINITE);
	sigma[2] = 0.0;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	sigma[2] = -1.0;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	sigma[2] = 1e-170;			/* 1/sigma^2 overflows (once tau is 0) */
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_OK);
	bad = p;
	bad.tau = 0.0;
	CHECK(sk_ts_rate(&bad, &m, mu_out, sigma_out, work) == SK_ERR_OVERFLOW);
	sigma[2] = 8.0;
	ranks[0] = NAN;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_ERR_NOT_FINITE);
	ranks[0] = 0;
	weights[0] = 1.5;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	CHECK(sk_ts_quality(&p, &m, &q, work) == SK_ERR_RANGE);
	weights[0] = -0.1;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	weights[0] = NAN;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_ERR_NOT_FINITE);

	/* quality: one all-zero team is fine, two make it singular */
	weights[0] = 0.0;
	CHECK(sk_ts_quality(&p, &m, &q, work) == SK_OK && q >= 0.0 && q <= 1.0);
	weights[2] = 0.0;
	CHECK(sk_ts_quality(&p, &m, &q, work) == SK_ERR_RANGE);
	weights[0] = weights[2] = 1.0;

	/* outputs are untouched on error */
	mu_out[0] = sigma_out[0] = -1.0;
	sigma[0] = 0.0;
	CHECK(sk_ts_rate(&p, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	CHECK(mu_out[0] == -1.0 && sigma_out[0] == -1.0);
	sigma[0] = 8.0;

	/* win probability */
	m.n_teams = 2;
	CHECK(sk_ts_win_probability(0.0, &m, &q) == SK_ERR_RANGE);
	CHECK(sk_ts_win_probability(INFINITY, &m, &q) == SK_ERR_NOT_FINITE);
	CHECK(sk_ts_win_probability(p.beta, &m, &q) == SK_OK);
	CHECK_CLOSE(q, 0.5, 1e-15);
}

/*
 * Draw chance of two teams (sk_ts_draw_probability), by hand:
 * 1v1, both 25 / 25/3, beta 25/6, draw_probability 0.1:
 * eps = Phi^-1(0.55) sqrt(2) beta = 0.740466..., c = sqrt(2 beta^2 +
 * 2 sigma^2) = 13.1762...; Phi(eps/c) - Phi(-eps/c) = 0.04481549759125952.
 * Team 0 at 30 / 6 against 25 / 25/3: d = 5, c = sqrt(2 beta^2 + 36 +
 * sigma^2): Phi((eps - 5)/c) - Phi((-eps - 5)/c) = 0.04562053535968719.
 */
static void
test_draw_probability(void)
{
	sk_ts_params p;
	int			start[] = {0, 1, 2};
	double		mu[] = {25, 25};
	double		sigma[] = {25.0 / 3.0, 25.0 / 3.0};
	sk_ts_match m = {.n_teams = 2, .team_start = start, .mu = mu, .sigma = sigma};
	double		prob = -1;

	sk_ts_default_params(&p);
	CHECK(sk_ts_draw_probability(&p, &m, &prob) == SK_OK);
	CHECK_CLOSE(prob, 0.04481549759125952, 1e-12);
	mu[0] = 30;
	sigma[0] = 6;
	CHECK(sk_ts_draw_probability(&p, &m, &prob) == SK_OK);
	CHECK_CLOSE(prob, 0.04562053535968719, 1e-12);
	p.draw_probability = 0;
	CHECK(sk_ts_draw_probability(&p, &m, &prob) == SK_OK);
	CHECK_CLOSE(prob, 0, 1e-15);
	p.draw_probability = 1;
	CHECK(sk_ts_draw_probability(&p, &m, &prob) == SK_ERR_RANGE);
}

int
main(void)
{
	test_draw_probability();
	test_rate_vectors();
	test_other_vectors();
	test_vw();
	test_extremes();
	test_rejections();
	UNIT_DONE("trueskill");
}
