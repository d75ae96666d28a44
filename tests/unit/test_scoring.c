/*
 * test_scoring.c - prediction scores (scoring.c) against values computed
 * by hand in the comments, or by an independent IRLS (Python, below).
 */
#include <math.h>
#include <stdlib.h>

#include "unit.h"

#include "scoring.h"

/*
 * Four predictions (p, o): (0.8, 1), (0.6, 0), (0.3, 0), (0.5, 0.5).
 * log_loss = (-ln 0.8 - ln 0.4 - ln 0.7 + ln 2) / 4 = 0.5473141019217607
 * brier = (0.04 + 0.36 + 0.09 + 0) / 4 = 0.1225
 * accuracy = (1 + 0 + 1 + 0.5) / 4 = 0.625
 * ece, 10 buckets, one prediction each: (0.2 + 0.6 + 0.3 + 0) / 4 = 0.275
 */
static void
test_hand_values(void)
{
	sk_score_state *s = malloc(sizeof(sk_score_state));
	sk_score_result r;

	CHECK(sk_score_init(s, 10) == SK_OK);
	CHECK(sk_score_add(s, 0.8, 1) == SK_OK);
	CHECK(sk_score_add(s, 0.6, 0) == SK_OK);
	CHECK(sk_score_add(s, 0.3, 0) == SK_OK);
	CHECK(sk_score_add(s, 0.5, 0.5) == SK_OK);
	sk_score_result_of(s, &r);
	CHECK(r.n == 4);
	CHECK_CLOSE(r.log_loss, 0.5473141019217607, 1e-15);
	CHECK_CLOSE(r.brier, 0.1225, 1e-15);
	CHECK_CLOSE(r.accuracy, 0.625, 1e-15);
	CHECK_CLOSE(r.ece, 0.275, 1e-15);
	/* one prediction's log-loss, as summed */
	CHECK_CLOSE(r.log_loss, (sk_score_log_loss(0.8, 1) + sk_score_log_loss(0.6, 0) +
							 sk_score_log_loss(0.3, 0) + sk_score_log_loss(0.5, 0.5)) / 4, 1e-15);
	CHECK_CLOSE(sk_score_log_loss(0.6, 0), -log(0.4), 1e-15);
	CHECK_CLOSE(sk_score_log_loss(0.5, 0.5), log(2.0), 1e-15);
	CHECK_CLOSE(sk_score_log_loss(1.0, 0), -log(1.0 - (1.0 - 1e-15)), 1e-12);
	free(s);
}

/*
 * Calibration: ten predictions each at 0.2 (3 won), 0.5 (5 won), 0.8 (7
 * won).  IRLS in Python on the same thirty rows (x = logit p) gives
 * intercept 3.49e-17 (0) and slope 0.611196210668224: the predictions are
 * too confident, so the slope is below 1.  log_loss = 0.6570702999534327.
 */
static void
test_calibration(void)
{
	sk_score_state *s = malloc(sizeof(sk_score_state));
	sk_score_result r;
	int			i;

	sk_score_init(s, 10);
	for (i = 0; i < 10; i++)
	{
		sk_score_add(s, 0.2, i < 3 ? 1 : 0);
		sk_score_add(s, 0.5, i < 5 ? 1 : 0);
		sk_score_add(s, 0.8, i < 7 ? 1 : 0);
	}
	sk_score_result_of(s, &r);
	CHECK_CLOSE(r.slope, 0.611196210668224, 1e-9);
	CHECK_CLOSE(r.intercept, 0, 1e-9);
	CHECK_CLOSE(r.log_loss, 0.6570702999534327, 1e-14);
	free(s);
}

