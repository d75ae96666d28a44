/*
 * openskill.c - Weng-Lin (OpenSkill) rating updates and predictions,
 * following openskill.py 6.2.0 step by step, quirks included (see the
 * header).  Phi is the erf form, as Python's statistics.NormalDist computes
 * it, because the Thurstone-Mosteller branch points compare Phi itself.
 */
#include <float.h>
#include <stdbool.h>
#include <math.h>
#include <stdint.h>

#include "normal.h"
#include "openskill.h"
#include "stable_order.h"

/* Scratch layout: how many doubles per player and per team rate uses. */
#define WS_PER_PLAYER	4
#define WS_PER_TEAM		9
#define WS_INTS_PER_TEAM 2

typedef struct os_work
{
	double	   *sig;			/* per player: sigma after tau */
	double	   *weight;			/* per player: effective weight */
	double	   *mu_new;			/* per player: results, copied out on success */
	double	   *sig_new;
	/* per team, indexed by position in rank order unless noted */
	double	   *key;			/* per input team: the sort key */
	double	   *rank;			/* the rank the model compares */
	double	   *tmu;			/* team mu (sum) */
	double	   *tss;			/* team sigma^2 (sum) */
	double	   *omega;
	double	   *delta;
	double	   *x;				/* Plackett-Luce: adjusted team mu / c */
	double	   *lse;			/* Plackett-Luce: log of the suffix sums */
	double	   *count;			/* Plackett-Luce: teams sharing the rank */
	int		   *order;			/* input team at each position */
	int		   *gstart;			/* first position of each rank group */
} os_work;

void
sk_os_default_params(sk_os_params *p, sk_os_model model)
{
	p->model = model;
	p->beta = 25.0 / 6.0;
	p->kappa = 0.0001;
	p->tau = 25.0 / 300.0;
	p->margin = 0.0;
	p->epsilon = 0.1;
	p->window_size = 4;
	p->limit_sigma = 0;
	p->balance = 0;
	p->use_weight_bounds = 1;
	p->weight_lo = 1.0;
	p->weight_hi = 2.0;
	p->gamma = -1.0;
}

size_t
sk_os_workspace_size(int n_teams, int n_players)
{
	size_t		ints,
				doubles;

	if (n_teams < 2 || n_players < n_teams)
		return 0;
	/* Guard size_t overflow on small platforms; no real match is this big. */
	if ((size_t) n_players > SIZE_MAX / (8 * sizeof(double) * WS_PER_PLAYER) ||
		(size_t) n_teams > SIZE_MAX / (8 * sizeof(double) * WS_PER_TEAM))
		return 0;
	ints = (size_t) n_teams * WS_INTS_PER_TEAM;
	doubles = (size_t) n_players * WS_PER_PLAYER +
		(size_t) n_teams * WS_PER_TEAM +
		(ints * sizeof(int) + sizeof(double) - 1) / sizeof(double);
	return doubles * sizeof(double);
}

static void
os_work_layout(os_work *w, void *work, int n_teams, int n_players)
{
	double	   *d = (double *) work;

	w->sig = d;
	d += n_players;
	w->weight = d;
	d += n_players;
	w->mu_new = d;
	d += n_players;
	w->sig_new = d;
	d += n_players;
	w->key = d;
	d += n_teams;
	w->rank = d;
	d += n_teams;
	w->tmu = d;
	d += n_teams;
	w->tss = d;
	d += n_teams;
	w->omega = d;
	d += n_teams;
	w->delta = d;
	d += n_teams;
	w->x = d;
	d += n_teams;
	w->lse = d;
	d += n_teams;
	w->count = d;
	d += n_teams;
	w->order = (int *) d;
	w->gstart = w->order + n_teams;
}

/* ---------------------------------------------------------------- checks */

static sk_status
check_common_params(const sk_os_params *p)
{
	if (p == NULL)
		return SK_ERR_SIZE;
	if (!isfinite(p->beta) || !isfinite(p->kappa))
		return SK_ERR_NOT_FINITE;
	if (p->beta <= 0.0 || p->kappa <= 0.0)
		return SK_ERR_RANGE;
	return SK_OK;
}

