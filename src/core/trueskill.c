/*
 * trueskill.c - TrueSkill rating by message passing on the factor graph of
 * Herbrich, Minka & Graepel (2006), following the message schedule of the
 * Python trueskill package 0.4.5 so that results agree with it.
 *
 * Gaussians are kept in natural parameters (pi = 1/sigma^2, tau = pi*mu).
 * The package stores each variable's marginal and recovers the message a
 * factor needs by dividing its own message back out; we store only the
 * messages and multiply the other ones together.  That is the same
 * quantity, but has no cancellation when a truncation makes a marginal
 * very precise, which is where the package produces garbage or raises.
 */
#include <float.h>
#include <math.h>

#include "normal.h"
#include "stable_order.h"
#include "trueskill.h"

/*
 * Beyond this many standard deviations into the lower tail, v and w come
 * from a continued fraction for the Mills ratio instead of pdf/cdf: the
 * direct w = v*(v + x) loses about log10(x^2) digits to cancellation.
 */
#define TS_TAIL			5.0

/*
 * A draw margin e with e*max(|t|, 1) below this is "narrow": the package's
 * formulas lose digits to cancellation (the reference gives up entirely
 * once cdf(a) - cdf(b) rounds to 0) while a short series is accurate.
 */
#define TS_NARROW		1e-2

/* Past this, 1 - w < 1e-16 and w rounds to 1. */
#define TS_TAIL_HUGE	1e8

/* The largest double below 1: w must stay < 1, since updates divide by 1-w. */
#define TS_W_MAX		(1.0 - DBL_EPSILON / 2.0)

/* The package's fixed cap on message-passing rounds. */
#define TS_MAX_ROUNDS	10

typedef struct ts_gauss
{
	double		pi;
	double		tau;
} ts_gauss;

/* One player, in rank-sorted order. */
typedef struct ts_player
{
	ts_gauss	prior;			/* prior with dynamics -> skill */
	ts_gauss	perf;			/* likelihood factor -> performance */
	double		weight;			/* partial play, floored at min_delta */
	double		mu_out;
	double		sigma_out;
} ts_player;

/* One team, in rank-sorted order. */
typedef struct ts_team
{
	ts_gauss	sum;			/* team sum factor -> team performance */
	ts_gauss	left;			/* difference with the team before -> here */
	ts_gauss	right;			/* difference with the team after -> here */
	double		rank;
	int			input;			/* index of the team in the input */
	int			first;			/* its first player in ts_player order */
	int			size;
} ts_team;

/* The difference between sorted teams k and k+1, and its truncation. */
typedef struct ts_diff
{
	ts_gauss	sum;			/* difference factor -> difference */
	ts_gauss	trunc;			/* truncation factor -> difference */
	double		margin;
	int			draw;
} ts_diff;

typedef struct ts_graph
{
	ts_player  *players;
	ts_team    *teams;
	ts_diff    *diffs;
	int			n_teams;
	int			n_diffs;
} ts_graph;

static ts_gauss
gauss_mul(ts_gauss a, ts_gauss b)
{
	ts_gauss	r;

	r.pi = a.pi + b.pi;
	r.tau = a.tau + b.tau;
	return r;
}

/* Mean; a flat Gaussian (pi = 0) counts as mean 0, as in the package. */
static double
gauss_mu(ts_gauss g)
{
	return g.pi != 0.0 ? g.tau / g.pi : 0.0;
}

/*
 * Sum factor message: the variable being updated is sum(coeff_i * x_i)
 * over the other variables, whose messages into the factor are given.
 * A flat input makes the message flat (infinite variance).
 */
typedef struct ts_sum
{
	double		mu;
	double		pi_inv;
} ts_sum;

static void
sum_init(ts_sum *s)
{
	s->mu = 0.0;
	s->pi_inv = 0.0;
}

static void
sum_add(ts_sum *s, ts_gauss g, double coeff)
{
	s->mu += coeff * gauss_mu(g);
	if (isinf(s->pi_inv))
		return;
	if (g.pi == 0.0)
		s->pi_inv = HUGE_VAL;
	else
		s->pi_inv += coeff * coeff / g.pi;
}

