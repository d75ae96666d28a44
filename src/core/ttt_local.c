/*
 * ttt_local.c - incremental smoothing of TrueSkill Through Time (ttt.h):
 * a warm start from stored match messages, then re-solving only the
 * batches a change reaches.
 *
 * Why it lands on the sweeps' fixed point: at the fixed point of
 * sk_ttt_converge every slot's forward message is its player's previous
 * slot's forward times match message, drifted; its backward message the
 * next slot's backward times match message, drifted; and every event's
 * messages are the event solved from those.  Here each solved batch takes
 * its slots' forward and backward messages from the neighbours' current
 * ones, so a batch left alone is one whose inputs moved by at most the
 * tolerance since it was last solved.
 */
#include <math.h>

#include "ttt_internal.h"

/* batch_dirty's bits */
#define DIRTY		1			/* to be solved */
#define SOLVED		2			/* solved in this sk_ttt_local_smooth */

sk_status
sk_ttt_local_prepare(sk_ttt_state *s, sk_ttt_alloc alloc, void *context)
{
	size_t		n = (size_t) (s->n_slots > 0 ? s->n_slots : 1);

	s->slot_prev = alloc(context, sizeof(int) * n);
	s->slot_next = alloc(context, sizeof(int) * n);
	s->slot_batch = alloc(context, sizeof(int) * n);
	s->batch_dirty = alloc(context, (size_t) (s->h.n_batches > 0 ? s->h.n_batches : 1));
	if (!s->slot_prev || !s->slot_next || !s->slot_batch || !s->batch_dirty)
		return SK_ERR_NO_MEMORY;
	return SK_OK;
}

void
sk_ttt_item_message(const sk_ttt_state *s, int item, double *pi, double *tau)
{
	*pi = s->items[item].lik.pi;
	*tau = s->items[item].lik.tau;
}

void
sk_ttt_set_item_message(sk_ttt_state *s, int item, double pi, double tau)
{
	s->items[item].lik.pi = pi;
	s->items[item].lik.tau = tau;
}

static nat
prior_of(const sk_ttt_state *s, int player)
{
	mom			m;

	m.mu = s->h.prior_mu[player];
	m.var = s->h.prior_sigma[player] * s->h.prior_sigma[player];
	return to_nat(m);
}

/* The slot's forward message from its previous slot (or the prior). */
static nat
forward_in(const sk_ttt_state *s, int k)
{
	const ttt_slot *sl = &s->slots[k];
	int			prev = s->slot_prev[k];

	if (prev < 0)
		return prior_of(s, sl->player);
	return forget(nat_mul(s->slots[prev].forward, s->slots[prev].lik),
				  s->p.gamma, sl->elapsed);
}

/* The slot's backward message from its next slot (uniform at the end). */
static nat
backward_in(const sk_ttt_state *s, int k)
{
	int			next = s->slot_next[k];

	if (next < 0)
		return UNIFORM;
	return forget(nat_mul(s->slots[next].lik, s->slots[next].backward),
				  s->p.gamma, s->slots[next].elapsed);
}

/* Every timeline's messages from the match messages: O(slots), no event. */
static void
refresh_messages(sk_ttt_state *s)
{
	int			k;

	for (k = 0; k < s->n_slots; k++)
		s->slots[k].forward = forward_in(s, k);
	for (k = s->n_slots - 1; k >= 0; k--)
		s->slots[k].backward = backward_in(s, k);
}

sk_status
sk_ttt_local_start(sk_ttt_state *s)
{
	const sk_ttt_history *h = &s->h;
	int			n_items = h->team_item[h->event_team[s->n_events]];
	int			b,
				k,
				i;

	for (i = 0; i < n_items; i++)
	{
		nat			m = s->items[i].lik;

		if (!isfinite(m.pi) || !isfinite(m.tau))
			return SK_ERR_NOT_FINITE;
		if (m.pi < 0.0)
			return SK_ERR_RANGE;
	}
	for (k = 0; k < h->n_players; k++)
		s->agents[k].mark = -1;
	for (b = 0; b < h->n_batches; b++)
	{
		s->batch_dirty[b] = 0;
		for (k = s->batch_slot[b]; k < s->batch_slot[b + 1]; k++)
		{
			ttt_slot   *sl = &s->slots[k];
			int			prev = s->agents[sl->player].mark;

			s->slot_batch[k] = b;
			s->slot_prev[k] = prev;
			s->slot_next[k] = -1;
			if (prev < 0)
				sl->elapsed = 0.0;
			else
			{
				s->slot_next[prev] = k;
				sl->elapsed = s->p.elapsed == SK_TTT_ELAPSED_BATCH ? 1.0 :
					h->batch_time[b] - h->batch_time[s->slot_batch[prev]];
			}
			s->agents[sl->player].mark = k;
			sl->lik = UNIFORM;
		}
	}
	for (i = 0; i < n_items; i++)
	{
		ttt_slot   *sl = &s->slots[s->items[i].slot];

		sl->lik = nat_mul(sl->lik, s->items[i].lik);
	}
	refresh_messages(s);
	s->dirty_lo = h->n_batches;
	s->dirty_hi = -1;
	s->forwarded = h->n_batches;
	return SK_OK;
}

static void
mark_batch(sk_ttt_state *s, int b)
{
	s->batch_dirty[b] |= DIRTY;
	if (b < s->dirty_lo)
		s->dirty_lo = b;
	if (b > s->dirty_hi)
		s->dirty_hi = b;
}

