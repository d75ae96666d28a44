/*
 * ttt_event.c - one event of TrueSkill Through Time: its teams' chain of
 * differences solved by expectation propagation (at most 10 rounds, to a
 * change of 1e-6, as the reference), the truncated Gaussians with the
 * exact erfc (TrueSkill's tail-stable v and w) or the reference's
 * approximation, the evidence, and the messages back to the players.
 */
#include <math.h>

#include "normal.h"
#include "trueskill.h"
#include "ttt_internal.h"

/* The reference's expectation propagation within one event. */
#define EVENT_ROUNDS	10
#define EVENT_EPSILON	1e-6

/* ---- the normal distribution, exact or as the reference computes it ---- */

double
sk_ttt_erfc_reference(double x)
{
	double		z = fabs(x);
	double		t = 1.0 / (1.0 + z / 2.0);
	double		a = -0.82215223 + t * 0.17087277;
	double		b = 1.48851587 + t * a;
	double		c = -1.13520398 + t * b;
	double		d = 0.27886807 + t * c;
	double		e = -0.18628806 + t * d;
	double		f = 0.09678418 + t * e;
	double		g = 0.37409196 + t * f;
	double		h = 1.00002368 + t * g;
	double		r = t * exp(-z * z - 1.26551223 + t * h);

	return x < 0.0 ? 2.0 - r : r;
}

/* The reference's erfcinv: a first guess and three Newton steps. */
static double
erfcinv_reference(double y)
{
	double		t,
				x;
	int			i;

	if (y >= 2.0)
		return -INFINITY;
	if (y <= 0.0)
		return INFINITY;
	if (!(y < 1.0))
		y = 2.0 - y;
	t = sqrt(-2.0 * log(y / 2.0));
	x = -0.70711 * ((2.30753 + t * 0.27061) / (1.0 + t * (0.99229 + t * 0.04481)) - t);
	for (i = 0; i < 3; i++)
	{
		double		err = sk_ttt_erfc_reference(x) - y;

		x += err / (1.12837916709551257 * exp(-(x * x)) - x * err);
	}
	return y < 1.0 ? x : -x;
}

/* P(X <= x) for X ~ N(mu, var). */
static double
cdf(const sk_ttt_params *p, double x, mom d)
{
	double		z = -(x - d.mu) / (sqrt(d.var) * SK_SQRT2);

	if (p->erfc == SK_TTT_ERFC_REFERENCE)
		return 0.5 * sk_ttt_erfc_reference(z);
	return 0.5 * erfc(z);
}

double
ttt_result_chance(const sk_ttt_params *p, mom d, double margin, int tie)
{
	if (tie)
		return cdf(p, margin, d) - cdf(p, -margin, d);
	if (p->erfc == SK_TTT_ERFC_REFERENCE)
		return 1.0 - cdf(p, margin, d);
	/* 1 - cdf without the cancellation */
	return 0.5 * erfc((margin - d.mu) / (sqrt(d.var) * SK_SQRT2));
}

/* log Phi(x), finite for every finite x (an asymptotic series far below). */
static double
log_norm_cdf(double x)
{
	double		r;

	if (x > -30.0)
		return log(0.5 * erfc(-x / SK_SQRT2));
	r = 1.0 / (x * x);
	return -0.5 * x * x - log(-x) - log(SK_SQRT2PI) +
		log1p(-r * (1.0 - 3.0 * r * (1.0 - 5.0 * r)));
}

/* log(Phi(b) - Phi(a)) for a < b, without cancellation in either tail. */
static double
log_norm_interval(double a, double b)
{
	if (b < 0.0)
		return log_norm_cdf(b) + log1p(-exp(log_norm_cdf(a) - log_norm_cdf(b)));
	if (a > 0.0)
		return log_norm_cdf(-a) + log1p(-exp(log_norm_cdf(-b) - log_norm_cdf(-a)));
	return log(0.5 * (erfc(-b / SK_SQRT2) - erfc(-a / SK_SQRT2)));
}

/*
 * The logarithm of result_chance: the reference's own arithmetic while it
 * gives a positive chance, else (and with the exact erfc) tail-stable, so
 * that a very surprising result costs a large but finite log-evidence.
 */
static double
log_result_chance(const sk_ttt_params *p, mom d, double margin, int tie)
{
	double		sigma = sqrt(d.var);

	if (p->erfc == SK_TTT_ERFC_REFERENCE)
	{
		double		c = ttt_result_chance(p, d, margin, tie);

		if (c > 0.0)
			return log(c);
	}
	if (tie)
		return log_norm_interval((-margin - d.mu) / sigma, (margin - d.mu) / sigma);
	return log_norm_cdf((d.mu - margin) / sigma);
}

