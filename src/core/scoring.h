/*
 * scoring.h - how good probabilistic predictions were: log-loss, Brier
 * score, accuracy, expected calibration error (ECE), and the calibration
 * slope and intercept, accumulated in one pass in constant memory and
 * mergeable (a parallel aggregate's partial states combine exactly).
 *
 * Each prediction is a probability p for one side and the outcome o for
 * that side: 1 (won), 0 (lost) or 0.5 (draw).
 *
 *	log_loss = mean -(o ln p + (1 - o) ln(1 - p)), p clamped to
 *	  [1e-15, 1 - 1e-15];
 *	brier = mean (p - o)^2;
 *	accuracy = mean of 1 when p > 0.5 and o = 1 or p < 0.5 and o = 0,
 *	  0.5 when p = 0.5 or o = 0.5, else 0;
 *	ece = sum_b (n_b / n) |mean p_b - mean o_b| over buckets
 *	  b = min(floor(p * buckets), buckets - 1);
 *	slope, intercept: the maximum-likelihood (a, b) of
 *	  o ~ sigmoid(a + b logit p).
 *
 * The slope and intercept are fitted in sk_score_result by Newton's method
 * (IRLS) on the predictions grouped by logit p into SK_SCORE_GRID bins of
 * width SK_SCORE_BIN, each bin represented by its count, its mean logit and
 * its outcome sum: exact when the predictions of a bin share one logit (a
 * rating system's predictions mostly differ), and otherwise off by at most
 * the effect of moving each logit by less than one bin width (0.034), far
 * below the estimates' sampling error.
 */
#ifndef SKILL_CORE_SCORING_H
#define SKILL_CORE_SCORING_H

#include <stdint.h>

#include "status.h"

#define SK_SCORE_MAX_BUCKETS	1000
#define SK_SCORE_GRID			2048
#define SK_SCORE_LOGIT_MAX		34.538776394910684	/* logit(1 - 1e-15) */
#define SK_SCORE_BIN			(2.0 * SK_SCORE_LOGIT_MAX / SK_SCORE_GRID)
#define SK_SCORE_P_MIN			1e-15

typedef struct sk_score_state
{
	int64_t		n;
	int32_t		buckets;		/* ECE buckets, 1 .. SK_SCORE_MAX_BUCKETS */
	double		log_loss;		/* sums */
	double		brier;
	double		accuracy;
	int64_t		bucket_n[SK_SCORE_MAX_BUCKETS];
	double		bucket_p[SK_SCORE_MAX_BUCKETS];
	double		bucket_o[SK_SCORE_MAX_BUCKETS];
	int64_t		grid_n[SK_SCORE_GRID];
	double		grid_x[SK_SCORE_GRID];	/* sum of logit p */
	double		grid_o[SK_SCORE_GRID];	/* sum of outcomes */
} sk_score_state;

typedef struct sk_score_result
{
	int64_t		n;
	double		log_loss;
	double		brier;
	double		accuracy;
	double		ece;
	double		slope;			/* NaN when it cannot be fitted */
	double		intercept;
} sk_score_result;

/* SK_ERR_RANGE: buckets outside 1 .. SK_SCORE_MAX_BUCKETS. */
sk_status	sk_score_init(sk_score_state *s, int buckets);

/*
 * Adds one prediction.  SK_ERR_NOT_FINITE or SK_ERR_RANGE (p outside
 * [0, 1], o not 0, 0.5 or 1); the state is unchanged then.
 */
sk_status	sk_score_add(sk_score_state *s, double p, double o);

/* Adds b into a (SK_ERR_RANGE when their bucket counts differ). */
sk_status	sk_score_merge(sk_score_state *a, const sk_score_state *b);

/*
 * The scores (n = 0: every score NaN).  The slope and intercept are NaN
 * when they are not identified: fewer than two distinct logits, or every
 * outcome the same (the fit diverges).
 */
void		sk_score_result_of(const sk_score_state *s, sk_score_result *out);

/* Bucket b's count, mean prediction and mean outcome (n = 0: NaN means). */
void		sk_score_bucket(const sk_score_state *s, int b, int64_t *n, double *mean_p,
							double *mean_o);

#endif