void
sk_ttt_local_mark_event(sk_ttt_state *s, int event)
{
	int			lo = 0,
				hi = s->h.n_batches - 1;

	/* the batch holding the event: batch_event is increasing */
	while (lo < hi)
	{
		int			mid = (lo + hi + 1) / 2;

		if (s->h.batch_event[mid] <= event)
			lo = mid;
		else
			hi = mid - 1;
	}
	mark_batch(s, lo);
}

/* Solves batch b from its neighbours; marks where its moves must go. */
static double
solve_batch(sk_ttt_state *s, int b, double tolerance, sk_ttt_local_counts *c)
{
	int			first = s->batch_slot[b];
	int			several = s->h.batch_event[b + 1] - s->h.batch_event[b] > 1;
	double		worst = 0.0;
	int			k,
				e;

	for (k = first; k < s->batch_slot[b + 1]; k++)
	{
		ttt_slot   *sl = &s->slots[k];
		double	   *o = &s->old[2 * (k - first)];
		mom			m = to_mom(nat_mul(nat_mul(sl->forward, sl->backward), sl->lik));

		o[0] = m.mu;
		o[1] = sqrt(m.var);
		sl->forward = forward_in(s, k);
		sl->backward = backward_in(s, k);
	}
	for (e = s->h.batch_event[b]; e < s->h.batch_event[b + 1]; e++)
	{
		sk_check_interrupts_every((unsigned long) c->events);
		ttt_event_solve(s, e);
		c->events++;
	}
	c->batches++;
	if (!(s->batch_dirty[b] & SOLVED))
		c->distinct_batches++;
	s->batch_dirty[b] |= SOLVED;
	for (k = first; k < s->batch_slot[b + 1]; k++)
	{
		const ttt_slot *sl = &s->slots[k];
		const double *o = &s->old[2 * (k - first)];
		mom			m = to_mom(nat_mul(nat_mul(sl->forward, sl->backward), sl->lik));
		double		change = fmax(fabs(m.mu - o[0]), fabs(sqrt(m.var) - o[1]));

		if (change > tolerance)
		{
			if (s->slot_prev[k] >= 0)
				mark_batch(s, s->slot_batch[s->slot_prev[k]]);
			if (s->slot_next[k] >= 0)
				mark_batch(s, s->slot_batch[s->slot_next[k]]);
			/* its own events are solved in turn: again until they agree */
			if (several)
				mark_batch(s, b);
		}
		worst = fmax(worst, change);
	}
	return worst;
}

/* One pass over the dirty batches, backward (dir -1) or forward (+1). */
static double
local_pass(sk_ttt_state *s, int dir, double tolerance, sk_ttt_local_counts *c)
{
	double		worst = 0.0;
	int			b = dir < 0 ? s->dirty_hi : s->dirty_lo;

	/* batches marked ahead of b join this pass; those behind, the next */
	while (dir < 0 ? b >= s->dirty_lo : b <= s->dirty_hi)
	{
		if (s->batch_dirty[b] & DIRTY)
		{
			s->batch_dirty[b] &= ~DIRTY;
			worst = fmax(worst, solve_batch(s, b, tolerance, c));
		}
		b += dir;
	}
	c->passes++;
	return worst;
}

/* Narrows [dirty_lo, dirty_hi] to the dirty batches; 0 when none is. */
static int
any_dirty(sk_ttt_state *s)
{
	while (s->dirty_lo <= s->dirty_hi && !(s->batch_dirty[s->dirty_lo] & DIRTY))
		s->dirty_lo++;
	while (s->dirty_hi >= s->dirty_lo && !(s->batch_dirty[s->dirty_hi] & DIRTY))
		s->dirty_hi--;
	if (s->dirty_lo > s->dirty_hi)
	{
		s->dirty_lo = s->h.n_batches;
		s->dirty_hi = -1;
		return 0;
	}
	return 1;
}

int
sk_ttt_local_smooth(sk_ttt_state *s, double tolerance, sk_ttt_local_counts *c)
{
	int			round,
				b;

	for (b = 0; b < s->h.n_batches; b++)
		s->batch_dirty[b] &= DIRTY;
	c->passes = c->batches = c->distinct_batches = c->events = 0;
	c->last_change = 0.0;
	for (round = 0; round < s->p.iterations && any_dirty(s); round++)
	{
		c->last_change = local_pass(s, -1, tolerance, c);
		if (any_dirty(s))
			c->last_change = fmax(c->last_change, local_pass(s, 1, tolerance, c));
	}
	refresh_messages(s);
	return !any_dirty(s);
}

int
sk_ttt_local_batch_solved(const sk_ttt_state *s, int batch)
{
	return (s->batch_dirty[batch] & SOLVED) != 0;
}

void
sk_ttt_before_posterior(const sk_ttt_state *s, int first_slot, double elapsed,
						double past_mu, double past_sigma, double *mu, double *sigma)
{
	const ttt_slot *sl = &s->slots[first_slot];
	mom			past = {past_mu, past_sigma * past_sigma};
	nat			back = forget(nat_mul(sl->lik, sl->backward), s->p.gamma, elapsed);
	mom			m = to_mom(nat_mul(to_nat(past), back));

	*mu = m.mu;
	*sigma = sqrt(m.var);
}