static sk_status
check_rate_params(const sk_os_params *p)
{
	sk_status	st = check_common_params(p);

	if (st != SK_OK)
		return st;
	if (p->model < SK_OS_PLACKETT_LUCE || p->model > SK_OS_TM_PART)
		return SK_ERR_RANGE;
	if (!isfinite(p->gamma))
		return SK_ERR_NOT_FINITE;
	if (!isfinite(p->tau) || !isfinite(p->margin))
		return SK_ERR_NOT_FINITE;
	if (p->tau < 0.0 || p->margin < 0.0)
		return SK_ERR_RANGE;
	if (p->model == SK_OS_TM_FULL || p->model == SK_OS_TM_PART)
	{
		if (!isfinite(p->epsilon))
			return SK_ERR_NOT_FINITE;
		if (p->epsilon < 0.0)
			return SK_ERR_RANGE;
	}
	if ((p->model == SK_OS_BT_PART || p->model == SK_OS_TM_PART) &&
		p->window_size < 1)
		return SK_ERR_RANGE;
	if (p->use_weight_bounds)
	{
		if (!isfinite(p->weight_lo) || !isfinite(p->weight_hi))
			return SK_ERR_NOT_FINITE;
		if (p->weight_lo <= 0.0 || p->weight_hi <= 0.0)
			return SK_ERR_RANGE;
	}
	return SK_OK;
}

/* Team layout and player ratings, shared by rate and predict_*. */
static sk_status
check_players(int n_teams, const int *team_start, const double *mu,
			  const double *sigma)
{
	int			t,
				k;

	if (team_start == NULL || mu == NULL || sigma == NULL || n_teams < 2)
		return SK_ERR_SIZE;
	if (team_start[0] != 0)
		return SK_ERR_SIZE;
	for (t = 0; t < n_teams; t++)
		if (team_start[t + 1] <= team_start[t])
			return SK_ERR_SIZE;
	for (k = 0; k < team_start[n_teams]; k++)
		if (!isfinite(mu[k]) || !isfinite(sigma[k]))
			return SK_ERR_NOT_FINITE;
	for (k = 0; k < team_start[n_teams]; k++)
		if (sigma[k] <= 0.0)
			return SK_ERR_RANGE;
	return SK_OK;
}

static sk_status
check_match(const sk_os_params *p, const sk_os_match *m)
{
	sk_status	st;
	int			n,
				k;

	if (m == NULL)
		return SK_ERR_SIZE;
	st = check_players(m->n_teams, m->team_start, m->mu, m->sigma);
	if (st != SK_OK)
		return st;
	n = m->n_teams;
	if (m->ranks != NULL && m->scores != NULL)
		return SK_ERR_RANGE;
	for (k = 0; k < n; k++)
		if ((m->ranks != NULL && !isfinite(m->ranks[k])) ||
			(m->scores != NULL && !isfinite(m->scores[k])))
			return SK_ERR_NOT_FINITE;
	if (m->weights != NULL)
	{
		for (k = 0; k < m->team_start[n]; k++)
			if (!isfinite(m->weights[k]))
				return SK_ERR_NOT_FINITE;
		/* Raw weights divide; rescaled ones only need an order. */
		for (k = 0; k < m->team_start[n]; k++)
			if (p->use_weight_bounds ? m->weights[k] < 0.0 : m->weights[k] <= 0.0)
				return SK_ERR_RANGE;
	}
	return SK_OK;
}

/* ---------------------------------------------------------- team ratings */

/*
 * Sum a team's players into one rating.  sig is the sigma to use (after tau
 * in rate, raw in predict).  With balance, weaker players (lower ordinal)
 * are scaled up relative to the team's best; the reference divides by
 * max_ordinal + kappa, which we refuse to do when it is zero.
 */
static sk_status
team_rating(const sk_os_params *p, int first, int end, const double *mu,
			const double *sig, double *tmu_out, double *tss_out)
{
	double		tmu = 0.0,
				tss = 0.0,
				max_ord = 0.0,
				denom = 1.0;
	int			k;

	if (p->balance)
	{
		max_ord = mu[first] - 3.0 * sig[first];
		for (k = first + 1; k < end; k++)
			if (mu[k] - 3.0 * sig[k] > max_ord)
				max_ord = mu[k] - 3.0 * sig[k];
		denom = max_ord + p->kappa;
		if (denom == 0.0)
			return SK_ERR_OVERFLOW;
	}
	for (k = first; k < end; k++)
	{
		double		bw = 1.0;

		if (p->balance)
			bw = 1.0 + (max_ord - (mu[k] - 3.0 * sig[k])) / denom;
		tmu += mu[k] * bw;
		tss += (sig[k] * bw) * (sig[k] * bw);
	}
	/* A zero variance (sigma^2 underflow) would divide by zero later. */
	if (!isfinite(tmu) || !isfinite(tss) || tss <= 0.0)
		return SK_ERR_OVERFLOW;
	*tmu_out = tmu;
	*tss_out = tss;
	return SK_OK;
}

/* ----------------------------------------------- Thurstone-Mosteller v/w */

/* The reference's v, w, v~, w~ with its fallbacks deep in the tails. */
static double
tm_v(double x, double t)
{
	double		xt = x - t;
	double		d = sk_norm_cdf_erf(xt);

	if (d < DBL_EPSILON)
		return -xt;
	return sk_norm_pdf(xt) / d;
}

