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

static double
accuracy_of(double p, double o)
{
	if (p == 0.5 || o == 0.5)
		return 0.5;
	return (p > 0.5) == (o == 1.0) ? 1.0 : 0.0;
}

sk_status
sk_score_add(sk_score_state *s, double p, double o)
{
	double		pc,
				log_p,
				log_q,
				x;
	int			b,
				g;

	if (!isfinite(p) || !isfinite(o))
		return SK_ERR_NOT_FINITE;
	if (p < 0.0 || p > 1.0 || !(o == 0.0 || o == 0.5 || o == 1.0))
		return SK_ERR_RANGE;
	/* Two logarithms serve both the log-loss and the logit. */
	pc = fmin(fmax(p, SK_SCORE_P_MIN), 1.0 - SK_SCORE_P_MIN);
	log_p = log(pc);
	log_q = log1p(-pc);
	s->n++;
	s->log_loss -= o * log_p + (1.0 - o) * log_q;
	s->brier += (p - o) * (p - o);
	s->accuracy += accuracy_of(p, o);
	b = (int) (p * s->buckets);	/* p >= 0: truncation is floor */
	if (b > s->buckets - 1)
		b = s->buckets - 1;
	s->bucket_n[b]++;
	s->bucket_p[b] += p;
	s->bucket_o[b] += o;
	x = log_p - log_q;
	g = (int) ((x + SK_SCORE_LOGIT_MAX) / SK_SCORE_BIN);	/* >= 0 as x >= -max */
	g = g < 0 ? 0 : g >= SK_SCORE_GRID ? SK_SCORE_GRID - 1 : g;
	s->grid_n[g]++;
	s->grid_x[g] += x;
	s->grid_o[g] += o;
	return SK_OK;
}

sk_status
sk_score_merge(sk_score_state *a, const sk_score_state *b)
{
	int			i;

	if (a->buckets != b->buckets)
		return SK_ERR_RANGE;
	a->n += b->n;
	a->log_loss += b->log_loss;
	a->brier += b->brier;
	a->accuracy += b->accuracy;
	for (i = 0; i < a->buckets; i++)
	{
		a->bucket_n[i] += b->bucket_n[i];
		a->bucket_p[i] += b->bucket_p[i];
		a->bucket_o[i] += b->bucket_o[i];
	}
	for (i = 0; i < SK_SCORE_GRID; i++)
	{
		a->grid_n[i] += b->grid_n[i];
		a->grid_x[i] += b->grid_x[i];
		a->grid_o[i] += b->grid_o[i];
	}
	return SK_OK;
}

void
sk_score_bucket(const sk_score_state *s, int b, int64_t *n, double *mean_p, double *mean_o)
{
	*n = s->bucket_n[b];
	*mean_p = *n > 0 ? s->bucket_p[b] / *n : NAN;
	*mean_o = *n > 0 ? s->bucket_o[b] / *n : NAN;
}

/* The log-likelihood of o ~ sigmoid(a + b x) over the grid bins. */
static double
calibration_loglik(const sk_score_state *s, double a, double b)
{
	double		ll = 0.0;
	int			g;

	for (g = 0; g < SK_SCORE_GRID; g++)
	{
		double		n = (double) s->grid_n[g],
					z;

		if (s->grid_n[g] == 0)
			continue;
		z = a + b * s->grid_x[g] / n;
		/* o ln m + (n - o) ln(1 - m), with ln m = -log1p(e^-z), stably */
		ll -= s->grid_o[g] * (z > 0 ? log1p(exp(-z)) : log1p(exp(z)) - z) +
			(n - s->grid_o[g]) * (z > 0 ? log1p(exp(-z)) + z : log1p(exp(z)));
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
		double		n = (double) s->grid_n[g],
					x,
					m,
					w;

		if (s->grid_n[g] == 0)
			continue;
		x = s->grid_x[g] / n;
		m = 1.0 / (1.0 + exp(-(a + b * x)));
		w = n * m * (1.0 - m);
		grad[0] += s->grid_o[g] - n * m;
		grad[1] += (s->grid_o[g] - n * m) * x;
		hess[0] += w;
		hess[1] += w * x;
		hess[2] += w * x * x;
	}
}

/*
 * Logistic regression o ~ sigmoid(a + b x) over the grid bins (x the bin's
 * mean logit): Newton's method from (0, 1), the calibrated answer, each
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
	out->accuracy = s->accuracy / n;
	out->ece = 0.0;
	for (b = 0; b < s->buckets; b++)
		if (s->bucket_n[b] > 0)
			out->ece += fabs(s->bucket_p[b] - s->bucket_o[b]) / n;
	if (!fit_calibration(s, &out->intercept, &out->slope))
		out->slope = out->intercept = NAN;
}
