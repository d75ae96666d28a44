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
 * (IRLS) on the predictions grouped into SK_SCORE_GRID bins that are
 * narrow in logit p, each bin represented by its count, its outcome sum and
 * the logit of its mean p.  A bin is found from the bits of the double
 * q = min(p, 1 - p) (its exponent and the top SK_SCORE_OCTAVE_BITS bits of
 * its mantissa: 32 bins per halving of q), so adding a prediction takes no
 * logarithm for the fit; a bin spans at most 0.042 in logit p.  Exact when
 * the predictions of a bin share one p, and otherwise each logit moves by
 * less than one bin width, far below the estimates' sampling error.
 *
 * The log-loss takes one logarithm per win or loss (ln p or ln(1 - p);
 * ln(1 - p) as log(1 - p), exact in its argument for p >= 0.5 and within
 * 1.2e-16 absolute otherwise) and two per draw.
 */
#ifndef SKILL_CORE_SCORING_H
#define SKILL_CORE_SCORING_H

#include <stdint.h>

#include "status.h"

#define SK_SCORE_MAX_BUCKETS	1000
#define SK_SCORE_P_MIN			1e-15
/*
 * The fit's bins: the top 12 + SK_SCORE_OCTAVE_BITS bits of q's double
 * (sign, exponent, mantissa head) run from SK_SCORE_Q_KEY_MIN (2^-50, the
 * octave of the smallest clamped q, 1 - (1 - 1e-15) = 9.99e-16) to that
 * of q = 0.5; one such run for p <= 0.5 and one, mirrored, above.
 */
#define SK_SCORE_OCTAVE_BITS	5
#define SK_SCORE_Q_KEY(bits)	((int) ((bits) >> (52 - SK_SCORE_OCTAVE_BITS)))
#define SK_SCORE_Q_KEY_MIN		((1023 - 50) << SK_SCORE_OCTAVE_BITS)
#define SK_SCORE_Q_KEY_HALF		((1023 - 1) << SK_SCORE_OCTAVE_BITS)
#define SK_SCORE_SIDE			(SK_SCORE_Q_KEY_HALF - SK_SCORE_Q_KEY_MIN + 1)
#define SK_SCORE_GRID			(2 * SK_SCORE_SIDE)

/* A count with its sums of p and of outcomes, in one place in memory. */
typedef struct sk_score_cell
{
	int64_t		n;
	double		p;
	double		o;
} sk_score_cell;

typedef struct sk_score_state
{
	int64_t		n;
	int32_t		buckets;		/* ECE buckets, 1 .. SK_SCORE_MAX_BUCKETS */
	double		log_loss;		/* sums */
	double		brier;
	sk_score_cell bucket[SK_SCORE_MAX_BUCKETS];	/* ECE buckets, sums of p */
	sk_score_cell grid[SK_SCORE_GRID];	/* the fit's bins, sums of clamped p */
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