static double
tm_w(double x, double t)
{
	double		xt = x - t;
	double		v;

	if (sk_norm_cdf_erf(xt) < DBL_EPSILON)
		return x < 0.0 ? 1.0 : 0.0;
	v = tm_v(x, t);
	return v * (v + xt);
}

static double
tm_vt(double x, double t)
{
	double		xx = fabs(x);
	double		b = sk_norm_cdf_erf(t - xx) - sk_norm_cdf_erf(-t - xx);
	double		a;

	if (b < 1e-5)
		return x < 0.0 ? -x - t : -x + t;
	a = sk_norm_pdf(-t - xx) - sk_norm_pdf(t - xx);
	return (x < 0.0 ? -a : a) / b;
}

static double
tm_wt(double x, double t)
{
	double		xx = fabs(x);
	double		b = sk_norm_cdf_erf(t - xx) - sk_norm_cdf_erf(-t - xx);
	double		vt;

	if (b < DBL_EPSILON)
		return 1.0;
	vt = tm_vt(x, t);
	return ((t - xx) * sk_norm_pdf(t - xx) +
			(t + xx) * sk_norm_pdf(-t - xx)) / b + vt * vt;
}

/* ----------------------------------------------------------- the models */

/*
 * The score margin divisor of BT/TM for teams at positions i and q: the mu
 * difference is divided by log1p(|diff|/margin) once the score difference
 * exceeds the margin.
 */
static double
margin_divisor(const sk_os_params *p, const double *scores, const int *order,
			   int i, int q)
{
	double		diff;

	if (scores == NULL || p->margin <= 0.0)
		return 1.0;
	diff = fabs(scores[order[i]] - scores[order[q]]);
	if (diff > 0.0 && diff > p->margin)
		return log1p(diff / p->margin);
	return 1.0;
}

/*
 * Plackett-Luce (Weng-Lin algorithm 4).  The reference's sums of
 * exp(mu/c) overflow for large mu differences; we keep each suffix sum as
 * a logarithm, so exp(x_i)/S_q becomes exp(x_i - log S_q) <= 1.
 */
/* |mu/c| up to which exp(mu/c), and sums of up to 1e40 of them, stay finite. */
#define PL_DIRECT_LIMIT 600.0

/* Scales a team's omega and delta by sigma^2/c (and the default gamma). */
static inline void
pl_finish_team(const sk_os_params *p, os_work *w, int i, double c,
			   double omega, double delta)
{
	omega *= w->tss[i] / c;
	delta *= w->tss[i] / (c * c);
	delta *= p->gamma < 0.0 ? sqrt(w->tss[i]) / c : p->gamma;
	w->omega[i] = omega;
	w->delta[i] = delta;
}

static void plackett_luce_direct(const sk_os_params *p, os_work *w, int n, double c);
static void plackett_luce_logspace(const sk_os_params *p, os_work *w, int n, double c);

static void
plackett_luce(const sk_os_params *p, const sk_os_match *m, os_work *w)
{
	int			n = m->n_teams;
	double		c2 = 0.0,
				c;
	int			group_end = n,
				i,
				q;

	for (i = 0; i < n; i++)
		c2 += w->tss[i] + p->beta * p->beta;
	c = sqrt(c2);

	/*
	 * With scores and a margin, each team's mu is shifted by the average of
	 * -(mu_i - mu_j) * (log1p(|s_i - s_j|/margin) - 1) over the teams j with
	 * a different score (factor 1, so no shift, while |s_i - s_j| <= margin).
	 */
	for (i = 0; i < n; i++)
	{
		double		adj = w->tmu[i];

		if (m->scores != NULL && p->margin > 0.0)
		{
			double		shift = 0.0;
			int			count = 0;

			for (q = 0; q < n; q++)
			{
				double		diff;
				double		factor = 1.0;

				sk_check_interrupts_every(q);
				if (q == i)
					continue;
				diff = fabs(m->scores[w->order[i]] - m->scores[w->order[q]]);
				if (!(diff > 0.0))
					continue;
				if (diff > p->margin)
					factor = log1p(diff / p->margin);
				shift -= (w->tmu[i] - w->tmu[q]) * (factor - 1.0);
				count++;
			}
			adj += count > 0 ? shift / count : shift;
		}
		w->x[i] = adj / c;
	}

	/* Rank groups: teams are sorted, so each group is a run. */
	for (i = 0; i < n; i++)
		w->gstart[i] = (i > 0 && w->rank[i] == w->rank[i - 1]) ? w->gstart[i - 1] : i;
	for (i = n - 1; i >= 0; i--)
	{
		if (i == n - 1 || w->gstart[i + 1] != w->gstart[i])
			group_end = i + 1;
		w->count[i] = (double) (group_end - w->gstart[i]);
	}

	for (i = 0; i < n; i++)
		if (!(fabs(w->x[i]) <= PL_DIRECT_LIMIT))
			break;
	if (i == n)
		plackett_luce_direct(p, w, n, c);
	else
		plackett_luce_logspace(p, w, n, c);
}

