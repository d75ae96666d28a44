/*
 * test_normal.c - the normal distribution helpers against textbook values.
 */
#include "normal.h"
#include "unit.h"

int
main(void)
{
	static const double probabilities[] = {
		1e-300, 1e-20, 1e-10, 1e-5, 0.01, 0.05, 0.1, 0.3, 0.5,
		0.55, 0.7, 0.9, 0.975, 0.99, 0.999999
	};
	int			i;

	/* Values from any statistics table (more digits: Abramowitz & Stegun). */
	CHECK_CLOSE(sk_norm_pdf(0.0), 0.3989422804014327, 1e-16);
	CHECK_CLOSE(sk_norm_cdf(0.0), 0.5, 0);
	CHECK_CLOSE(sk_norm_cdf(1.959963984540054), 0.975, 1e-15);
	CHECK_CLOSE(sk_norm_cdf_erf(-1.0), 0.15865525393145707, 1e-16);
	CHECK_CLOSE(sk_norm_ppf(0.975), 1.959963984540054, 1e-15);
	CHECK_CLOSE(sk_norm_ppf(0.5), 0.0, 0);
	CHECK_CLOSE(sk_norm_ppf(0.05), -1.6448536269514722, 1e-15);

	/* The lower tail keeps relative accuracy where 1 + erf would not. */
	CHECK(sk_norm_cdf(-37.0) > 0.0);
	CHECK_CLOSE(sk_norm_cdf(-10.0) / 7.619853024160527e-24, 1.0, 1e-14);

	/* ppf inverts cdf to near machine precision across the range. */
	for (i = 0; i < (int) (sizeof(probabilities) / sizeof(probabilities[0])); i++)
	{
		double		p = probabilities[i];

		CHECK_CLOSE(sk_norm_cdf(sk_norm_ppf(p)) / p, 1.0, 1e-12);
	}

	/* Edges: infinite at 0 and 1, NaN outside. */
	CHECK(isinf(sk_norm_ppf(0.0)) && sk_norm_ppf(0.0) < 0);
	CHECK(isinf(sk_norm_ppf(1.0)) && sk_norm_ppf(1.0) > 0);
	CHECK(isnan(sk_norm_ppf(1.5)));
	CHECK(isnan(sk_norm_ppf(NAN)));

	UNIT_DONE("normal");
}
