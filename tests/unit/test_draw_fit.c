/*
 * test_draw_fit.c - the draw model's parameter for a pair (sk_draw_shifted),
 * the even pair's parameter for a draw rate (sk_draw_even_param), and the
 * three-way fit of the prediction-only parameters (draw_fit.c) on data
 * drawn from known ones.
 */
#include <math.h>
#include <stdint.h>

#include "unit.h"

#include "draw_fit.h"

#define N 40000

static double z[N], zc[N], len[N], outcome[N], level[N], margin[N];

/* A 64-bit LCG (Knuth's MMIX constants): uniform in [0, 1). */
static uint64_t seed = 42;
static double
uniform(void)
{
	seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double) (seed >> 11) / 9007199254740992.0;
}

/* n matches with z uniform in [-2, 2], outcomes drawn by model at a z and param. */
static void
draw_world(int normal, sk_draw_model model, double a, double param, double slope)
{
	int			i;

	for (i = 0; i < N; i++)
	{
		double		w,
					d,
					l,
					u = uniform(),
					p;

		z[i] = 4 * uniform() - 2;
		zc[i] = NAN;
		len[i] = 1;
		level[i] = 2 * uniform() - 1;
		margin[i] = 0.3 + 0.2 * uniform();
		p = sk_draw_shifted(model, param, slope * level[i]);
		CHECK(sk_draw_probs(normal, model, a * z[i], p, &w, &d, &l) == SK_OK);
		outcome[i] = u < w ? 1 : u < w + d ? 0.5 : 0;
	}
}

int
main(void)
{
	sk_draw_fit_data d = {0, SK_DRAW_THRESHOLD, N, z, zc, len, outcome, level, NULL, 0};
	int			searched[SK_DRAW_FIT_THETA] = {1, 0, 0, 1, 1};
	double		lo[SK_DRAW_FIT_THETA] = {0.2, 0, -1, 0, -2},
				hi[SK_DRAW_FIT_THETA] = {5, 1, 1, 3, 2};
	double		theta[SK_DRAW_FIT_THETA],
				truth[SK_DRAW_FIT_THETA] = {1.3, 0, 0, 0.6, 0.4},
				loss,
				w,
				dr,
				l,
				sum = 0;
	int			model,
				i;

	/* The pair's parameter: delta + shift at least 0; nu e^shift. */
	CHECK_CLOSE(sk_draw_shifted(SK_DRAW_THRESHOLD, 0.5, 0.25), 0.75, 0);
	CHECK_CLOSE(sk_draw_shifted(SK_DRAW_THRESHOLD, 0.5, -0.75), 0, 0);
	CHECK_CLOSE(sk_draw_shifted(SK_DRAW_DAVIDSON, 0.4, 0.5), 0.4 * exp(0.5), 1e-16);
	CHECK_CLOSE(sk_draw_shifted(SK_DRAW_DAVIDSON, 0, 3), 0, 0);
	CHECK_CLOSE(sk_draw_shifted(SK_DRAW_DAVIDSON, 0.4, 0), 0.4, 0);

	/* An even pair draws at the rate its parameter was chosen for. */
	for (model = SK_DRAW_THRESHOLD; model <= SK_DRAW_DAVIDSON; model++)
		for (i = 0; i < 2; i++)
		{
			CHECK(sk_draw_probs(i, model, 0, sk_draw_even_param(i, model, 0.27), &w, &dr, &l) == SK_OK);
			CHECK_CLOSE(dr, 0.27, 1e-12);
			CHECK_CLOSE(sk_draw_even_param(i, model, 0), 0, 1e-15);
		}

	/* Threshold with predict_scale and a slope: recovered within 4 standard errors or so. */
	draw_world(0, SK_DRAW_THRESHOLD, truth[0], truth[3], truth[4]);
	theta[0] = 1, theta[1] = 0, theta[2] = 0, theta[3] = 0.3, theta[4] = 0;
	CHECK(sk_draw_fit(&d, searched, lo, hi, 400, NULL, NULL, theta, &loss) == SK_OK);
	CHECK_CLOSE(theta[0], truth[0], 0.06);
	CHECK_CLOSE(theta[3], truth[3], 0.04);
	CHECK_CLOSE(theta[4], truth[4], 0.06);
	CHECK(loss <= sk_draw_fit_loss(&d, truth) + 1e-12);
	CHECK_CLOSE(loss, sk_draw_fit_loss(&d, theta), 1e-15);
	for (i = 0; i < N; i++)
		sum += sk_draw_fit_one(&d, theta, i);
	CHECK_CLOSE(sum / N, loss, 1e-12);

	/* Davidson on a probit z. */
	d.normal = 1;
	d.model = SK_DRAW_DAVIDSON;
	truth[0] = 1, truth[3] = 0.8, truth[4] = 0;
	draw_world(1, SK_DRAW_DAVIDSON, truth[0], truth[3], truth[4]);
	searched[4] = 0;
	theta[0] = 0.8, theta[3] = 0.2, theta[4] = 0;
	CHECK(sk_draw_fit(&d, searched, lo, hi, 400, NULL, NULL, theta, &loss) == SK_OK);
	CHECK_CLOSE(theta[0], truth[0], 0.05);
	CHECK_CLOSE(theta[3], truth[3], 0.06);

	/* Each match's own margin (native) stands in for the parameter. */
	d.normal = 1;
	d.model = SK_DRAW_THRESHOLD;
	d.margin = margin;
	theta[0] = 1, theta[3] = 2.5, theta[4] = 0;
	CHECK(sk_draw_probs(1, SK_DRAW_THRESHOLD, z[7], margin[7], &w, &dr, &l) == SK_OK);
	CHECK_CLOSE(sk_draw_fit_one(&d, theta, 7),
				-log(outcome[7] == 1 ? w : outcome[7] == 0.5 ? dr : 1 - w - dr), 1e-15);

	/* expected: the binary log-loss of win + draw/2. */
	d.expected = 1;
	CHECK_CLOSE(sk_draw_fit_one(&d, theta, 7), outcome[7] == 1 ? -log(w + dr / 2)
				: outcome[7] == 0 ? -log(1 - w - dr / 2)
				: -(log(w + dr / 2) + log(1 - w - dr / 2)) / 2, 1e-15);

	/* Nothing searched: the loss at theta. */
	searched[0] = searched[3] = 0;
	CHECK(sk_draw_fit(&d, searched, lo, hi, 400, NULL, NULL, theta, &loss) == SK_OK);
	CHECK_CLOSE(loss, sk_draw_fit_loss(&d, theta), 0);
	UNIT_DONE("draw_fit");
}