/*
 * Each team's omega and delta over C_q, the teams ranked no better than q
 * (the suffix from q's group).  r is team i's share of C_q: e_i / S_q
 * directly, or exp(x_i - lse_q) in log space.  Inline with a constant
 * log_space, so each caller gets the loop it had.
 */
static inline void
pl_update_teams(const sk_os_params *p, os_work *w, int n, double c, bool log_space)
{
	int			i,
				q;

	for (i = 0; i < n; i++)
	{
		double		omega = 0.0,
					delta = 0.0;

		for (q = 0; q < n; q++)
		{
			double		r;

			sk_check_interrupts_every(q);	/* q = 0: once per team, and an exp each */
			if (!(w->rank[q] <= w->rank[i]))
				continue;
			r = log_space ? exp(w->x[i] - w->lse[w->gstart[q]])
				: w->x[i] / w->lse[w->gstart[q]];
			delta += r * (1.0 - r) / w->count[q];
			if (q == i)
				omega += (1.0 - r) / w->count[q];
			else
				omega -= r / w->count[q];
		}
		pl_finish_team(p, w, i, c, omega, delta);
	}
}

/*
 * The usual case, computed as openskill.py does: e_i = exp(x_i), S_q the sum
 * of e_i over the teams ranked no better than q, added in team order.  Same
 * operations in the same order, so results agree to the last bit.
 */
static void
plackett_luce_direct(const sk_os_params *p, os_work *w, int n, double c)
{
	double	   *e = w->x;		/* exp(x) replaces x */
	double	   *sum = w->lse;	/* sum[g] for each group start g */
	int			i,
				q;

	for (i = 0; i < n; i++)
		e[i] = exp(e[i]);
	for (q = 0; q < n; q++)
	{
		sk_check_interrupts();	/* quadratic when every team has its own rank */
		if (w->gstart[q] != q)
			continue;
		sum[q] = 0.0;
		for (i = q; i < n; i++)
			sum[q] += e[i];
	}

	pl_update_teams(p, w, n, c, false);
}

/*
 * Far in the tails (|mu/c| beyond PL_DIRECT_LIMIT) exp would overflow: the
 * same quantities in log space, lse[k] = log sum_{s >= k} exp(x_s).
 */
static void
plackett_luce_logspace(const sk_os_params *p, os_work *w, int n, double c)
{
	double		lmax = 0.0,
				lsum = 0.0;
	int			i;

	for (i = n - 1; i >= 0; i--)
	{
		if (i == n - 1)
		{
			lmax = w->x[i];
			lsum = 1.0;
		}
		else if (w->x[i] > lmax)
		{
			lsum = lsum * exp(lmax - w->x[i]) + 1.0;
			lmax = w->x[i];
		}
		else
			lsum += exp(w->x[i] - lmax);
		w->lse[i] = lmax + log(lsum);
	}

	pl_update_teams(p, w, n, c, true);
}

/*
 * Bradley-Terry and Thurstone-Mosteller: pairwise comparisons with every
 * other team (Full) or with the teams within window_size positions (Part,
 * averaged).
 */
/*
 * Team i's terms against team q: adds to omega and delta, in the reference's
 * order of operations.
 */
static inline void
pairwise_terms(const sk_os_params *p, const sk_os_match *m, const os_work *w,
			   int i, int q, double *omega, double *delta)
{
	double		two_beta2 = 2.0 * (p->beta * p->beta);
	double		md = margin_divisor(p, m->scores, w->order, i, q);
	double		c_iq = sqrt(w->tss[i] + w->tss[q] + two_beta2);
	double		s2c,
				gamma;

	if (p->model == SK_OS_TM_PART)
		c_iq *= 2.0;
	s2c = w->tss[i] / c_iq;
	gamma = p->gamma < 0.0 ? sqrt(w->tss[i]) / c_iq : p->gamma;

	if (p->model != SK_OS_TM_FULL && p->model != SK_OS_TM_PART)
	{
		/* exp overflow gives piq = 0, the right limit */
		double		piq = 1.0 / (1.0 + exp(((w->tmu[q] - w->tmu[i]) / md) / c_iq));
		double		s = w->rank[q] > w->rank[i] ? 1.0 :
			w->rank[q] == w->rank[i] ? 0.5 : 0.0;

		*omega += s2c * (s - piq);
		*delta += ((gamma * s2c) / c_iq) * piq * (1.0 - piq);
	}
	else
	{
		double		x = ((w->tmu[i] - w->tmu[q]) / c_iq) / md;
		double		t = p->epsilon / c_iq;

		if (w->rank[q] > w->rank[i])
		{
			*omega += s2c * tm_v(x, t);
			*delta += ((gamma * s2c) / c_iq) * tm_w(x, t);
		}
		else if (w->rank[q] < w->rank[i])
		{
			*omega += -s2c * tm_v(-x, t);
			*delta += ((gamma * s2c) / c_iq) * tm_w(-x, t);
		}
		else
		{
			*omega += s2c * tm_vt(x, t);
			*delta += ((gamma * s2c) / c_iq) * tm_wt(x, t);
		}
	}
}

