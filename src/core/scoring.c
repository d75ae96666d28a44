/*
 * scoring.c - scores of probabilistic predictions (scoring.h).
 */
#include <math.h>
#include <string.h>

#include "scoring.h"

sk_status
sk_score_init(sk_score_state *s, int buckets)
{
	if (buckets < 1 || buckets > SK_SCORE_MAX_BUCKETS)
		return SK_ERR_RANGE;
	memset(s, 0, sizeof(*s));
	s->buckets = buckets;
	return SK_OK;
}

/* The checks of sk_score_add, out of its way. */
static sk_status
rejected(double p, double o)
{
	if (!isfinite(p) || !isfinite(o))
		return SK_ERR_NOT_FINITE;
	return SK_ERR_RANGE;
}

/* The fit's bin of a clamped p (scoring.h): from the bits of min(p, 1 - p). */
static inline int
grid_bin(double pc)
{
	double		q = pc <= 0.5 ? pc : 1.0 - pc;
	uint64_t	bits;
	int			k;

	memcpy(&bits, &q, sizeof(bits));
	k = SK_SCORE_Q_KEY(bits) - SK_SCORE_Q_KEY_MIN;
	return pc <= 0.5 ? k : SK_SCORE_GRID - 1 - k;
}

static inline void
cell_add(sk_score_cell *c, double p, double o)
{
	c->n++;
	c->p += p;
	c->o += o;
}

sk_status
sk_score_add(sk_score_state *s, double p, double o)
{
	double		pc,
				loss;
	int			b;

	/* false for NaN too; the infinities fail the range checks */
	if (!(p >= 0.0 && p <= 1.0 && (o == 0.0 || o == 1.0 || o == 0.5)))
		return rejected(p, o);
	pc = p < SK_SCORE_P_MIN ? SK_SCORE_P_MIN : p > 1.0 - SK_SCORE_P_MIN ? 1.0 - SK_SCORE_P_MIN : p;
	/* ln p for a win, ln(1 - p) for a loss; a draw takes half of each */
	loss = log(o == 0.0 ? 1.0 - pc : pc);
	if (o == 0.5)
		loss = 0.5 * loss + 0.5 * log(1.0 - pc);
	s->n++;
	s->log_loss -= loss;
	s->brier += (p - o) * (p - o);
	b = (int) (p * s->buckets);	/* p >= 0: truncation is floor */
	cell_add(&s->bucket[b < s->buckets ? b : s->buckets - 1], p, o);
	cell_add(&s->grid[grid_bin(pc)], pc, o);
	return SK_OK;
}

static void
cell_merge(sk_score_cell *a, const sk_score_cell *b, int n)
{
	int			i;

	for (i = 0; i < n; i++)
	{
		a[i].n += b[i].n;
		a[i].p += b[i].p;
		a[i].o += b[i].o;
	}
}

sk_status
sk_score_merge(sk_score_state *a, const sk_score_state *b)
{
	if (a->buckets != b->buckets)
		return SK_ERR_RANGE;
	a->n += b->n;
	a->log_loss += b->log_loss;
	a->brier += b->brier;
	cell_merge(a->bucket, b->bucket, a->buckets);
	cell_merge(a->grid, b->grid, SK_SCORE_GRID);
	return SK_OK;
}

void
sk_score_bucket(const sk_score_state *s, int b, int64_t *n, double *mean_p, double *mean_o)
{
	const sk_score_cell *c = &s->bucket[b];

	*n = c->n;
	*mean_p = c->n > 0 ? c->p / c->n : NAN;
	*mean_o = c->n > 0 ? c->o / c->n : NAN;
}

/* A bin's x: the logit of its mean p. */
static double
cell_logit(const sk_score_cell *c)
{
	double		m = c->p / (double) c->n;

	return log(m) - log1p(-m);
}

/* The log-likelihood of o ~ sigmoid(a + b x) over the grid bins. */
static double
calibration_loglik(const sk_score_state *s, double a, double b)
{
	double		ll = 0.0;
	int			g;

	for (g = 0; g < SK_SCORE_GRID; g++)
	{
		const sk_score_cell *c = &s->grid[g];
		double		n = (double) c->n,
					z;

		if (c->n == 0)
			continue;
		z = a + b * cell_logit(c);
		/* o ln m + (n - o) ln(1 - m), with ln m = -log1p(e^-z), stably */
		ll -= c->o * (z > 0 ? log1p(exp(-z)) : log1p(exp(z)) - z) +
			(n - c->o) * (z > 0 ? log1p(exp(-z)) + z : log1p(exp(z)));
	}
	return ll;
}