static ts_gauss
sum_message(const ts_sum *s)
{
	ts_gauss	r;

	r.pi = 1.0 / s->pi_inv;
	r.tau = r.pi * s->mu;
	return r;
}

/* Likelihood factor: add performance noise beta^2 to a message. */
static ts_gauss
likelihood_message(ts_gauss g, double beta2)
{
	double		a = 1.0 / (1.0 + beta2 * g.pi);
	ts_gauss	r;

	r.pi = a * g.pi;
	r.tau = a * g.tau;
	return r;
}

/*
 * K(z) = 1/(z + 2/(z + 3/(z + ...))) for z >= TS_TAIL, by modified Lentz.
 * The Mills ratio Phi(-z)/phi(z) is 1/(z + K(z)), and for a win v = z + K
 * and v + x = K exactly, so w needs no subtraction.
 */
static double
mills_k(double z)
{
	const double tiny = 1e-300;
	double		f = tiny,
				c = tiny,
				d = 0.0;
	int			n;

	/* about 30 terms at z = 5, fewer further out */
	for (n = 1; n < 500; n++)
	{
		double		delta;

		d = z + n * d;
		c = z + n / c;
		d = 1.0 / d;
		delta = c * d;
		f *= delta;
		if (fabs(delta - 1.0) <= DBL_EPSILON)
			break;
	}
	return f;
}

static double
clamp_w(double w)
{
	if (!(w >= 0.0))
		return 0.0;
	return w > TS_W_MAX ? TS_W_MAX : w;
}

void
sk_ts_vw_win(double t, double e, double *v, double *w)
{
	double		x = t - e;

	if (x > -TS_TAIL)
	{
		/* the package's formulas; cdf(x) >= cdf(-5) here, no underflow */
		double		vv = sk_norm_pdf(x) / sk_norm_cdf(x);

		*v = vv;
		*w = clamp_w(vv * (vv + x));
	}
	else
	{
		double		z = -x;
		double		k = mills_k(z);

		*v = z + k;
		*w = z > TS_TAIL_HUGE ? TS_W_MAX : clamp_w((z + k) * k);
	}
}

/*
 * A margin this narrow cancels in cdf(a) - cdf(b).  With Z = -s + u,
 * u in [-e, e] has density ~ exp(s u - u^2/2) = sum He_n(s) u^n/n!;
 * integrating the series term by term gives the mean and variance
 * (1 - w); the first terms left out are below 1e-12 here.
 */
static void
vw_draw_narrow(double s, double e, double *vv, double *ww)
{
	double		e2 = e * e;

	*vv = -s + s * e2 / 3.0 - s * (s * s + 2.0) * e2 * e2 / 45.0;
	*ww = 1.0 - (e2 / 3.0 - (3.0 * s * s + 2.0) * e2 * e2 / 45.0);
}

/* The package's formulas, for a lower end a above the tail. */
static void
vw_draw_direct(double s, double a, double b, double *vv, double *ww)
{
	double		pa = sk_norm_pdf(a);
	double		pb = sk_norm_pdf(b);
	double		den = sk_norm_cdf(a) - sk_norm_cdf(b);

	if (den > 0.0)
	{
		*vv = (pb - pa) / den;
		*ww = *vv * *vv + (a * pa - b * pb) / den;
	}
	else
	{
		/* margin too narrow to resolve: the interval's midpoint */
		*vv = -s;
		*ww = TS_W_MAX;
	}
}

/*
 * Both ends deep in the lower tail.  Dividing through by pdf(a),
 * with z1 = -a, z2 = -b, R_i = 1/(z_i + K_i) the Mills ratios and
 * r = pdf(b)/pdf(a) = exp(-2es):
 *   den' = R1 - r R2 = (R1 - R2) + (1 - r) R2
 *   v    = -(1 - r) / den'
 *   w    = [(1 - r)(K1 R1 - r K2 R2) + 2 e r (R1 - R2)] / den'^2
 * where every term is non-negative and the one difference only
 * cancels for margins narrow enough to take the series.
 */