/* Merging two halves equals adding everything to one state. */
static void
test_merge(void)
{
	sk_score_state *a = malloc(sizeof(sk_score_state));
	sk_score_state *b = malloc(sizeof(sk_score_state));
	sk_score_state *all = malloc(sizeof(sk_score_state));
	sk_score_result ra,
				rall;
	int			i;

	sk_score_init(a, 10);
	sk_score_init(b, 10);
	sk_score_init(all, 10);
	for (i = 0; i < 200; i++)
	{
		double		p = (i % 97 + 1) / 98.0;
		double		o = (i * 7 % 3) / 2.0;

		sk_score_add(i % 2 ? a : b, p, o);
		sk_score_add(all, p, o);
	}
	CHECK(sk_score_merge(a, b) == SK_OK);
	sk_score_result_of(a, &ra);
	sk_score_result_of(all, &rall);
	CHECK(ra.n == 200);
	CHECK_CLOSE(ra.log_loss, rall.log_loss, 1e-12);
	CHECK_CLOSE(ra.ece, rall.ece, 1e-12);
	CHECK_CLOSE(ra.slope, rall.slope, 1e-9);
	/* The outcomes do not follow p here: a slope near 0 (the safeguarded
	 * Newton steps get there where plain ones diverge). */
	CHECK(fabs(rall.slope) < 0.5);
	sk_score_init(b, 5);
	CHECK(sk_score_merge(a, b) == SK_ERR_RANGE);
	free(a);
	free(b);
	free(all);
}

/* p 0 and 1 are clamped for log-loss; no outcome variety: no slope. */
static void
test_edges(void)
{
	sk_score_state *s = malloc(sizeof(sk_score_state));
	sk_score_result r;

	sk_score_init(s, 10);
	sk_score_result_of(s, &r);
	CHECK(r.n == 0 && isnan(r.log_loss) && isnan(r.slope));
	CHECK(sk_score_add(s, 1.0, 0) == SK_OK);
	sk_score_result_of(s, &r);
	/* clamped to 1 - 1e-15, whose complement in doubles is 9.99e-16 */
	CHECK_CLOSE(r.log_loss, -log(1.0 - (1.0 - 1e-15)), 1e-12);
	CHECK(isnan(r.slope));
	CHECK(sk_score_add(s, 1.5, 0) == SK_ERR_RANGE);
	CHECK(sk_score_add(s, NAN, 0) == SK_ERR_NOT_FINITE);
	CHECK(sk_score_add(s, 0.5, 0.25) == SK_ERR_RANGE);
	CHECK(s->n == 1);
	CHECK(sk_score_init(s, 0) == SK_ERR_RANGE);
	CHECK(sk_score_init(s, SK_SCORE_MAX_BUCKETS + 1) == SK_ERR_RANGE);
	free(s);
}

/*
 * One prediction for every match, with both outcomes: no slope, whatever
 * the prediction (0.3 and 0.7 fitted a slope of 1.57 to the rounding of
 * the bins' series); merged states keep the range of both.
 */
static void
test_constant(void)
{
	static const double ps[] = {0.3, 0.7, 0.55, 0.585, 0.9};
	sk_score_state *s = malloc(sizeof(sk_score_state));
	sk_score_state *t = malloc(sizeof(sk_score_state));
	sk_score_result r;
	int			k,
				i;

	for (k = 0; k < 5; k++)
	{
		sk_score_init(s, 10);
		for (i = 0; i < 1000; i++)
			sk_score_add(s, ps[k], (double) (i % 3 == 0));
		sk_score_result_of(s, &r);
		CHECK(r.n == 1000 && isnan(r.slope) && isnan(r.intercept));
	}
	/* 0.3 in one state, 0.7 in the other: merged, two predictions, a slope. */
	sk_score_init(s, 10);
	sk_score_init(t, 10);
	for (i = 0; i < 1000; i++)
	{
		sk_score_add(s, 0.3, (double) (i % 10 < 3));
		sk_score_add(t, 0.7, (double) (i % 10 < 7));
	}
	sk_score_result_of(s, &r);
	CHECK(isnan(r.slope));
	CHECK(sk_score_merge(s, t) == SK_OK);
	sk_score_result_of(s, &r);
	/* Calibrated by construction: slope 1, intercept 0. */
	CHECK_CLOSE(r.slope, 1, 1e-9);
	CHECK_CLOSE(r.intercept, 0, 1e-9);
	free(s);
	free(t);
}

