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

/*
 * The reference point of the fit's bin whose q key (scoring.h) is key: its
 * midpoint (the key's bits followed by a 1, then zeros), except 1/2 for the
 * bin of q = 1/2, the only q there.
 */
static inline double
key_mid(uint64_t key)
{
	uint64_t	bits = key << (52 - SK_SCORE_OCTAVE_BITS) |
		(uint64_t) (key != SK_SCORE_Q_KEY_HALF) << (51 - SK_SCORE_OCTAVE_BITS);
	double		mid;

	memcpy(&mid, &bits, sizeof(mid));
	return mid;
}

#if SK_SCORE_MOMENTS != 4
#error "grid_add writes out the power sums up to u^4"
#endif

/*
 * Adds a clamped p to its fit bin (scoring.h): from the bits of
 * q = min(p, 1 - p), exact for p >= 1/2 (Sterbenz); u = q - the bin's
 * midpoint is exact too, both in one binade.  Written without branches
 * (random predictions would mispredict half of them) and with the sums
 * written out: it runs for every row.
 */
static inline void
grid_add(sk_score_state *s, double pc, double o)
{
	double		r = 1.0 - pc,
				q = r < pc ? r : pc,
				u,
				u2;
	uint64_t	bits,
				key;
	int			k,
				upper;
	sk_score_bin *c;

	memcpy(&bits, &q, sizeof(bits));
	key = bits >> (52 - SK_SCORE_OCTAVE_BITS);
	k = (int) key - SK_SCORE_Q_KEY_MIN;
	upper = pc > 0.5;
	c = &s->grid[k + upper * (SK_SCORE_GRID - 1 - 2 * k)];
	u = q - key_mid(key);
	u2 = u * u;
	c->n++;
	c->sum[0] += u;
	c->sum[1] += u2;
	c->sum[2] += u2 * u;
	c->sum[3] += u2 * u2;
	c->o_sum[0] += o;
	c->o_sum[1] += o * u;
	c->o_sum[2] += o * u2;
	c->o_sum[3] += o * u2 * u;
	c->o_sum[4] += o * u2 * u2;
}

static inline void
cell_add(sk_score_cell *c, double p, double o)
{
	c->n++;
	c->p += p;
	c->o += o;
}

static inline double
clamped(double p)
{
	return p < SK_SCORE_P_MIN ? SK_SCORE_P_MIN : p > 1.0 - SK_SCORE_P_MIN ? 1.0 - SK_SCORE_P_MIN : p;
}

/* -ln p for a win, -ln(1 - p) for a loss; a draw takes half of each. */
static inline double
loss_of(double pc, double o)
{
	double		l = log(o == 0.0 ? 1.0 - pc : pc);

	if (o == 0.5)
		l = 0.5 * l + 0.5 * log(1.0 - pc);
	return -l;
}

double
sk_score_log_loss(double p, double o)
{
	return loss_of(clamped(p), o);
}