static void
vw_draw_tail(double s, double e, double a, double b, double *vv, double *ww)
{
	double		z1 = -a;
	double		z2 = -b;
	double		k1 = mills_k(z1);
	double		k2 = mills_k(z2);
	double		r1 = 1.0 / (z1 + k1);
	double		r2 = 1.0 / (z2 + k2);
	double		r = exp(-2.0 * e * s);
	double		one_r = -expm1(-2.0 * e * s);
	double		r12 = (2.0 * e + (k2 - k1)) * r1 * r2;
	double		den;

	if (r12 < 0.0)
		r12 = 0.0;
	den = r12 + one_r * r2;
	if (den > 0.0)
	{
		*vv = -one_r / den;
		if (z1 > TS_TAIL_HUGE)
			*ww = TS_W_MAX;
		else
			*ww = ((one_r * (k1 * r1 - r * k2 * r2) + 2.0 * e * r * r12) /
				   den) / den;
	}
	else
	{
		*vv = -s;
		*ww = TS_W_MAX;
	}
}

void
sk_ts_vw_draw(double t, double e, double *v, double *w)
{
	double		s = fabs(t);
	double		a = e - s;
	double		b = -e - s;
	double		vv,
				ww;

	if (e * fmax(s, 1.0) <= TS_NARROW)
		vw_draw_narrow(s, e, &vv, &ww);
	else if (a > -TS_TAIL)
		vw_draw_direct(s, a, b, &vv, &ww);
	else
		vw_draw_tail(s, e, a, b, &vv, &ww);
	*v = t < 0.0 ? -vv : vv;
	*w = clamp_w(ww);
}

/*
 * Difference factor k, downward: the difference of the two team
 * performances, each seen without this factor's own message.
 */
static void
diff_down(ts_graph *g, int k)
{
	ts_team    *better = &g->teams[k];
	ts_team    *worse = &g->teams[k + 1];
	ts_sum		s;

	sum_init(&s);
	sum_add(&s, gauss_mul(better->sum, better->left), 1.0);
	sum_add(&s, gauss_mul(worse->sum, worse->right), -1.0);
	g->diffs[k].sum = sum_message(&s);
}

/* Difference factor k, upward to the better team: diff + worse team. */
static void
diff_up_left(ts_graph *g, int k)
{
	ts_team    *worse = &g->teams[k + 1];
	ts_sum		s;

	sum_init(&s);
	sum_add(&s, g->diffs[k].trunc, 1.0);
	sum_add(&s, gauss_mul(worse->sum, worse->right), 1.0);
	g->teams[k].right = sum_message(&s);
}

/* Difference factor k, upward to the worse team: better team - diff. */
static void
diff_up_right(ts_graph *g, int k)
{
	ts_team    *better = &g->teams[k];
	ts_sum		s;

	sum_init(&s);
	sum_add(&s, gauss_mul(better->sum, better->left), 1.0);
	sum_add(&s, g->diffs[k].trunc, -1.0);
	g->teams[k + 1].left = sum_message(&s);
}

/*
 * Truncation factor k: moment-match the difference to a win (> margin) or
 * a draw (|d| <= margin).  Returns how far the difference's marginal moved,
 * measured as the package does, for the stopping rule.
 */
static double
trunc_up(ts_graph *g, int k)
{
	ts_diff    *d = &g->diffs[k];
	ts_gauss	cav = d->sum;
	ts_gauss	old = gauss_mul(d->sum, d->trunc);
	ts_gauss	val;
	double		sqrt_pi = sqrt(cav.pi);
	double		t = cav.tau / sqrt_pi;
	double		e = d->margin * sqrt_pi;
	double		v,
				w,
				pi_delta,
				tau_delta;

	if (d->draw)
		sk_ts_vw_draw(t, e, &v, &w);
	else
		sk_ts_vw_win(t, e, &v, &w);
	val.pi = cav.pi / (1.0 - w);
	val.tau = (cav.tau + sqrt_pi * v) / (1.0 - w);
	d->trunc.pi = val.pi - cav.pi;
	d->trunc.tau = val.tau - cav.tau;

	pi_delta = fabs(old.pi - val.pi);
	tau_delta = fabs(old.tau - val.tau);
	if (isinf(pi_delta))
		return 0.0;
	return fmax(tau_delta, sqrt(pi_delta));
}