/*
 * Accuracy (from the fit's bins): (0.5, 1) 1/2, (0.2, 0.5) 1/2, (0.9, 0.5)
 * 1/2, (1e-20, 0) 1, (1, 1) 1, (0.4999999, 1) 0, (0.5000001, 0) 0:
 * 3.5 / 7.
 */
static void
test_accuracy(void)
{
	sk_score_state *s = malloc(sizeof(sk_score_state));
	sk_score_result r;

	sk_score_init(s, 10);
	sk_score_add(s, 0.5, 1);
	sk_score_add(s, 0.2, 0.5);
	sk_score_add(s, 0.9, 0.5);
	sk_score_add(s, 1e-20, 0);
	sk_score_add(s, 1, 1);
	sk_score_add(s, 0.4999999, 1);
	sk_score_add(s, 0.5000001, 0);
	sk_score_result_of(s, &r);
	CHECK(r.accuracy == 3.5 / 7);
	free(s);
}

/* The bin sk_score_add put one prediction p into (clamped as the fit is). */
static int
bin_of(sk_score_state *s, double p)
{
	int			g;

	sk_score_init(s, 10);
	sk_score_add(s, p, 1);
	for (g = 0; g < SK_SCORE_GRID; g++)
		if (s->grid[g].n == 1)
			return g;
	return -1;
}

static double
logit(double p)
{
	return log(p) - log1p(-p);
}

/*
 * The fit's bins: every p in one, in the order of p, and no bin wider than
 * 0.084 in logit p (scoring.h): over 200,000 p spread on logit p in
 * [-36, 36], the extremes clamped.
 */
static void
test_bins(void)
{
	sk_score_state *s = malloc(sizeof(sk_score_state));
	double	   *lo = malloc(sizeof(double) * SK_SCORE_GRID);
	double	   *hi = malloc(sizeof(double) * SK_SCORE_GRID);
	int			g,
				prev = -1,
				ordered = 1,
				i;
	double		widest = 0;

	for (g = 0; g < SK_SCORE_GRID; g++)
		lo[g] = INFINITY, hi[g] = -INFINITY;
	/* 1e-15 = 1.126 2^-50 and 1 - (1 - 1e-15) = 1.125 2^-50: 2 16ths in */
	CHECK(bin_of(s, 0.0) == 2 && bin_of(s, 1e-15) == 2);
	CHECK(bin_of(s, 1.0) == SK_SCORE_GRID - 1 - 2);
	CHECK(bin_of(s, 0.5) == SK_SCORE_SIDE - 1);
	CHECK(bin_of(s, 0.5000000000000001) == SK_SCORE_SIDE + 1);
	for (i = 0; i <= 200000; i++)
	{
		double		x = -36.0 + 72.0 * i / 200000,
					p = 1.0 / (1.0 + exp(-x)),
					pc = fmin(fmax(p, 1e-15), 1 - 1e-15);

		g = bin_of(s, p);
		ordered &= g >= prev && g >= 0;
		prev = g;
		lo[g] = fmin(lo[g], logit(pc));
		hi[g] = fmax(hi[g], logit(pc));
	}
	for (g = 0; g < SK_SCORE_GRID; g++)
		if (hi[g] > lo[g])
			widest = fmax(widest, hi[g] - lo[g]);
	CHECK(ordered);
	CHECK(widest < 0.084 && widest > 0.06);
	free(s);
	free(lo);
	free(hi);
}

/* The seeded LCG of the fit tests: uniform on [0, 1). */
static double
uniform(uint64_t *seed)
{
	*seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double) (*seed >> 11) / 9007199254740992.0;
}

/*
 * One seeded set for test_binned_fit: prediction i of kind (logit p spread
 * on [-6, 6]; on [-36, 36], the extremes clamped; skewed, -3 + 0.6 ln U,
 * down to about -25; p uniform; p on the edges of 32 bins per halving of
 * q, the worst place for the bins' series).
 */