static void
pairwise(const sk_os_params *p, const sk_os_match *m, os_work *w)
{
	int			n = m->n_teams;
	int			part = (p->model == SK_OS_BT_PART || p->model == SK_OS_TM_PART);
	int			i,
				q;

	for (i = 0; i < n; i++)
	{
		double		omega = 0.0,
					delta = 0.0;
		int			lo = 0,
					hi = n,
					comparisons = 0;

		sk_check_interrupts();

		if (part)
		{
			lo = i - p->window_size < 0 ? 0 : i - p->window_size;
			hi = p->window_size >= n - i ? n : i + p->window_size + 1;
		}
		for (q = lo; q < hi; q++)
		{
			sk_check_interrupts_every(q);	/* an exp or erfc each */
			if (q == i)
				continue;
			pairwise_terms(p, m, w, i, q, &omega, &delta);
			comparisons++;
		}
		if (part)
		{
			omega /= comparisons;
			delta /= comparisons;
		}
		w->omega[i] = omega;
		w->delta[i] = delta;
	}
}

/* ----------------------------------------------------------------- rate */

/* fmax and trunc without a libm call; the duel compares ranks only, so the
 * sign of a zero rank does not matter, and kappa > 0 so neither does fmax's. */
static inline double
at_least(double x, double floor_value)
{
	return x > floor_value ? x : floor_value;
}

static inline double
trunc_rank(double x)
{
	return fabs(x) < 4503599627370496.0 ? (double) (int64_t) x : x;	/* 2^52 */
}

/*
 * Plackett-Luce for two one-player teams (the common 1v1 game), with no
 * weights, scores or balance: the general path's operations in its order,
 * with n fixed at 2 so nothing is looped over or laid out, and so results
 * are the same to the last bit (tests/unit compares the two).  It is the
 * hot path of every 1v1 replay.  Returns false, leaving the outputs alone,
 * where the general path must decide: |mu/c| past PL_DIRECT_LIMIT or a
 * result that is not finite.
 */
typedef struct pl_duel
{
	double		sig[2],			/* by player */
				tss[2],			/* by finishing position, as e, sum, rank */
				e[2],
				sum[2],
				rank[2],
				per_group,		/* 1 / teams in the rank group */
				c;
	int			order[2];		/* player at each position */
	bool		tie;
} pl_duel;

/* The general path's team sums, c, exponentials and rank groups. */
static bool
pl_duel_setup(const sk_os_params *p, const sk_os_match *m, pl_duel *d)
{
	int			i;

	d->order[0] = 0;
	d->order[1] = 1;
	for (i = 0; i < 2; i++)
		d->sig[i] = sqrt(m->sigma[i] * m->sigma[i] + p->tau * p->tau);
	if (m->ranks != NULL && m->ranks[0] > m->ranks[1])
	{
		d->order[0] = 1;
		d->order[1] = 0;
	}
	for (i = 0; i < 2; i++)
	{
		int			t = d->order[i];

		d->rank[i] = m->ranks != NULL ? trunc_rank(m->ranks[t]) : (double) t;
		d->tss[i] = 0.0 + d->sig[t] * d->sig[t];
		if (!isfinite(d->tss[i]) || d->tss[i] <= 0.0)
			return false;
	}
	d->c = sqrt((0.0 + (d->tss[0] + p->beta * p->beta)) + (d->tss[1] + p->beta * p->beta));
	for (i = 0; i < 2; i++)
	{
		double		x = (0.0 + m->mu[d->order[i]]) / d->c;

		if (!(fabs(x) <= PL_DIRECT_LIMIT))
			return false;
		d->e[i] = exp(x);
	}
	d->sum[0] = (0.0 + d->e[0]) + d->e[1];
	d->sum[1] = 0.0 + d->e[1];
	/*
	 * A tie is one rank group of two, counted by halves; otherwise two
	 * groups of one.  x / 2 and x * 0.5 round alike, as do x / 1 and x.
	 */
	d->tie = d->rank[0] == d->rank[1];
	d->per_group = d->tie ? 0.5 : 1.0;
	if (d->tie)
		d->sum[1] = d->sum[0];
	return true;
}

