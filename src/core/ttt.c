/*
 * ttt.c - TrueSkill Through Time: batches, per-player timelines and the
 * forward-backward sweeps (ttt.h); one event is ttt_event.c's.  The order
 * of every operation follows the reference implementation, so that with
 * its erfc the results agree with it to rounding.
 */
#include <math.h>
#include <string.h>

#include "ttt_internal.h"

/* The reference's inner convergence of a history of one batch. */
#define BATCH_ROUNDS	20
#define BATCH_EPSILON	1e-6

/* ---- batches ---- */

static void
batch_events(sk_ttt_state *s, int b)
{
	int			e;

	for (e = s->h.batch_event[b]; e < s->h.batch_event[b + 1]; e++)
	{
		sk_check_interrupts_every((unsigned long) e);
		ttt_event_solve(s, e);
	}
}

static void
slot_posterior(const ttt_slot *sl, double *mu, double *sigma)
{
	mom			m = to_mom(nat_mul(nat_mul(sl->forward, sl->backward), sl->lik));

	*mu = m.mu;
	*sigma = sqrt(m.var);
}

/* Keeps the batch's posteriors in old (2 per slot) for batch_step. */
static void
batch_snapshot(const sk_ttt_state *s, int b, double *old)
{
	int			k;

	for (k = s->batch_slot[b]; k < s->batch_slot[b + 1]; k++)
	{
		double	   *o = &old[2 * (k - s->batch_slot[b])];

		slot_posterior(&s->slots[k], &o[0], &o[1]);
	}
}

/* The largest changes of the batch's posteriors since the snapshot old. */
static void
batch_step(const sk_ttt_state *s, int b, const double *old, double step[2])
{
	int			k;

	for (k = s->batch_slot[b]; k < s->batch_slot[b + 1]; k++)
	{
		const double *o = &old[2 * (k - s->batch_slot[b])];
		double		mu,
					sigma;

		slot_posterior(&s->slots[k], &mu, &sigma);
		step_max(step, fabs(o[0] - mu), fabs(o[1] - sigma));
	}
}

/* The belief a player brings to a batch from its previous one (or prior). */
static nat
receive(const sk_ttt_state *s, const ttt_slot *sl)
{
	const ttt_agent *a = &s->agents[sl->player];

	mom			prior;

	if (a->has_message)
		return forget(a->message, s->p.gamma, sl->elapsed);
	prior.mu = s->h.prior_mu[sl->player];
	prior.var = s->h.prior_sigma[sl->player] * s->h.prior_sigma[sl->player];
	return to_nat(prior);
}

static void
clear_messages(sk_ttt_state *s)
{
	int			a;

	for (a = 0; a < s->h.n_players; a++)
		s->agents[a].has_message = 0;
}

/* Each player of batch b brings its belief there to its next batch. */
static void
forward_messages(sk_ttt_state *s, int b)
{
	int			k;

	for (k = s->batch_slot[b]; k < s->batch_slot[b + 1]; k++)
	{
		ttt_slot   *sl = &s->slots[k];
		ttt_agent  *a = &s->agents[sl->player];

		a->message = nat_mul(sl->forward, sl->lik);
		a->has_message = 1;
	}
}

/* The chances of a two-team event's results from the forward messages. */
static void
event_predict(sk_ttt_state *s, int event)
{
	const sk_ttt_history *h = &s->h;
	int			first = h->event_team[event];
	double	   *out = &s->prediction[2 * event];
	mom			perf[2] = {{0.0, 0.0}, {0.0, 0.0}};
	int			n = 0;
	int			k,
				i;
	double		margin;
	mom			d;

	if (h->event_team[event + 1] - first != 2)
	{
		out[0] = out[1] = NAN;
		return;
	}
	for (k = 0; k < 2; k++)
		for (i = h->team_item[first + k]; i < h->team_item[first + k + 1]; i++)
		{
			double		w = h->item_weight ? h->item_weight[i] : 1.0;
			mom			m = to_mom(s->slots[s->items[i].slot].forward);

			perf[k].mu += w * m.mu;
			perf[k].var += w * w * (m.var + s->p.beta * s->p.beta);
			n++;
		}
	d = mom_sub(perf[0], perf[1]);
	margin = s->p.p_draw == 0.0 ? 0.0 : s->margin_z * sqrt((double) n);
	out[0] = ttt_result_chance(&s->p, d, margin, 0);
	out[1] = s->p.p_draw == 0.0 ? 0.0 : ttt_result_chance(&s->p, d, margin, 1);
}

