/*
 * test_links.c - win probabilities through a link (links.c), by hand:
 * two new OpenSkill players (mu 25, sigma 25/3, beta 25/6), one 5 points
 * ahead: c = sqrt(2 sigma^2 + 2 beta^2) = 13.176156917368248;
 * logistic 1/(1 + exp(-5/c)) = 0.5937460676563724; normal Phi(5/c) =
 * 0.6478317932557741.  Three teams at 30, 25, 20, variance 50 each: the
 * mean pairwise normal chances sum to 1.5, normalised 0.510935735780852,
 * 1/3 and 0.15573093088581466.  The draw through a link (Python,
 * statistics.NormalDist and math.exp): (28, 4) against (25, 6), beta
 * 25/6, openskill's margin for 2 players: normal 0.3147225035254298,
 * logistic 0.20508374253520595; teams [(28, 4), (20, 3)], [(25, 6)],
 * [(30, 2)], margin for 4 players: logistic 0.0805466770857689.
 */
#include <math.h>

#include "unit.h"

#include "links.h"
#include "openskill.h"

int
main(void)
{
	double		s2 = (25.0 / 3.0) * (25.0 / 3.0) + (25.0 / 6.0) * (25.0 / 6.0);
	double		mean[] = {30, 25, 20};
	double		var[] = {s2, s2, 50};
	double		prob[3];

	CHECK_CLOSE(sk_link_probability(SK_LINK_LOGISTIC, 5, sqrt(2 * s2)), 0.5937460676563724, 1e-15);
	CHECK_CLOSE(sk_link_probability(SK_LINK_NORMAL, 5, sqrt(2 * s2)), 0.6478317932557741, 1e-15);

	CHECK(sk_link_team_probs(SK_LINK_LOGISTIC, 2, mean, var, prob) == SK_OK);
	CHECK_CLOSE(prob[0], 0.5937460676563724, 1e-15);
	CHECK_CLOSE(prob[0] + prob[1], 1.0, 1e-15);

	var[0] = var[1] = 50;
	CHECK(sk_link_team_probs(SK_LINK_NORMAL, 3, mean, var, prob) == SK_OK);
	CHECK_CLOSE(prob[0], 0.510935735780852, 1e-12);
	CHECK_CLOSE(prob[1], 1.0 / 3.0, 1e-12);
	CHECK_CLOSE(prob[2], 0.15573093088581466, 1e-12);

	CHECK(sk_link_team_probs(SK_LINK_FAMILY, 2, mean, var, prob) == SK_ERR_RANGE);
	var[0] = 0;
	CHECK(sk_link_team_probs(SK_LINK_NORMAL, 2, mean, var, prob) == SK_ERR_RANGE);
	mean[0] = NAN;
	var[0] = 50;
	CHECK(sk_link_team_probs(SK_LINK_NORMAL, 2, mean, var, prob) == SK_ERR_NOT_FINITE);

	{
		double		beta = 25.0 / 6.0;
		double		mu2[] = {28, 25};
		double		sigma2[] = {4, 6};
		int			start2[] = {0, 1, 2};
		double		mu4[] = {28, 20, 25, 30};
		double		sigma4[] = {4, 3, 6, 2};
		int			start4[] = {0, 2, 3, 4};
		double		work[6],
					draw;

		CHECK(sk_link_match_draw(SK_LINK_NORMAL, 2, start2, mu2, sigma2, beta, 0,
								 sk_os_draw_margin(beta, 2), &draw, work) == SK_OK);
		CHECK_CLOSE(draw, 0.3147225035254298, 1e-14);
		CHECK(sk_link_match_draw(SK_LINK_LOGISTIC, 2, start2, mu2, sigma2, beta, 0,
								 sk_os_draw_margin(beta, 2), &draw, work) == SK_OK);
		CHECK_CLOSE(draw, 0.20508374253520595, 1e-14);
		CHECK(sk_link_match_draw(SK_LINK_LOGISTIC, 3, start4, mu4, sigma4, beta, 0,
								 sk_os_draw_margin(beta, 4), &draw, work) == SK_OK);
		CHECK_CLOSE(draw, 0.0805466770857689, 1e-14);
		CHECK(sk_link_match_draw(SK_LINK_FAMILY, 2, start2, mu2, sigma2, beta, 0, 1, &draw,
								 work) == SK_ERR_RANGE);
		CHECK(sk_link_match_draw(SK_LINK_NORMAL, 2, start2, mu2, sigma2, beta, 0, -1, &draw,
								 work) == SK_ERR_RANGE);
		CHECK(sk_link_match_draw(SK_LINK_NORMAL, 1, start2, mu2, sigma2, beta, 0, 1, &draw,
								 work) == SK_ERR_SIZE);
	}
	UNIT_DONE("links");
}