/* The new mu and sigma of the player finishing at position i. */
static bool
pl_duel_player(const sk_os_params *p, const sk_os_match *m, const pl_duel *d,
			   int i, double *mu_new, double *sig_new)
{
	int			t = d->order[i],
				q;
	double		omega = 0.0,
				delta = 0.0,
				s_new;

	for (q = 0; q < 2; q++)
	{
		double		r;

		if (!(d->rank[q] <= d->rank[i]))
			continue;
		/* The loser against itself: r = e/e = 1 adds exactly zero. */
		if (q == 1 && !d->tie)
			continue;
		r = d->e[i] / d->sum[q];
		delta += r * (1.0 - r) * d->per_group;
		if (q == i)
			omega += (1.0 - r) * d->per_group;
		else
			omega -= r * d->per_group;
	}
	omega *= d->tss[i] / d->c;
	delta *= d->tss[i] / (d->c * d->c);
	delta *= sqrt(d->tss[i]) / d->c;

	/*
	 * A player's share of the team's change, sigma^2 / team sigma^2, is
	 * exactly 1 here, and the weight is 1: both drop out.
	 */
	mu_new[t] = m->mu[t] + omega;
	s_new = d->sig[t] * sqrt(at_least(1.0 - delta, p->kappa));
	if (p->limit_sigma && m->sigma[t] < s_new)
		s_new = m->sigma[t];
	sig_new[t] = s_new;
	return isfinite(mu_new[t]) && isfinite(s_new);
}

static bool
plackett_luce_duel(const sk_os_params *p, const sk_os_match *m, double *mu_out,
				   double *sigma_out)
{
	pl_duel		d;
	double		mu_new[2],
				sig_new[2];
	int			i;

	if (!pl_duel_setup(p, m, &d))
		return false;
	for (i = 0; i < 2; i++)
		if (!pl_duel_player(p, m, &d, i, mu_new, sig_new))
			return false;
	for (i = 0; i < 2; i++)
	{
		mu_out[i] = mu_new[i];
		sigma_out[i] = sig_new[i];
	}
	return true;
}

/* Rescale one team's weights to [lo, hi] as the reference's _normalize. */
static void
normalize_weights(const sk_os_params *p, const double *in, int first, int end,
				  double *out)
{
	double		smin = in[first],
				smax = in[first],
				range;
	int			k;

	if (!p->use_weight_bounds)
	{
		for (k = first; k < end; k++)
			out[k] = in[k];
		return;
	}
	if (end - first == 1)
	{
		out[first] = p->weight_hi;
		return;
	}
	for (k = first + 1; k < end; k++)
	{
		if (in[k] < smin)
			smin = in[k];
		if (in[k] > smax)
			smax = in[k];
	}
	range = smax - smin;
	if (range == 0.0)
		range = 0.0001;
	for (k = first; k < end; k++)
		out[k] = ((in[k] - smin) / range) * (p->weight_hi - p->weight_lo) +
			p->weight_lo;
}

/*
 * Teams in outcome order (stable, like the reference's sorted()) into
 * w->order and their ranks into w->rank.  Scores become ranks by negation:
 * the reference's competition ranks of -score have the same order and ties.
 * w->gstart is the sort's scratch: Plackett-Luce fills it only afterwards.
 */
static void
sort_by_outcome(const sk_os_params *p, const sk_os_match *m, os_work *w)
{
	int			n = m->n_teams,
				i;

	for (i = 0; i < n; i++)
	{
		w->key[i] = m->ranks != NULL ? m->ranks[i] :
			m->scores != NULL ? -m->scores[i] : (double) i;
		w->order[i] = i;
	}
	sk_stable_order(n, w->key, w->order, w->gstart);
	for (i = 0; i < n; i++)
	{
		double		key = w->key[w->order[i]];

		/* Only Plackett-Luce applies int() to the sorted ranks directly. */
		w->rank[i] = (m->ranks != NULL && p->model == SK_OS_PLACKETT_LUCE) ?
			trunc(key) : key;
	}
}