/* Gradient and Hessian of the log-likelihood at (a, b): g[2], h[3] (aa, ab, bb). */
static void
calibration_derivatives(const sk_score_state *s, double a, double b, double *grad,
						double *hess)
{
	int			g;

	grad[0] = grad[1] = hess[0] = hess[1] = hess[2] = 0.0;
	for (g = 0; g < SK_SCORE_GRID; g++)
	{
		const sk_score_cell *c = &s->grid[g];
		double		n = (double) c->n,
					x,
					m,
					w;

		if (c->n == 0)
			continue;
		x = cell_logit(c);
		m = 1.0 / (1.0 + exp(-(a + b * x)));
		w = n * m * (1.0 - m);
		grad[0] += c->o - n * m;
		grad[1] += (c->o - n * m) * x;
		hess[0] += w;
		hess[1] += w * x;
		hess[2] += w * x * x;
	}
}

/*
 * Logistic regression o ~ sigmoid(a + b x) over the grid bins (x the logit
 * of the bin's mean p): Newton's method from (0, 1), the calibrated answer, each
 * step halved until the likelihood does not fall (plain Newton can
 * overshoot when the slope is near 0).  Returns 0 when the fit is not
 * identified or does not converge.
 */
static int
fit_calibration(const sk_score_state *s, double *a_out, double *b_out)
{
	double		a = 0.0,
				b = 1.0,
				ll = calibration_loglik(s, a, b);
	int			iter;

	for (iter = 0; iter < 100; iter++)
	{
		double		grad[2],
					hess[3],
					det,
					da,
					db,
					step = 1.0,
					next = -INFINITY;
		int			halvings;

		calibration_derivatives(s, a, b, grad, hess);
		det = hess[0] * hess[2] - hess[1] * hess[1];
		if (!(det > 1e-12 * hess[0] * hess[2]) || !isfinite(det))
			return 0;
		da = (hess[2] * grad[0] - hess[1] * grad[1]) / det;
		db = (hess[0] * grad[1] - hess[1] * grad[0]) / det;
		for (halvings = 0; halvings < 60; halvings++, step /= 2)
		{
			next = calibration_loglik(s, a + step * da, b + step * db);
			if (next >= ll - 1e-12 * fabs(ll))
				break;
		}
		a += step * da;
		b += step * db;
		ll = next;
		if (!isfinite(a) || !isfinite(b) || fabs(a) > 1e6 || fabs(b) > 1e6)
			return 0;
		if (fabs(step * da) < 1e-12 * (1.0 + fabs(a)) && fabs(step * db) < 1e-12 * (1.0 + fabs(b)))
		{
			*a_out = a;
			*b_out = b;
			return 1;
		}
	}
	return 0;
}

/*
 * The accuracy's sum, from the fit's bins, which split at p = 1/2: below
 * it a loss scores 1 and a draw 1/2, so a bin adds n - (sum of o); above
 * it a win scores 1, so the sum of o; p = 1/2 exactly has its own bin
 * (q = 1/2), 1/2 each.  Exact: every sum here is a multiple of 1/2.
 */
static double
accuracy_sum(const sk_score_state *s)
{
	double		sum = 0.5 * (double) s->grid[SK_SCORE_SIDE - 1].n;
	int			g;

	for (g = 0; g < SK_SCORE_SIDE - 1; g++)
		sum += (double) s->grid[g].n - s->grid[g].o;
	for (g = SK_SCORE_SIDE; g < SK_SCORE_GRID; g++)
		sum += s->grid[g].o;
	return sum;
}

void
sk_score_result_of(const sk_score_state *s, sk_score_result *out)
{
	double		n = (double) s->n;
	int			b;

	out->n = s->n;
	out->log_loss = out->brier = out->accuracy = out->ece = NAN;
	out->slope = out->intercept = NAN;
	if (s->n == 0)
		return;
	out->log_loss = s->log_loss / n;
	out->brier = s->brier / n;
	out->accuracy = accuracy_sum(s) / n;
	out->ece = 0.0;
	for (b = 0; b < s->buckets; b++)
		if (s->bucket[b].n > 0)
			out->ece += fabs(s->bucket[b].p - s->bucket[b].o) / n;
	if (!fit_calibration(s, &out->intercept, &out->slope))
		out->slope = out->intercept = NAN;
}