void
sk_ttt_forward_until(sk_ttt_state *s, int end)
{
	const sk_ttt_history *h = &s->h;
	int			b,
				k,
				i;

	if (s->forwarded == 0)
	{
		for (i = 0; i < h->team_item[h->event_team[s->n_events]]; i++)
			s->items[i].lik = UNIFORM;
		for (k = 0; k < h->n_players; k++)
		{
			s->agents[k].has_message = 0;
			s->agents[k].seen = 0;
		}
	}
	for (b = s->forwarded; b < end && b < h->n_batches; b++)
	{
		double		time = h->batch_time[b];
		int			e;

		for (k = s->batch_slot[b]; k < s->batch_slot[b + 1]; k++)
		{
			ttt_slot   *sl = &s->slots[k];
			ttt_agent  *a = &s->agents[sl->player];

			if (!a->seen)
				sl->elapsed = 0.0;
			else if (s->p.elapsed == SK_TTT_ELAPSED_BATCH)
				sl->elapsed = 1.0;
			else
				sl->elapsed = time - a->last_time;
			sl->forward = receive(s, sl);
			sl->backward = UNIFORM;
			sl->lik = UNIFORM;
		}
		for (e = h->batch_event[b]; e < h->batch_event[b + 1]; e++)
			event_predict(s, e);
		batch_events(s, b);
		forward_messages(s, b);
		for (k = s->batch_slot[b]; k < s->batch_slot[b + 1]; k++)
		{
			ttt_agent  *a = &s->agents[s->slots[k].player];

			a->seen = 1;
			a->last_time = time;
		}
		s->forwarded = b + 1;
	}
}

void
sk_ttt_forward(sk_ttt_state *s)
{
	s->forwarded = 0;
	sk_ttt_forward_until(s, s->h.n_batches);
}

/*
 * One sweep over the first nb batches; leaves every player's message to
 * its next batch as the first pass does, so that the pass can go on.
 */
static void
sweep_prefix(sk_ttt_state *s, int nb, double step[2])
{
	int			j,
				k;

	step[0] = step[1] = 0.0;
	clear_messages(s);
	for (j = nb - 2; j >= 0; j--)
	{
		for (k = s->batch_slot[j + 1]; k < s->batch_slot[j + 2]; k++)
		{
			ttt_slot   *sl = &s->slots[k];
			ttt_agent  *a = &s->agents[sl->player];

			a->message = forget(nat_mul(sl->lik, sl->backward), s->p.gamma, sl->elapsed);
			a->has_message = 1;
		}
		/* the step counts the new messages' effect too */
		batch_snapshot(s, j, s->old);
		for (k = s->batch_slot[j]; k < s->batch_slot[j + 1]; k++)
		{
			ttt_slot   *sl = &s->slots[k];
			ttt_agent  *a = &s->agents[sl->player];

			sl->backward = a->has_message ? a->message : UNIFORM;
		}
		batch_events(s, j);
		batch_step(s, j, s->old, step);
	}
	clear_messages(s);
	for (j = 1; j < nb; j++)
	{
		forward_messages(s, j - 1);
		batch_snapshot(s, j, s->old);
		for (k = s->batch_slot[j]; k < s->batch_slot[j + 1]; k++)
			s->slots[k].forward = receive(s, &s->slots[k]);
		batch_events(s, j);
		batch_step(s, j, s->old, step);
	}
	if (nb == 1)
	{
		/* the reference's Batch.convergence, with its own limits */
		double	   *inner_old = s->old + 2 * s->batch_slot[1];
		double		inner[2] = {INFINITY, INFINITY};
		int			round;

		batch_snapshot(s, 0, s->old);
		for (round = 0; (inner[0] > BATCH_EPSILON || inner[1] > BATCH_EPSILON) &&
			 round < BATCH_ROUNDS; round++)
		{
			batch_snapshot(s, 0, inner_old);
			batch_events(s, 0);
			inner[0] = inner[1] = 0.0;
			batch_step(s, 0, inner_old, inner);
		}
		batch_step(s, 0, s->old, step);
	}
	if (nb > 0)
		forward_messages(s, nb - 1);
}