static double
predicted(int kind, uint64_t *seed)
{
	double		u = uniform(seed);

	switch (kind)
	{
		case 0:
			return 1.0 / (1.0 + exp(-(-6.0 + 12.0 * u)));
		case 1:
			return 1.0 / (1.0 + exp(-(-36.0 + 72.0 * u)));
		case 2:
			return 1.0 / (1.0 + exp(-(-3.0 + 0.6 * log(u + 1e-300))));
		case 3:
			return 0.0005 + 0.999 * u;
		default:
			{
				double		p = ldexp(1.0 + floor(32.0 * u) / 32.0, -2 - (int) (8.0 * uniform(seed)));

				return uniform(seed) < 0.5 ? p : 1.0 - p;
			}
	}
}

/*
 * The binned fit against a plain IRLS over the rows themselves (Newton's
 * method from (0, 0), on x = logit of the clamped p): 100,000 predictions
 * of each kind, outcomes drawn from sigmoid(a + b logit p), one in five a
 * draw in the last set.  The bins' series leave out terms of order
 * (u / c)^5 and (b du)^5 (scoring.h): the estimates agree within 1e-6
 * (measured: 3e-8 at most).
 */
static void
check_binned_fit(int kind, double true_a, double true_b, int draws, uint64_t seed)
{
	enum
	{
		N = 100000
	};
	sk_score_state *s = malloc(sizeof(sk_score_state));
	double	   *x = malloc(sizeof(double) * N);
	double	   *o = malloc(sizeof(double) * N);
	sk_score_result r;
	double		a = 0,
				b = 0,
				g0 = 1,
				g1 = 1;
	int			i,
				iter,
				added = 1;

	sk_score_init(s, 10);
	for (i = 0; i < N; i++)
	{
		double		p = predicted(kind, &seed),
					pc = fmin(fmax(p, 1e-15), 1 - 1e-15);

		x[i] = logit(pc);
		o[i] = uniform(&seed) < 1.0 / (1.0 + exp(-(true_a + true_b * x[i]))) ? 1 : 0;
		if (draws && uniform(&seed) < 0.2)
			o[i] = 0.5;
		added &= sk_score_add(s, p, o[i]) == SK_OK;
	}
	CHECK(added);
	for (iter = 0; iter < 40; iter++)
	{
		double		h00 = 0,
					h01 = 0,
					h11 = 0,
					det;

		g0 = g1 = 0;
		for (i = 0; i < N; i++)
		{
			double		m = 1.0 / (1.0 + exp(-(a + b * x[i]))),
						w = m * (1 - m);

			g0 += o[i] - m;
			g1 += (o[i] - m) * x[i];
			h00 += w;
			h01 += w * x[i];
			h11 += w * x[i] * x[i];
		}
		det = h00 * h11 - h01 * h01;
		a += (h11 * g0 - h01 * g1) / det;
		b += (h00 * g1 - h01 * g0) / det;
	}
	sk_score_result_of(s, &r);
	/*
	 * The reference converged, near the truth unless draws flatten it or
	 * the skewed set has too few wins to tell.
	 */
	CHECK(fabs(g0) < 1e-6 && fabs(g1) < 1e-6);
	CHECK(draws || kind == 2 || (fabs(b - true_b) < 0.05 * true_b && fabs(a - true_a) < 0.1));
	CHECK_CLOSE(r.slope, b, 1e-6);
	CHECK_CLOSE(r.intercept, a, 1e-6);
	free(s);
	free(x);
	free(o);
}

static void
test_binned_fit(void)
{
	int			kind;

	for (kind = 0; kind < 5; kind++)
	{
		check_binned_fit(kind, 0.3, 0.8, 0, 12345 + kind);
		check_binned_fit(kind, -0.2, 3.0, 0, 777 + kind);
	}
	check_binned_fit(0, 0.3, 0.8, 1, 4242);
	check_binned_fit(4, 0.1, 1.2, 1, 4343);
}

int
main(void)
{
	test_hand_values();
	test_calibration();
	test_merge();
	test_edges();
	test_constant();
	test_accuracy();
	test_bins();
	test_binned_fit();
	UNIT_DONE("scoring");
}