sk_status
sk_score_add(sk_score_state *s, double p, double o)
{
	double		pc;
	int			b;

	/* false for NaN too; the infinities fail the range checks */
	if (!(p >= 0.0 && p <= 1.0 && (o == 0.0 || o == 1.0 || o == 0.5)))
		return rejected(p, o);
	pc = clamped(p);
	s->p_low = s->n == 0 || pc < s->p_low ? pc : s->p_low;
	s->p_high = s->n == 0 || pc > s->p_high ? pc : s->p_high;
	s->n++;
	s->log_loss += loss_of(pc, o);
	s->brier += (p - o) * (p - o);
	b = (int) (p * s->buckets);	/* p >= 0: truncation is floor */
	cell_add(&s->bucket[b < s->buckets ? b : s->buckets - 1], p, o);
	grid_add(s, pc, o);
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
	int			g,
				k;

	if (a->buckets != b->buckets)
		return SK_ERR_RANGE;
	if (b->n > 0)
	{
		a->p_low = a->n == 0 || b->p_low < a->p_low ? b->p_low : a->p_low;
		a->p_high = a->n == 0 || b->p_high > a->p_high ? b->p_high : a->p_high;
	}
	a->n += b->n;
	a->log_loss += b->log_loss;
	a->brier += b->brier;
	cell_merge(a->bucket, b->bucket, a->buckets);
	for (g = 0; g < SK_SCORE_GRID; g++)
	{
		sk_score_bin *x = &a->grid[g];
		const sk_score_bin *y = &b->grid[g];

		x->n += y->n;
		for (k = 0; k < SK_SCORE_MOMENTS; k++)
			x->sum[k] += y->sum[k];
		for (k = 0; k <= SK_SCORE_MOMENTS; k++)
			x->o_sum[k] += y->o_sum[k];
	}
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

#define K SK_SCORE_MOMENTS

/*
 * x = logit p in bin g as a power series in u = q - c (c the bin's
 * midpoint, q = min(p, 1 - p)): x[0 .. K].  logit q = ln q - ln(1 - q)
 * has u^j coefficient ((-1)^(j+1) / c^j + 1 / (1 - c)^j) / j; logit p is
 * -logit q above p = 1/2.
 */
static void
bin_logit(int g, double *x)
{
	int			lower = g < SK_SCORE_SIDE;
	double		c = key_mid((uint64_t) ((lower ? g : SK_SCORE_GRID - 1 - g) + SK_SCORE_Q_KEY_MIN)),
				sign = lower ? 1.0 : -1.0,
				tc = 1.0,
				td = 1.0;
	int			j;

	x[0] = sign * (log(c) - log1p(-c));
	for (j = 1; j <= K; j++)
	{
		tc *= -1.0 / c;
		td *= 1.0 / (1.0 - c);
		x[j] = sign * (td - tc) / j;
	}
}

/* The bin's sum over its rows of a series f in u: sum_k f[k] sum u^k. */
static double
bin_sum(const sk_score_bin *c, const double *f)
{
	double		s = (double) c->n * f[0];
	int			k;

	for (k = 1; k <= K; k++)
		s += f[k] * c->sum[k - 1];
	return s;
}

/* out = a b, truncated at degree K. */
static void
series_mul(const double *a, const double *b, double *out)
{
	int			n,
				i;

	for (n = 0; n <= K; n++)
	{
		out[n] = 0.0;
		for (i = 0; i <= n; i++)
			out[n] += a[i] * b[n - i];
	}
}

/*
 * Sums over the rows of the likelihood's terms at (a, b), z = a + b x:
 * softplus z = ln(1 + e^z), m = sigmoid z, its derivative w = m (1 - m),
 * and x m, x w, x^2 w.
 */
typedef struct fit_sums
{
	double		softplus,
				m,
				xm,
				w,
				xw,
				xxw;
} fit_sums;

/*
 * Adds bin g's rows to t: each term's Taylor series in u (from
 * softplus' = m, m' = w z', w = m - m^2 and the series of z, term by term)
 * summed with the bin's power sums of u.
 */
static void
bin_add_sums(const sk_score_bin *c, int g, double a, double b, fit_sums *t)
{
	double		x[K + 1],
				z[K + 1],
				m[K + 1],
				w[K + 1],
				sp[K + 1],
				xm[K + 1],
				xw[K + 1],
				xxw[K + 1],
				e;
	int			n,
				j;

	bin_logit(g, x);
	for (j = 0; j <= K; j++)
		z[j] = (j == 0 ? a : 0.0) + b * x[j];
	e = exp(-fabs(z[0]));
	m[0] = z[0] >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
	w[0] = e / ((1.0 + e) * (1.0 + e));
	sp[0] = (z[0] > 0 ? z[0] : 0.0) + log1p(e);
	for (n = 1; n <= K; n++)
	{
		double		dm = 0.0,
					dsp = 0.0;

		for (j = 1; j <= n; j++)
		{
			dm += j * z[j] * w[n - j];
			dsp += j * z[j] * m[n - j];
		}
		m[n] = dm / n;
		sp[n] = dsp / n;
		/* (m - m^2)_n, with the two m[0] m[n] terms folded in */
		w[n] = m[n] * (1.0 - 2.0 * m[0]);
		for (j = 1; j < n; j++)
			w[n] -= m[j] * m[n - j];
	}
	series_mul(x, m, xm);
	series_mul(x, w, xw);
	series_mul(x, xw, xxw);
	t->softplus += bin_sum(c, sp);
	t->m += bin_sum(c, m);
	t->xm += bin_sum(c, xm);
	t->w += bin_sum(c, w);
	t->xw += bin_sum(c, xw);
	t->xxw += bin_sum(c, xxw);
}

static void
calibration_sums(const sk_score_state *s, double a, double b, fit_sums *t)
{
	int			g;

	memset(t, 0, sizeof(*t));
	for (g = 0; g < SK_SCORE_GRID; g++)
		if (s->grid[g].n > 0)
			bin_add_sums(&s->grid[g], g, a, b, t);
}

/*
 * The outcomes' sums the likelihood is linear in: sum o and sum o x
 * (o_x), from the bins' sums of o u^k.
 */
static void
outcome_sums(const sk_score_state *s, double *o, double *o_x)
{
	double		x[K + 1];
	int			g,
				k;

	*o = *o_x = 0.0;
	for (g = 0; g < SK_SCORE_GRID; g++)
	{
		const sk_score_bin *c = &s->grid[g];

		if (c->n == 0)
			continue;
		bin_logit(g, x);
		*o += c->o_sum[0];
		for (k = 0; k <= K; k++)
			*o_x += x[k] * c->o_sum[k];
	}
}

/*
 * Logistic regression o ~ sigmoid(a + b x) over the grid bins' series:
 * Newton's method from (0, 1), the calibrated answer, each step halved
 * until the likelihood does not fall (plain Newton can overshoot when the
 * slope is near 0); the sums at the accepted point give the next step.
 * Returns 0 when the fit is not identified or does not converge.
 */
static int
fit_calibration(const sk_score_state *s, double *a_out, double *b_out)
{
	double		o,
				o_x,
				a = 0.0,
				b = 1.0,
				ll;
	fit_sums	t;
	int			iter;

	outcome_sums(s, &o, &o_x);
	calibration_sums(s, a, b, &t);
	ll = a * o + b * o_x - t.softplus;
	for (iter = 0; iter < 100; iter++)
	{
		double		det = t.w * t.xxw - t.xw * t.xw,
					ga = o - t.m,
					gb = o_x - t.xm,
					da,
					db,
					step = 1.0,
					next = -INFINITY;
		int			halvings;

		if (!(det > 1e-12 * t.w * t.xxw) || !isfinite(det))
			return 0;
		da = (t.xxw * ga - t.xw * gb) / det;
		db = (t.w * gb - t.xw * ga) / det;
		for (halvings = 0; halvings < 60; halvings++, step /= 2)
		{
			calibration_sums(s, a + step * da, b + step * db, &t);
			next = (a + step * da) * o + (b + step * db) * o_x - t.softplus;
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
		sum += (double) s->grid[g].n - s->grid[g].o_sum[0];
	for (g = SK_SCORE_SIDE; g < SK_SCORE_GRID; g++)
		sum += s->grid[g].o_sum[0];
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
	/*
	 * One prediction throughout has no slope; the bins' series would
	 * show a spread of rounding (a relative 1e-9) and fit one to it.
	 */
	if (s->p_low == s->p_high || !fit_calibration(s, &out->intercept, &out->slope))
		out->slope = out->intercept = NAN;
}