/* The package's schedule between the team performances and the outcome. */
static void
run_schedule(ts_graph *g, double min_delta)
{
	int			n = g->n_diffs;
	int			round;
	int			k;

	for (round = 0; round < TS_MAX_ROUNDS; round++)
	{
		double		delta = 0.0;

		sk_check_interrupts();
		if (n == 1)
		{
			diff_down(g, 0);
			delta = trunc_up(g, 0);
		}
		else
		{
			for (k = 0; k < n - 1; k++)
			{
				sk_check_interrupts_every(k);
				diff_down(g, k);
				delta = fmax(delta, trunc_up(g, k));
				diff_up_right(g, k);
			}
			for (k = n - 1; k > 0; k--)
			{
				sk_check_interrupts_every(k);
				diff_down(g, k);
				delta = fmax(delta, trunc_up(g, k));
				diff_up_left(g, k);
			}
		}
		if (delta <= min_delta)
			break;
	}
	diff_up_left(g, 0);
	diff_up_right(g, n - 1);
}

static sk_status
check_params(const sk_ts_params *p, int for_rate)
{
	if (p == NULL)
		return SK_ERR_SIZE;
	if (!isfinite(p->beta))
		return SK_ERR_NOT_FINITE;
	if (p->beta <= 0.0)
		return SK_ERR_RANGE;
	if (!for_rate)
		return SK_OK;
	if (!isfinite(p->tau) || !isfinite(p->draw_probability) ||
		!isfinite(p->min_delta))
		return SK_ERR_NOT_FINITE;
	if (p->tau < 0.0 || p->draw_probability < 0.0 ||
		p->draw_probability >= 1.0 || p->min_delta <= 0.0)
		return SK_ERR_RANGE;
	return SK_OK;
}

/* Layout and values of a match; ranks are checked only if used. */
static sk_status
check_match(const sk_ts_match *m, int use_ranks, int use_weights,
			int *n_players_out)
{
	int			n_players;
	int			t,
				i;

	if (m == NULL || m->team_start == NULL || m->mu == NULL ||
		m->sigma == NULL || m->n_teams < 2 || m->team_start[0] != 0)
		return SK_ERR_SIZE;
	for (t = 0; t < m->n_teams; t++)
		if (m->team_start[t + 1] <= m->team_start[t])
			return SK_ERR_SIZE;
	n_players = m->team_start[m->n_teams];

	for (i = 0; i < n_players; i++)
	{
		if (!isfinite(m->mu[i]) || !isfinite(m->sigma[i]))
			return SK_ERR_NOT_FINITE;
		if (m->sigma[i] <= 0.0)
			return SK_ERR_RANGE;
		if (use_weights && m->weights != NULL)
		{
			if (!isfinite(m->weights[i]))
				return SK_ERR_NOT_FINITE;
			if (m->weights[i] < 0.0 || m->weights[i] > 1.0)
				return SK_ERR_RANGE;
		}
	}
	if (use_ranks && m->ranks != NULL)
		for (t = 0; t < m->n_teams; t++)
			if (!isfinite(m->ranks[t]))
				return SK_ERR_NOT_FINITE;
	*n_players_out = n_players;
	return SK_OK;
}

void
sk_ts_default_params(sk_ts_params *p)
{
	p->mu = 25.0;
	p->sigma = 25.0 / 3.0;
	p->beta = p->sigma / 2.0;
	p->tau = p->sigma / 100.0;
	p->draw_probability = 0.10;
	p->min_delta = 1e-4;
}

static size_t
rate_space(int n_teams, int n_players)
{
	return (size_t) n_players * sizeof(ts_player) +
		(size_t) n_teams * sizeof(ts_team) +
		(size_t) (n_teams - 1) * sizeof(ts_diff);
}

/* quality keeps three sums per team */
static size_t
quality_space(int n_teams)
{
	return (size_t) 3 * (size_t) n_teams * sizeof(double);
}

size_t
sk_ts_workspace_size(int n_teams, int n_players)
{
	size_t		r,
				q;

	if (n_teams < 2 || n_players < n_teams)
		return 0;
	r = rate_space(n_teams, n_players);
	q = quality_space(n_teams);
	return r > q ? r : q;
}