void
sk_ttt_sweep(sk_ttt_state *s, double step[2])
{
	sweep_prefix(s, s->h.n_batches, step);
}

int
sk_ttt_converge_prefix(sk_ttt_state *s, int nb, double step[2])
{
	int			i = 0;

	if (nb > s->forwarded)
		nb = s->forwarded;
	step[0] = step[1] = nb > 0 ? INFINITY : 0.0;
	while ((step[0] > s->p.epsilon || step[1] > s->p.epsilon) && i < s->p.iterations)
	{
		sweep_prefix(s, nb, step);
		i++;
	}
	if (i == 0)
		step[0] = step[1] = 0.0;
	return i;
}

int
sk_ttt_converge(sk_ttt_state *s, double step[2])
{
	return sk_ttt_converge_prefix(s, s->h.n_batches, step);
}

/* ---- set-up ---- */

void
sk_ttt_default_params(sk_ttt_params *p)
{
	p->beta = 1.0;
	p->gamma = 0.03;
	p->p_draw = 0.0;
	p->epsilon = 1e-6;
	p->iterations = 30;
	p->elapsed = SK_TTT_ELAPSED_TIME;
	p->erfc = SK_TTT_ERFC_EXACT;
	p->reference_team_order = 0;
}

static sk_status
check_params(const sk_ttt_params *p)
{
	if (!isfinite(p->beta) || !isfinite(p->gamma) || !isfinite(p->p_draw) ||
		!isfinite(p->epsilon))
		return SK_ERR_NOT_FINITE;
	if (p->beta <= 0.0 || p->gamma <= 0.0 || p->p_draw < 0.0 || p->p_draw >= 1.0 ||
		p->epsilon <= 0.0 || p->iterations < 1)
		return SK_ERR_RANGE;
	return SK_OK;
}

static sk_status
check_events(const sk_ttt_history *h, const sk_ttt_params *p, ttt_agent *agents,
			 int n_events)
{
	int			e,
				k,
				i;

	for (e = 0; e < n_events; e++)
	{
		int			t0 = h->event_team[e];
		int			t1 = h->event_team[e + 1];

		if (t1 - t0 < 2)
			return SK_ERR_SIZE;
		for (k = t0; k < t1; k++)
		{
			int			j,
						any_weight;

			if (!isfinite(h->team_rank[k]))
				return SK_ERR_NOT_FINITE;
			for (j = t0; j < k; j++)
				if (h->team_rank[j] == h->team_rank[k] && p->p_draw == 0.0)
					return SK_ERR_RANGE;
			if (h->team_item[k + 1] <= h->team_item[k])
				return SK_ERR_SIZE;
			any_weight = h->item_weight == NULL;
			for (i = h->team_item[k]; i < h->team_item[k + 1]; i++)
			{
				int			pl = h->item_player[i];

				if (pl < 0 || pl >= h->n_players)
					return SK_ERR_SIZE;
				if (agents[pl].mark == e)
					return SK_ERR_SIZE;
				agents[pl].mark = e;
				if (h->item_weight)
				{
					if (!isfinite(h->item_weight[i]))
						return SK_ERR_NOT_FINITE;
					if (h->item_weight[i] < 0.0)
						return SK_ERR_RANGE;
					if (h->item_weight[i] > 0.0)
						any_weight = 1;
				}
			}
			/* a team of weights 0 performs exactly 0: no Gaussian */
			if (!any_weight)
				return SK_ERR_RANGE;
		}
	}
	return SK_OK;
}

