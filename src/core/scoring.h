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
 * on the predictions grouped into SK_SCORE_GRID bins that are narrow in
 * logit p.  A bin is found from the bits of the double q = min(p, 1 - p)
 * (its exponent and the top SK_SCORE_OCTAVE_BITS bits of its mantissa: 16
 * bins per halving of q), so adding a prediction takes no logarithm; a bin
 * spans at most 0.084 in logit p.  A bin keeps its count and, for u = q - c
 * (c its midpoint, so |u| < c / 32, and u exact), the sums of u^k and of
 * o u^k up to k = SK_SCORE_MOMENTS (4).  The fit expands each row's terms
 * of the log-likelihood and its derivatives (logit p, and sigmoid and
 * softplus of z = a + b logit p) in powers of u around c and sums them with
 * those moments.  What the expansions leave out is of order (u / c)^5 / 5
 * <= 6e-9 in logit p and (b dx)^5 / 120 in z, dx <= 0.042 half a bin's
 * width in logit p: 1e-9 at slope 1.  So the slope and intercept are those
 * of the row-by-row maximum-likelihood fit to within 1e-6 for slopes up to
 * about 3 (the unit tests assert it on seeded sets with extreme, skewed
 * and bin-edge probabilities and draws; measured 2.5e-8 at most), the bound
 * growing as the fifth power of the slope beyond.
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
#define SK_SCORE_OCTAVE_BITS	4
#define SK_SCORE_Q_KEY(bits)	((int) ((bits) >> (52 - SK_SCORE_OCTAVE_BITS)))
#define SK_SCORE_Q_KEY_MIN		((1023 - 50) << SK_SCORE_OCTAVE_BITS)
#define SK_SCORE_Q_KEY_HALF		((1023 - 1) << SK_SCORE_OCTAVE_BITS)
#define SK_SCORE_SIDE			(SK_SCORE_Q_KEY_HALF - SK_SCORE_Q_KEY_MIN + 1)
#define SK_SCORE_GRID			(2 * SK_SCORE_SIDE)

/* The fit's bins: power sums of u up to this one (the top comment). */
#define SK_SCORE_MOMENTS		4

/* An ECE bucket: a count with its sums of p and of outcomes. */
typedef struct sk_score_cell
{
	int64_t		n;
	double		p;
	double		o;
} sk_score_cell;

/*
 * A bin of the fit: its count, sum[k] = sum of u^(k + 1) and o_sum[k] =
 * sum of o u^k, u = q - the bin's midpoint.
 */
typedef struct sk_score_bin
{
	int64_t		n;
	double		sum[SK_SCORE_MOMENTS];
	double		o_sum[SK_SCORE_MOMENTS + 1];
} sk_score_bin;

typedef struct sk_score_state
{
	int64_t		n;
	int32_t		buckets;		/* ECE buckets, 1 .. SK_SCORE_MAX_BUCKETS */
	double		log_loss;		/* sums */
	double		brier;
	double		p_low;			/* the least and greatest clamped p (n > 0) */
	double		p_high;
	sk_score_cell bucket[SK_SCORE_MAX_BUCKETS];	/* ECE buckets, sums of p */
	sk_score_bin grid[SK_SCORE_GRID];	/* the fit's bins, of clamped p */
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

/*
 * One prediction's log-loss, -(o ln p + (1 - o) ln(1 - p)) with p clamped,
 * as sk_score_add sums it (p in [0, 1], o 0, 0.5 or 1: not checked).
 */
double		sk_score_log_loss(double p, double o);

#endif