/*
 * The teams in rank order, ties in input order, like Python's sorted().
 * The players' space, filled only afterwards, holds the keys, the order and
 * the sort's scratch (n_players >= n_teams; a player outsizes a double and
 * two ints).
 */
static void
sort_teams(const sk_ts_match *m, ts_graph *g)
{
	double	   *key = (double *) g->players;
	int		   *order = (int *) (key + g->n_teams);
	int			t;

	for (t = 0; t < g->n_teams; t++)
	{
		key[t] = m->ranks != NULL ? m->ranks[t] : (double) t;
		order[t] = t;
	}
	sk_stable_order(g->n_teams, key, order, order + g->n_teams);
	for (t = 0; t < g->n_teams; t++)
	{
		int			input = order[t];

		g->teams[t].input = input;
		g->teams[t].rank = key[input];
		g->teams[t].size = m->team_start[input + 1] - m->team_start[input];
	}
}

/* The difference factors between adjacent teams: draw or win, and margin. */
static sk_status
init_diffs(const sk_ts_params *p, ts_graph *g)
{
	double		z_draw = sk_norm_ppf((p->draw_probability + 1.0) / 2.0);
	int			k;

	for (k = 0; k < g->n_diffs; k++)
	{
		ts_diff    *d = &g->diffs[k];
		int			size = g->teams[k].size + g->teams[k + 1].size;

		d->draw = g->teams[k].rank == g->teams[k + 1].rank;
		/* a zero-width draw margin makes a draw impossible */
		if (d->draw && p->draw_probability == 0.0)
			return SK_ERR_RANGE;
		d->margin = z_draw * sqrt((double) size) * p->beta;
		d->sum.pi = d->sum.tau = 0.0;
		d->trunc.pi = d->trunc.tau = 0.0;
	}
	return SK_OK;
}

/* Downward: prior (+ dynamics), performance, team sums. */
static sk_status
pass_down(const sk_ts_params *p, const sk_ts_match *m, ts_graph *g, double beta2)
{
	int			i = 0,
				t,
				k;

	for (t = 0; t < g->n_teams; t++)
	{
		ts_team    *team = &g->teams[t];
		int			src = m->team_start[team->input];
		ts_sum		s;

		team->first = i;
		sum_init(&s);
		for (k = 0; k < team->size; k++, i++)
		{
			ts_player  *pl = &g->players[i];
			double		sig = sqrt(m->sigma[src + k] * m->sigma[src + k] +
								   p->tau * p->tau);
			double		w = m->weights != NULL ? m->weights[src + k] : 1.0;

			sk_check_interrupts_every(i);	/* a pow each */
			pl->prior.pi = pow(sig, -2.0);
			pl->prior.tau = pl->prior.pi * m->mu[src + k];
			if (!isfinite(pl->prior.pi) || !isfinite(pl->prior.tau))
				return SK_ERR_OVERFLOW;
			pl->perf = likelihood_message(pl->prior, beta2);
			pl->weight = w < p->min_delta ? p->min_delta : w;
			sum_add(&s, pl->perf, pl->weight);
		}
		team->sum = sum_message(&s);
		team->left.pi = team->left.tau = 0.0;
		team->right.pi = team->right.tau = 0.0;
	}
	return SK_OK;
}

/* Upward: team sums back to performances, then to skills. */
static sk_status
pass_up(ts_graph *g, double beta2)
{
	int			t,
				x,
				k;

	for (t = 0; t < g->n_teams; t++)
	{
		ts_team    *team = &g->teams[t];
		ts_gauss	team_cav = gauss_mul(team->left, team->right);

		for (x = 0; x < team->size; x++)
		{
			ts_player  *pl = &g->players[team->first + x];
			ts_gauss	up,
						post;
			ts_sum		s;

			sk_check_interrupts();	/* quadratic in the team's size */
			/* solve team = sum(w_j perf_j) for perf_x */
			sum_init(&s);
			for (k = 0; k < team->size; k++)
			{
				if (k == x)
					sum_add(&s, team_cav, 1.0 / pl->weight);
				else
					sum_add(&s, g->players[team->first + k].perf,
							-g->players[team->first + k].weight / pl->weight);
			}
			up = likelihood_message(sum_message(&s), beta2);
			post = gauss_mul(pl->prior, up);
			pl->mu_out = post.tau / post.pi;
			pl->sigma_out = sqrt(1.0 / post.pi);
			if (!isfinite(pl->mu_out) || !isfinite(pl->sigma_out) ||
				pl->sigma_out <= 0.0)
				return SK_ERR_OVERFLOW;
		}
	}
	return SK_OK;
}