double
sk_ttt_margin(const sk_ttt_params *p, int n_players)
{
	double		sd = sqrt(n_players * p->beta * p->beta);

	if (p->p_draw == 0.0)
		return 0.0;
	if (p->erfc == SK_TTT_ERFC_REFERENCE)
		return fabs(-sd * SK_SQRT2 * erfcinv_reference(2.0 * (0.5 - p->p_draw / 2.0)));
	return sd * sk_norm_ppf(0.5 + p->p_draw / 2.0);
}

/* The reference's v and w, with its erfc; 0 where they break down. */
static int
vw_reference(double t, double e, int tie, double *v, double *w)
{
	if (!tie)
	{
		double		x = t - e;
		double		c = 0.5 * sk_ttt_erfc_reference(-x / SK_SQRT2);

		*v = sk_norm_pdf(x) / c;
		*w = *v * (*v + x);
	}
	else
	{
		double		a = -e - t;
		double		b = e - t;
		double		pa = sk_norm_pdf(a);
		double		pb = sk_norm_pdf(b);
		double		z = 0.5 * sk_ttt_erfc_reference(-b / SK_SQRT2) -
			0.5 * sk_ttt_erfc_reference(-a / SK_SQRT2);
		double		u = (a * pa - b * pb) / z;

		*v = (pa - pb) / z;
		*w = -(u - *v * *v);
	}
	return isfinite(*v) && *w > 0.0 && *w < 1.0;
}

/*
 * The message a difference's truncation sends back to it: the truncated
 * Gaussian's moments divided by the difference's prior.
 */
static nat
truncation(const sk_ttt_params *p, mom d, double margin, int tie)
{
	double		sigma = sqrt(d.var);
	double		t = d.mu / sigma;
	double		e = margin / sigma;
	double		v,
				w;
	mom			tr;

	if (p->erfc != SK_TTT_ERFC_REFERENCE || !vw_reference(t, e, tie, &v, &w))
	{
		if (tie)
			sk_ts_vw_draw(t, e, &v, &w);
		else
			sk_ts_vw_win(t, e, &v, &w);
	}
	if (w <= 0.0)
		return UNIFORM;
	tr.mu = d.mu + sigma * v;
	tr.var = d.var * (1.0 - w);
	return nat_div(to_nat(tr), to_nat(d));
}

/* ---- one event ---- */

/* posterior_win: the team without its own difference's message below it. */
static inline mom
post_win(const ttt_team *t)
{
	return mom_mul(t->perf, t->lose);
}

static inline mom
post_lose(const ttt_team *t)
{
	return mom_mul(t->perf, t->win);
}

/*
 * Sorts the event's teams into finishing order (stable, by rank) in
 * s->teams, with their performances from the items' priors.
 */
static void
event_teams(sk_ttt_state *s, int event)
{
	const sk_ttt_history *h = &s->h;
	int			first = h->event_team[event];
	int			nt = h->event_team[event + 1] - first;
	int			k,
				i;

	for (k = 0; k < nt; k++)
	{
		int			team = first + k;
		mom			perf = {0.0, 0.0};
		ttt_team	tv;
		int			j;

		for (i = h->team_item[team]; i < h->team_item[team + 1]; i++)
		{
			double		w = h->item_weight ? h->item_weight[i] : 1.0;
			mom			m = s->item_prior[i - h->team_item[first]];

			perf.mu += w * m.mu;
			perf.var += w * w * (m.var + s->p.beta * s->p.beta);
		}
		s->team_perf[k] = perf;
		tv.perf = perf;
		tv.win = UNIFORM_MOM;
		tv.lose = UNIFORM_MOM;
		tv.index = k;
		/* insertion: after every team of a lower or equal rank */
		for (j = k; j > 0 && h->team_rank[first + s->teams[j - 1].index] > h->team_rank[team]; j--)
			s->teams[j] = s->teams[j - 1];
		s->teams[j] = tv;
	}
}

/*
 * Expectation propagation over the chain of adjacent differences, as the
 * reference's likelihood_teams; leaves each team's message in s->team_lik
 * (by finishing position) and returns the log of the event's evidence.
 */
