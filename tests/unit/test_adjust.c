/*
 * test_adjust.c - the prediction's adjustments (adjust.c), by hand.
 * logit(0.75) = ln 3; mixing ln 3 and 0 at weight 0.5 gives ln 3 / 2, and
 * length 4 with gamma 0.5 doubles it back to ln 3.  Probit(0.5) = 0.
 * Pairs (z = ln 3, won 3 of 4) and (z = -ln 3, won 1 of 4) are fitted
 * exactly at scale 1; outcomes 1 and 0 at those z call for a larger scale.
 */
#include <math.h>

#include "unit.h"

#include "adjust.h"

static sk_adjust_bins bins;

#define N_FIT 244

/*
 * sk_adjust_fit on outcomes that are the model's own chances (fractional
 * outcomes are allowed), so the maximum likelihood is the generating
 * parameters exactly: a = 1.5, lambda = 0.7, gamma = 0.5, lengths 1 and 4.
 */
static void
test_fit(int normal)
{
	static double z[N_FIT],
				zc[N_FIT],
				len[N_FIT],
				o[N_FIT];
	sk_adjust_data d = {normal, N_FIT, z, zc, len, o};
	int			all[3] = {1, 1, 1};
	double		lo[3] = {0.01, 0, 0},
				hi[3] = {10, 1, 2},
				theta[3] = {1, 0, 0},
				loss;
	int			i;

	for (i = 0; i < N_FIT; i++)
	{
		z[i] = -3 + 6.0 * (i / 2) / (N_FIT / 2);
		zc[i] = 0.5 * z[i] + ((i % 4) < 2 ? 0.4 : -0.4);
		len[i] = i % 2 ? 4 : 1;
		o[i] = sk_adjust_link(normal, 1.5 * sqrt(len[i]) * (0.3 * z[i] + 0.7 * zc[i]));
	}
	CHECK(sk_adjust_fit(&d, all, lo, hi, 50, theta, &loss) == SK_OK);
	CHECK_CLOSE(theta[0], 1.5, 1e-6);
	CHECK_CLOSE(theta[1], 0.7, 1e-6);
	CHECK_CLOSE(theta[2], 0.5, 1e-6);
	CHECK_CLOSE(loss, sk_adjust_log_loss(&d, 1.5, 0.7, 0.5), 1e-12);
	/* Bounds hold: gamma kept below its 0.5. */
	hi[2] = 0.2;
	theta[0] = 1;
	theta[1] = theta[2] = 0;
	CHECK(sk_adjust_fit(&d, all, lo, hi, 50, theta, &loss) == SK_OK);
	CHECK(theta[2] <= 0.2);
	CHECK(sk_adjust_fit(&d, all, hi, lo, 50, theta, &loss) == SK_ERR_RANGE);
}

int
main(void)
{
	double		z = log(3.0),
				a = 1;
	double		zs[2] = {log(3.0), -log(3.0)};
	double		zc[2] = {NAN, NAN};
	double		len[2] = {1, 1};
	double		out[2] = {0.75, 0.25};
	sk_adjust_data d = {0, 2, zs, zc, len, out};
	int			i;

	CHECK_CLOSE(sk_adjust_unlink(0, 0.75), z, 1e-15);
	CHECK_CLOSE(sk_adjust_link(0, z), 0.75, 1e-15);
	CHECK_CLOSE(sk_adjust_unlink(1, 0.5), 0.0, 1e-15);
	CHECK_CLOSE(sk_adjust_link(1, 0.0), 0.5, 1e-15);
	CHECK(isfinite(sk_adjust_unlink(0, 1.0)));
	CHECK(isfinite(sk_adjust_unlink(1, 0.0)));
	CHECK_CLOSE(sk_adjust_z(z, 0, 0.5, 1, 0), z / 2, 1e-15);
	CHECK_CLOSE(sk_adjust_z(z, 0, 0.5, 4, 0.5), z, 1e-15);
	CHECK_CLOSE(sk_adjust_z(z, NAN, 0.5, 1, 0), z, 1e-15);	/* no context */
	CHECK(sk_adjust_z(z, 0, 0, 4, 0) == z);	/* untouched: bit for bit */

	/* Log-loss at the true scale: the entropy of 3:1, ln 4 - 3/4 ln 3. */
	CHECK_CLOSE(sk_adjust_log_loss(&d, 1, 0, 0), log(4.0) - 0.75 * log(3.0), 1e-15);
	CHECK(isnan(sk_adjust_log_loss(&(sk_adjust_data) {0, 0, zs, zc, len, out}, 1, 0, 0)));

	sk_adjust_bins_init(&bins);
	CHECK(sk_adjust_bins_fit(&bins, 0, 1e-3, 1e3, &a) == SK_OK);
	CHECK(a == 1);				/* empty: unchanged */
	for (i = 0; i < 4; i++)
	{
		sk_adjust_bins_add(&bins, z, i < 3 ? 1 : 0);
		sk_adjust_bins_add(&bins, -z, i < 1 ? 1 : 0);
	}
	CHECK(sk_adjust_bins_fit(&bins, 0, 1e-3, 1e3, &a) == SK_OK);
	CHECK_CLOSE(a, 1.0, 1e-6);
	sk_adjust_bins_add(&bins, 2 * z, 1);
	sk_adjust_bins_add(&bins, -2 * z, 0);
	CHECK(sk_adjust_bins_fit(&bins, 0, 1e-3, 1e3, &a) == SK_OK);
	CHECK(a > 1);
	sk_adjust_bins_add(&bins, INFINITY, 1);	/* ignored */
	CHECK(bins.total == 10);
	CHECK(sk_adjust_bins_fit(&bins, 0, 0, 1, &a) == SK_ERR_RANGE);
	test_fit(0);
	test_fit(1);
	UNIT_DONE("adjust");
}