sk_status
sk_ts_rate(const sk_ts_params *p, const sk_ts_match *m,
		   double *mu_out, double *sigma_out, void *work)
{
	ts_graph	g;
	sk_status	st;
	double		beta2;
	int			n_players;
	int			t,
				k;

	st = check_params(p, 1);
	if (st != SK_OK)
		return st;
	st = check_match(m, 1, 1, &n_players);
	if (st != SK_OK)
		return st;
	if (mu_out == NULL || sigma_out == NULL || work == NULL)
		return SK_ERR_SIZE;

	g.n_teams = m->n_teams;
	g.n_diffs = m->n_teams - 1;
	g.players = (ts_player *) work;
	g.teams = (ts_team *) (g.players + n_players);
	g.diffs = (ts_diff *) (g.teams + g.n_teams);

	sort_teams(m, &g);
	beta2 = p->beta * p->beta;
	st = init_diffs(p, &g);
	if (st == SK_OK)
		st = pass_down(p, m, &g, beta2);
	if (st != SK_OK)
		return st;
	run_schedule(&g, p->min_delta);
	st = pass_up(&g, beta2);
	if (st != SK_OK)
		return st;

	/* only now, as the outputs may alias the inputs */
	for (t = 0; t < g.n_teams; t++)
	{
		ts_team    *team = &g.teams[t];
		int			dst = m->team_start[team->input];

		for (k = 0; k < team->size; k++)
		{
			mu_out[dst + k] = g.players[team->first + k].mu_out;
			sigma_out[dst + k] = g.players[team->first + k].sigma_out;
		}
	}
	return SK_OK;
}

/*
 * The package builds A (players x adjacent pairs: +w for the better team's
 * players, -w for the worse team's) and computes
 *   quality = exp(-1/2 m'A (A'(beta^2 I + S)A)^-1 A'm)
 *             * sqrt(det(beta^2 A'A) / det(A'(beta^2 I + S)A)).
 * Pair k only shares players with pairs k-1 and k+1, so both matrices are
 * tridiagonal: with P_j = sum over team j of w^2 (beta^2 + sigma^2), pair k
 * has diagonal P_k + P_k+1 and off-diagonal -P_k+1.  Their LDL' pivots are
 *   d_k = P_k+1 + c_k,  1/c_k = 1/P_0 + ... + 1/P_k,
 * sums of non-negative terms, so nothing cancels even when weights make
 * the matrix nearly singular; the determinants come as a product of pivot
 * ratios, which cannot overflow.  Exactly singular (a zero pivot) means two
 * teams have all-zero weights.
 */