static sk_status
check_history(const sk_ttt_history *h, ttt_agent *agents)
{
	int			b,
				a;

	if (h->n_players < 0 || h->n_batches < 0 || h->batch_event[0] != 0)
		return SK_ERR_SIZE;
	for (a = 0; a < h->n_players; a++)
	{
		if (!isfinite(h->prior_mu[a]) || !isfinite(h->prior_sigma[a]))
			return SK_ERR_NOT_FINITE;
		if (h->prior_sigma[a] <= 0.0)
			return SK_ERR_RANGE;
		agents[a].mark = -1;
	}
	for (b = 0; b < h->n_batches; b++)
	{
		if (!isfinite(h->batch_time[b]))
			return SK_ERR_NOT_FINITE;
		if (b > 0 && !(h->batch_time[b] > h->batch_time[b - 1]))
			return SK_ERR_RANGE;
		if (h->batch_event[b + 1] <= h->batch_event[b])
			return SK_ERR_SIZE;
	}
	return SK_OK;
}

/*
 * One slot per player per batch, batch by batch: fills batch_slot and, when
 * given, each slot's player and each item's slot; returns the count.
 */
static int
assign_slots(const sk_ttt_history *h, ttt_agent *agents, int *batch_slot,
			 ttt_slot *slots, ttt_item *items, int *max_batch_slots)
{
	int			n = 0;
	int			b,
				a;

	for (a = 0; a < h->n_players; a++)
		agents[a].mark = -1;
	*max_batch_slots = 0;
	for (b = 0; b < h->n_batches; b++)
	{
		int			i0 = h->team_item[h->event_team[h->batch_event[b]]];
		int			i1 = h->team_item[h->event_team[h->batch_event[b + 1]]];
		int			i;

		batch_slot[b] = n;
		for (i = i0; i < i1; i++)
		{
			ttt_agent  *ag = &agents[h->item_player[i]];

			/* mark: the player's latest slot, in this batch or before */
			if (ag->mark < batch_slot[b])
			{
				ag->mark = n;
				if (slots)
					slots[n].player = h->item_player[i];
				n++;
			}
			if (items)
				items[i].slot = ag->mark;
		}
		if (n - batch_slot[b] > *max_batch_slots)
			*max_batch_slots = n - batch_slot[b];
	}
	batch_slot[h->n_batches] = n;
	return n;
}