/* Player updates: each team's change shared in proportion to sigma^2. */
static sk_status
update_players(const sk_os_params *p, const sk_os_match *m, os_work *w)
{
	int			i,
				k;

	for (i = 0; i < m->n_teams; i++)
	{
		int			t = w->order[i];
		double		omega = w->omega[i];
		double		delta = w->delta[i];
		int			multiply = p->model == SK_OS_TM_PART ? omega > 0.0 : omega >= 0.0;

		for (k = m->team_start[t]; k < m->team_start[t + 1]; k++)
		{
			double		weight = m->weights != NULL ? w->weight[k] : 1.0;
			double		share = (w->sig[k] * w->sig[k]) / w->tss[i];
			double		mu_new,
						sig_new;

			if (multiply)
			{
				mu_new = m->mu[k] + share * omega * weight;
				sig_new = w->sig[k] * sqrt(fmax(1.0 - share * delta * weight, p->kappa));
			}
			else
			{
				mu_new = m->mu[k] + share * omega / weight;
				sig_new = w->sig[k] * sqrt(fmax(1.0 - share * delta / weight, p->kappa));
			}
			if (p->limit_sigma && m->sigma[k] < sig_new)
				sig_new = m->sigma[k];
			if (!isfinite(mu_new) || !isfinite(sig_new))
				return SK_ERR_OVERFLOW;
			w->mu_new[k] = mu_new;
			w->sig_new[k] = sig_new;
		}
	}
	return SK_OK;
}

sk_status
sk_os_rate(const sk_os_params *p, const sk_os_match *m, double *mu_out,
		   double *sigma_out, void *work)
{
	os_work		w;
	sk_status	st;
	int			n,
				np,
				i,
				k;

	st = check_rate_params(p);
	if (st != SK_OK)
		return st;
	st = check_match(p, m);
	if (st != SK_OK)
		return st;
	if (mu_out == NULL || sigma_out == NULL || work == NULL)
		return SK_ERR_SIZE;

	if (p->model == SK_OS_PLACKETT_LUCE && m->n_teams == 2 && m->team_start[2] == 2 &&
		m->weights == NULL && m->scores == NULL && !p->balance && p->gamma < 0.0 &&
		plackett_luce_duel(p, m, mu_out, sigma_out))
		return SK_OK;

	n = m->n_teams;
	np = m->team_start[n];
	os_work_layout(&w, work, n, np);

	/* The reference adds tau before anything else. */
	for (k = 0; k < np; k++)
		w.sig[k] = sqrt(m->sigma[k] * m->sigma[k] + p->tau * p->tau);

	if (m->weights != NULL)
		for (i = 0; i < n; i++)
			normalize_weights(p, m->weights, m->team_start[i],
							  m->team_start[i + 1], w.weight);

	sort_by_outcome(p, m, &w);
	for (i = 0; i < n; i++)
	{
		int			t = w.order[i];

		st = team_rating(p, m->team_start[t], m->team_start[t + 1], m->mu,
						 w.sig, &w.tmu[i], &w.tss[i]);
		if (st != SK_OK)
			return st;
	}

	if (p->model == SK_OS_PLACKETT_LUCE)
		plackett_luce(p, m, &w);
	else
		pairwise(p, m, &w);

	st = update_players(p, m, &w);
	if (st != SK_OK)
		return st;

	/* Copy out last, so outputs may alias the inputs. */
	for (k = 0; k < np; k++)
	{
		mu_out[k] = w.mu_new[k];
		sigma_out[k] = w.sig_new[k];
	}
	return SK_OK;
}

/* ------------------------------------------------------------ predict_* */

static sk_status
predict_setup(const sk_os_params *p, int n_teams, const int *team_start,
			  const double *mu, const double *sigma, const void *out,
			  void *work, double **tmu, double **tss)
{
	sk_status	st;
	int			t;

	st = check_common_params(p);
	if (st != SK_OK)
		return st;
	st = check_players(n_teams, team_start, mu, sigma);
	if (st != SK_OK)
		return st;
	if (out == NULL || work == NULL)
		return SK_ERR_SIZE;
	*tmu = (double *) work;
	*tss = *tmu + n_teams;
	for (t = 0; t < n_teams; t++)
	{
		st = team_rating(p, team_start[t], team_start[t + 1], mu, sigma,
						 &(*tmu)[t], &(*tss)[t]);
		if (st != SK_OK)
			return st;
	}
	return SK_OK;
}

/* Phi of the team mu difference over the pair's combined deviation. */
/*
 * (x + y) / sqrt(2 beta^2 + ss) where beta^2 overflows (beta past 1e154):
 * the same quotient in units of beta, finite for finite input.
 */
static double
z_in_beta_units(double beta, double x, double y, double ss)
{
	return (x / beta + y / beta) / sqrt(2.0 + ss / beta / beta);
}

static double
pair_win(double beta, const double *tmu, const double *tss, int a, int b)
{
	double		s = sqrt(2.0 * (beta * beta) + tss[a] + tss[b]);

	if (!isfinite(s))
		return sk_norm_cdf_erf(z_in_beta_units(beta, tmu[a], -tmu[b], tss[a] + tss[b]));
	return sk_norm_cdf_erf((tmu[a] - tmu[b]) / s);
}