static double
event_chain(sk_ttt_state *s, int event, int nt)
{
	const sk_ttt_params *p = &s->p;
	const sk_ttt_history *h = &s->h;
	ttt_team   *t = s->teams;
	ttt_diff   *d = s->diffs;
	int			nd = nt - 1;
	int			first = h->event_team[event];
	double		log_evidence = 0.0;
	double		step[2] = {INFINITY, INFINITY};
	int			round = 0;
	int			e;

	for (e = 0; e < nd; e++)
	{
		int			a = first + t[e].index;
		int			b = first + t[e + 1].index;
		int			n = h->team_item[a + 1] - h->team_item[a] +
			h->team_item[b + 1] - h->team_item[b];

		d[e].prior = mom_sub(t[e].perf, t[e + 1].perf);
		d[e].lik = UNIFORM;
		d[e].tie = h->team_rank[a] == h->team_rank[b];
		d[e].margin = p->p_draw == 0.0 ? 0.0 : s->margin_z * sqrt((double) n);
	}
	while ((step[0] > EVENT_EPSILON || step[1] > EVENT_EPSILON) && round < EVENT_ROUNDS)
	{
		step[0] = step[1] = 0.0;
		for (e = 0; e < nd - 1; e++)
		{
			mom			lose;

			d[e].prior = mom_sub(post_win(&t[e]), post_lose(&t[e + 1]));
			if (round == 0)
				log_evidence += log_result_chance(p, d[e].prior, d[e].margin, d[e].tie);
			d[e].lik = truncation(p, d[e].prior, d[e].margin, d[e].tie);
			lose = mom_sub(post_win(&t[e]), to_mom(d[e].lik));
			step_mom(step, t[e + 1].lose, lose);
			t[e + 1].lose = lose;
		}
		for (e = nd - 1; e > 0; e--)
		{
			mom			win;

			d[e].prior = mom_sub(post_win(&t[e]), post_lose(&t[e + 1]));
			if (round == 0 && e == nd - 1)
				log_evidence += log_result_chance(p, d[e].prior, d[e].margin, d[e].tie);
			d[e].lik = truncation(p, d[e].prior, d[e].margin, d[e].tie);
			win = mom_add(post_lose(&t[e + 1]), to_mom(d[e].lik));
			step_mom(step, t[e].win, win);
			t[e].win = win;
		}
		round++;
	}
	if (nd == 1)
	{
		log_evidence += log_result_chance(p, d[0].prior, d[0].margin, d[0].tie);
		d[0].prior = mom_sub(post_win(&t[0]), post_lose(&t[1]));
		d[0].lik = truncation(p, d[0].prior, d[0].margin, d[0].tie);
	}
	t[0].win = mom_add(post_lose(&t[1]), to_mom(d[0].lik));
	t[nt - 1].lose = mom_sub(post_win(&t[nt - 2]), to_mom(d[nd - 1].lik));
	for (e = 0; e < nt; e++)
		s->team_lik[e] = nat_mul(to_nat(t[e].win), to_nat(t[e].lose));
	return log_evidence;
}

void
ttt_event_solve(sk_ttt_state *s, int event)
{
	const sk_ttt_history *h = &s->h;
	int			first = h->event_team[event];
	int			nt = h->event_team[event + 1] - first;
	int			i0 = h->team_item[first];
	int			i1 = h->team_item[first + nt];
	int			i,
				k;

	for (i = i0; i < i1; i++)
	{
		ttt_item   *it = &s->items[i];
		ttt_slot   *sl = &s->slots[it->slot];
		nat			post = nat_mul(nat_mul(sl->forward, sl->backward), sl->lik);

		s->item_prior[i - i0] = to_mom(nat_div(post, it->lik));
	}
	s->events_solved++;
	event_teams(s, event);
	s->log_evidence[event] = event_chain(s, event, nt);

	/* position in finishing order of each team of the event */
	for (k = 0; k < nt; k++)
		s->position[s->teams[k].index] = k;
	for (k = 0; k < nt; k++)
	{
		int			team = first + k;
		int			at;
		mom			m;
		mom			perf = s->team_perf[k];

		/* the Python package's o[e] read as a position (ttt.h) */
		at = s->p.reference_team_order ? s->teams[k].index : s->position[k];
		m = to_mom(s->team_lik[at]);
		for (i = h->team_item[team]; i < h->team_item[team + 1]; i++)
		{
			double		w = h->item_weight ? h->item_weight[i] : 1.0;
			mom			prior = s->item_prior[i - i0];
			ttt_item   *it = &s->items[i];
			ttt_slot   *sl = &s->slots[it->slot];
			nat			lik = UNIFORM;

			if (w != 0.0 && m.var < INFINITY)
			{
				/* the team's message less the rest of the team, scaled */
				mom			r;

				r.mu = (m.mu - (perf.mu - w * prior.mu)) * (1.0 / w);
				r.var = (m.var + perf.var - w * w * prior.var) / (w * w);
				lik = to_nat(r);
			}
			sl->lik = nat_mul(nat_div(sl->lik, it->lik), lik);
			it->lik = lik;
		}
	}
}