sk_status
sk_ttt_prepare(const sk_ttt_history *h, const sk_ttt_params *p,
			   sk_ttt_alloc alloc, void *context, sk_ttt_state **out)
{
	sk_ttt_state *s;
	sk_status	st;
	int			n_events,
				n_items,
				max_teams = 2,
				max_items = 1,
				e;

	*out = NULL;
	if ((st = check_params(p)) != SK_OK)
		return st;
	if (h->n_batches < 0 || h->n_players < 0)
		return SK_ERR_SIZE;
	n_events = h->batch_event[h->n_batches];
	n_items = h->team_item[h->event_team[n_events]];
	s = alloc(context, sizeof(sk_ttt_state));
	if (!s)
		return SK_ERR_NO_MEMORY;
	s->h = *h;
	s->p = *p;
	s->n_events = n_events;
	s->agents = alloc(context, sizeof(ttt_agent) * (size_t) (h->n_players > 0 ? h->n_players : 1));
	if (!s->agents)
		return SK_ERR_NO_MEMORY;
	if ((st = check_history(h, s->agents)) != SK_OK ||
		(st = check_events(h, p, s->agents, n_events)) != SK_OK)
		return st;
	for (e = 0; e < n_events; e++)
	{
		int			t0 = h->event_team[e];
		int			t1 = h->event_team[e + 1];
		int			ni = h->team_item[t1] - h->team_item[t0];

		if (t1 - t0 > max_teams)
			max_teams = t1 - t0;
		if (ni > max_items)
			max_items = ni;
	}
	s->batch_slot = alloc(context, sizeof(int) * (size_t) (h->n_batches + 1));
	s->items = alloc(context, sizeof(ttt_item) * (size_t) (n_items > 0 ? n_items : 1));
	s->log_evidence = alloc(context, sizeof(double) * (size_t) (n_events > 0 ? n_events : 1));
	s->prediction = alloc(context, 2 * sizeof(double) * (size_t) (n_events > 0 ? n_events : 1));
	s->teams = alloc(context, sizeof(ttt_team) * (size_t) max_teams);
	s->diffs = alloc(context, sizeof(ttt_diff) * (size_t) max_teams);
	s->team_perf = alloc(context, sizeof(mom) * (size_t) max_teams);
	s->team_lik = alloc(context, sizeof(nat) * (size_t) max_teams);
	s->position = alloc(context, sizeof(int) * (size_t) max_teams);
	s->item_prior = alloc(context, sizeof(mom) * (size_t) max_items);
	if (!s->batch_slot || !s->items || !s->log_evidence || !s->prediction || !s->teams ||
		!s->diffs || !s->team_perf || !s->team_lik || !s->position || !s->item_prior)
		return SK_ERR_NO_MEMORY;
	{
		int			max_slots;
		int			n_slots = assign_slots(h, s->agents, s->batch_slot, NULL, NULL, &max_slots);

		s->n_slots = n_slots;
		s->slots = alloc(context, sizeof(ttt_slot) * (size_t) (n_slots > 0 ? n_slots : 1));
		/* two snapshots: a history of one batch iterates inside a sweep */
		s->old = alloc(context, 4 * sizeof(double) * (size_t) (max_slots > 0 ? max_slots : 1));
		if (!s->slots || !s->old)
			return SK_ERR_NO_MEMORY;
		assign_slots(h, s->agents, s->batch_slot, s->slots, s->items, &max_slots);
	}
	s->margin_z = sk_ttt_margin(p, 1);
	*out = s;
	return SK_OK;
}

/* ---- results ---- */

int
sk_ttt_slots(const sk_ttt_state *s)
{
	return s->n_slots;
}

int
sk_ttt_batch_first_slot(const sk_ttt_state *s, int batch)
{
	return s->batch_slot[batch];
}

int
sk_ttt_slot_player(const sk_ttt_state *s, int slot)
{
	return s->slots[slot].player;
}

void
sk_ttt_slot_posterior(const sk_ttt_state *s, int slot, double *mu, double *sigma)
{
	slot_posterior(&s->slots[slot], mu, sigma);
}

void
sk_ttt_slot_past(const sk_ttt_state *s, int slot, double *mu, double *sigma)
{
	mom			m = to_mom(nat_mul(s->slots[slot].forward, s->slots[slot].lik));

	*mu = m.mu;
	*sigma = sqrt(m.var);
}

int
sk_ttt_item_slot(const sk_ttt_state *s, int item)
{
	return s->items[item].slot;
}

double
sk_ttt_evidence(const sk_ttt_state *s, int event)
{
	return exp(s->log_evidence[event]);
}

long
sk_ttt_events_solved(const sk_ttt_state *s)
{
	return s->events_solved;
}

double
sk_ttt_log_evidence(const sk_ttt_state *s)
{
	double		sum = 0.0;
	int			e;

	for (e = 0; e < s->n_events; e++)
		sum += s->log_evidence[e];
	return sum;
}

void
sk_ttt_prediction(const sk_ttt_state *s, int event, double *p_first, double *p_tie)
{
	*p_first = s->prediction[2 * event];
	*p_tie = s->prediction[2 * event + 1];
}