/* Mean pairwise win chance of each team, normalised to sum to 1. */
static void
normalised_wins(double beta, int n, const double *tmu, const double *tss,
				double *prob)
{
	double		total = 0.0;
	int			i,
				j;

	for (i = 0; i < n; i++)
	{
		double		sum = 0.0;

		for (j = 0; j < n; j++)
		{
			sk_check_interrupts_every(j);	/* j = 0: once per team, and an erf each */
			if (j != i)
				sum += pair_win(beta, tmu, tss, i, j);
		}
		prob[i] = sum / (n - 1);
		total += prob[i];
	}
	for (i = 0; i < n; i++)
		prob[i] /= total;
}

sk_status
sk_os_predict_win(const sk_os_params *p, int n_teams, const int *team_start,
				  const double *mu, const double *sigma, double *prob_out,
				  void *work)
{
	double	   *tmu,
			   *tss;
	sk_status	st;

	st = predict_setup(p, n_teams, team_start, mu, sigma, prob_out, work,
					   &tmu, &tss);
	if (st != SK_OK)
		return st;
	if (n_teams == 2)
	{
		/* The reference's two-team shortcut: exactly complementary. */
		prob_out[0] = pair_win(p->beta, tmu, tss, 0, 1);
		prob_out[1] = 1.0 - prob_out[0];
	}
	else
		normalised_wins(p->beta, n_teams, tmu, tss, prob_out);
	return SK_OK;
}

double
sk_os_draw_margin(double beta, int players)
{
	double		n = (double) players;
	double		margin = sqrt(n) * beta * sk_norm_ppf((1.0 + 1.0 / n) / 2.0);

	/* sqrt(n) beta overflows for beta near 1e308; the margin itself is < beta. */
	if (!isfinite(margin))
		margin = sqrt(n) * sk_norm_ppf((1.0 + 1.0 / n) / 2.0) * beta;
	return margin;
}

sk_status
sk_os_predict_draw(const sk_os_params *p, int n_teams, const int *team_start,
				   const double *mu, const double *sigma, double *prob_out,
				   void *work)
{
	/* Draw chance 1/players, turned into a performance margin. */
	return sk_os_predict_draw_margin(p, n_teams, team_start, mu, sigma,
									 n_teams >= 2 && team_start != NULL && p != NULL
									 ? sk_os_draw_margin(p->beta, team_start[n_teams]) : 0.0,
									 prob_out, work);
}

sk_status
sk_os_predict_draw_margin(const sk_os_params *p, int n_teams, const int *team_start,
						  const double *mu, const double *sigma, double margin,
						  double *prob_out, void *work)
{
	double	   *tmu,
			   *tss;
	double		sum = 0.0;
	sk_status	st;
	int			i,
				j;

	st = predict_setup(p, n_teams, team_start, mu, sigma, prob_out, work,
					   &tmu, &tss);
	if (st != SK_OK)
		return st;

	for (i = 0; i < n_teams; i++)
	{
		sk_check_interrupts();
		for (j = i + 1; j < n_teams; j++)
		{
			double		s,
						hi,
						lo;

			sk_check_interrupts_every(j);	/* two erf each */
			s = sqrt(2.0 * (p->beta * p->beta) + tss[i] + tss[j]);
			hi = (margin - tmu[i] + tmu[j]) / s;
			lo = (tmu[j] - tmu[i] - margin) / s;

			if (!isfinite(s))
			{
				hi = z_in_beta_units(p->beta, margin - tmu[i], tmu[j], tss[i] + tss[j]);
				lo = z_in_beta_units(p->beta, tmu[j] - tmu[i], -margin, tss[i] + tss[j]);
			}
			sum += sk_norm_cdf_erf(hi) - sk_norm_cdf_erf(lo);
		}
	}
	*prob_out = sum / ((double) n_teams * (n_teams - 1) / 2.0);
	return SK_OK;
}

sk_status
sk_os_predict_rank(const sk_os_params *p, int n_teams, const int *team_start,
				   const double *mu, const double *sigma, int *rank_out,
				   double *prob_out, void *work)
{
	double	   *tmu,
			   *tss;
	sk_status	st;
	int			i,
				j;

	if (rank_out == NULL)
		return SK_ERR_SIZE;
	st = predict_setup(p, n_teams, team_start, mu, sigma, prob_out, work,
					   &tmu, &tss);
	if (st != SK_OK)
		return st;
	normalised_wins(p->beta, n_teams, tmu, tss, prob_out);

	/* Competition ranking: 1 + the number of strictly likelier teams. */
	for (i = 0; i < n_teams; i++)
	{
		sk_check_interrupts();
		rank_out[i] = 1;
		for (j = 0; j < n_teams; j++)
			if (prob_out[j] > prob_out[i])
				rank_out[i]++;
	}
	return SK_OK;
}

double
sk_os_ordinal(double mu, double sigma, double z, double alpha, double target)
{
	return alpha * ((mu - z * sigma) + target / alpha);
}