sk_status
sk_ts_quality(const sk_ts_params *p, const sk_ts_match *m,
			  double *quality_out, void *work)
{
	sk_status	st;
	double		beta2,
				e_arg = 0.0,
				s_arg = 1.0,
				c_mid,
				c_ata,
				y = 0.0,
				d_mid = 1.0;
	double	   *p_mid,
			   *p_ata,
			   *mean;
	int			n_players,
				t,
				k,
				i;

	st = check_params(p, 0);
	if (st != SK_OK)
		return st;
	st = check_match(m, 0, 1, &n_players);
	if (st != SK_OK)
		return st;
	if (quality_out == NULL || work == NULL)
		return SK_ERR_SIZE;

	p_mid = (double *) work;
	p_ata = p_mid + m->n_teams;
	mean = p_ata + m->n_teams;
	beta2 = p->beta * p->beta;
	for (t = 0; t < m->n_teams; t++)
	{
		p_mid[t] = p_ata[t] = mean[t] = 0.0;
		for (i = m->team_start[t]; i < m->team_start[t + 1]; i++)
		{
			double		w = m->weights != NULL ? m->weights[i] : 1.0;

			p_mid[t] += w * w * (beta2 + m->sigma[i] * m->sigma[i]);
			p_ata[t] += w * w * beta2;
			mean[t] += w * m->mu[i];
		}
	}

	c_mid = p_mid[0];
	c_ata = p_ata[0];
	for (k = 0; k < m->n_teams - 1; k++)
	{
		double		d_ata = p_ata[k + 1] + c_ata;
		double		prev = d_mid;

		d_mid = p_mid[k + 1] + c_mid;
		if (!(d_mid > 0.0) || !(d_ata > 0.0))
			return SK_ERR_RANGE;
		/* forward substitution L y = A'm; the quadratic form is y'D^-1 y */
		y = (mean[k] - mean[k + 1]) + (k > 0 ? p_mid[k] * y / prev : 0.0);
		e_arg -= 0.5 * y * y / d_mid;
		s_arg *= d_ata / d_mid;
		c_mid = p_mid[k + 1] * c_mid / d_mid;
		c_ata = p_ata[k + 1] * c_ata / d_ata;
	}
	/*
	 * Each factor of s_arg is at most 1 (p_mid >= p_ata), but where weights
	 * or spreads differ by many orders of magnitude the recurrence's
	 * rounding can leave it a little above: a quality is never above 1.
	 */
	*quality_out = fmin(exp(e_arg) * sqrt(s_arg), 1.0);
	if (!isfinite(*quality_out))
		return SK_ERR_OVERFLOW;
	return SK_OK;
}

sk_status
sk_ts_two_team_difference(double beta, const sk_ts_match *m, double *diff, double *c,
					int *players)
{
	double		sum0 = 0.0,
				sum1 = 0.0,
				var = 0.0;
	int			n_players,
				i;
	sk_status	st;

	if (!isfinite(beta))
		return SK_ERR_NOT_FINITE;
	if (beta <= 0.0)
		return SK_ERR_RANGE;
	if (m == NULL || m->n_teams != 2)
		return SK_ERR_SIZE;
	st = check_match(m, 0, 0, &n_players);
	if (st != SK_OK)
		return st;

	for (i = 0; i < n_players; i++)
	{
		if (i < m->team_start[1])
			sum0 += m->mu[i];
		else
			sum1 += m->mu[i];
		var += m->sigma[i] * m->sigma[i];
	}
	var += n_players * beta * beta;
	*diff = sum0 - sum1;
	*c = sqrt(var);
	*players = n_players;
	return SK_OK;
}

sk_status
sk_ts_win_probability(double beta, const sk_ts_match *m, double *prob_out)
{
	double		diff,
				c;
	int			n_players;
	sk_status	st;

	if (prob_out == NULL)
		return SK_ERR_SIZE;
	st = sk_ts_two_team_difference(beta, m, &diff, &c, &n_players);
	if (st != SK_OK)
		return st;
	*prob_out = sk_norm_cdf(diff / c);
	if (!isfinite(*prob_out))
		return SK_ERR_OVERFLOW;
	return SK_OK;
}

sk_status
sk_ts_draw_probability(const sk_ts_params *p, const sk_ts_match *m, double *prob_out)
{
	double		diff,
				c,
				eps;
	int			n_players;
	sk_status	st;

	if (p == NULL || prob_out == NULL)
		return SK_ERR_SIZE;
	if (!isfinite(p->draw_probability))
		return SK_ERR_NOT_FINITE;
	if (p->draw_probability < 0.0 || p->draw_probability >= 1.0)
		return SK_ERR_RANGE;
	st = sk_ts_two_team_difference(p->beta, m, &diff, &c, &n_players);
	if (st != SK_OK)
		return st;
	eps = sk_norm_ppf((p->draw_probability + 1.0) / 2.0) * sqrt((double) n_players) * p->beta;
	*prob_out = sk_norm_cdf((eps - diff) / c) - sk_norm_cdf((-eps - diff) / c);
	if (!isfinite(*prob_out))
		return SK_ERR_OVERFLOW;
	return SK_OK;
}

double
sk_ts_expose(double mu, double sigma, double mu0, double sigma0)
{
	return mu - (mu0 / sigma0) * sigma;
}
