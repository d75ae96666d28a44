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

int
main(void)
{
	test_hand_values();
	test_calibration();
	test_merge();
	test_edges();
	UNIT_DONE("scoring");
}
