/*
 * ttt_internal.h - what the two files of the TrueSkill Through Time core
 * share (ttt.c: batches and sweeps; ttt_event.c: one event): the state,
 * its records, and Gaussians in natural parameters (pi = 1/var,
 * tau = mu/var: products and quotients are sums and differences, the
 * uniform message is (0, 0)) or in moments (mu, var; var = +inf for
 * uniform), in which sums of variables are taken.  Not for callers.
 */
#ifndef SKILL_CORE_TTT_INTERNAL_H
#define SKILL_CORE_TTT_INTERNAL_H

#include <math.h>

#include "ttt.h"

typedef struct nat
{
	double		pi;
	double		tau;
} nat;

typedef struct mom
{
	double		mu;
	double		var;
} mom;

static const nat UNIFORM = {0.0, 0.0};
static const mom UNIFORM_MOM = {0.0, INFINITY};

typedef struct ttt_slot
{
	int			player;
	double		elapsed;
	nat			forward;
	nat			backward;
	nat			lik;			/* product of this batch's events' messages */
} ttt_slot;

typedef struct ttt_item
{
	int			slot;
	nat			lik;			/* this event's message to the skill */
} ttt_item;

typedef struct ttt_agent
{
	nat			message;
	double		last_time;
	int			has_message;
	int			seen;
	int			mark;			/* last slot, or last event in checks */
} ttt_agent;

/* One team of the event being solved, in finishing order. */
typedef struct ttt_team
{
	mom			perf;
	mom			win;			/* from the difference with the team below */
	mom			lose;			/* from the difference with the team above */
	int			index;			/* the team's position in the event */
} ttt_team;

typedef struct ttt_diff
{
	mom			prior;
	nat			lik;
	double		margin;
	int			tie;
} ttt_diff;

struct sk_ttt_state
{
	sk_ttt_history h;
	sk_ttt_params p;
	int			n_events;
	int			n_slots;
	int			forwarded;		/* batches the first pass has rated */
	long		events_solved;	/* every event solve, for cost counts */
	double		margin_z;		/* margin per unit of performance sd */
	int		   *batch_slot;		/* n_batches + 1 */
	ttt_slot   *slots;
	ttt_item   *items;
	ttt_agent  *agents;
	double	   *log_evidence;	/* n_events */
	double	   *prediction;		/* 2 per event */
	/* scratch for one event or one batch */
	ttt_team   *teams;
	ttt_diff   *diffs;
	mom		   *team_perf;		/* by event position */
	nat		   *team_lik;		/* by finishing position */
	int		   *position;		/* each team's finishing position */
	mom		   *item_prior;
	double	   *old;			/* 2 per slot of a batch */
	/* ttt_local.c, after sk_ttt_local_prepare: each slot's neighbours */
	int		   *slot_prev;		/* the player's previous slot, or -1 */
	int		   *slot_next;		/* the player's next slot, or -1 */
	int		   *slot_batch;
	unsigned char *batch_dirty;
	int			dirty_lo;		/* the dirty batches lie in [lo, hi] */
	int			dirty_hi;
};

static inline mom
to_mom(nat n)
{
	mom			m;

	if (n.pi > 0.0)
	{
		m.mu = n.tau / n.pi;
		m.var = 1.0 / n.pi;
	}
	else
		m = UNIFORM_MOM;
	return m;
}

static inline nat
to_nat(mom m)
{
	nat			n;

	if (m.var < INFINITY)
	{
		n.pi = 1.0 / m.var;
		n.tau = m.mu * n.pi;
	}
	else
		n = UNIFORM;
	return n;
}

static inline nat
nat_mul(nat a, nat b)
{
	nat			r = {a.pi + b.pi, a.tau + b.tau};

	return r;
}

static inline nat
nat_div(nat a, nat b)
{
	nat			r = {a.pi - b.pi, a.tau - b.tau};

	return r;
}

static inline mom
mom_add(mom a, mom b)
{
	mom			r = {a.mu + b.mu, a.var + b.var};

	return r;
}

static inline mom
mom_sub(mom a, mom b)
{
	mom			r = {a.mu - b.mu, a.var + b.var};

	return r;
}

/* The product of two beliefs in moments, through natural parameters. */
static inline mom
mom_mul(mom a, mom b)
{
	return to_mom(nat_mul(to_nat(a), to_nat(b)));
}

/* The belief after elapsed units of drift. */
static inline nat
forget(nat n, double gamma, double elapsed)
{
	mom			m = to_mom(n);

	m.var += elapsed * gamma * gamma;
	return to_nat(m);
}

/* The reference's step: python's max, so a NaN (inf - inf) never wins. */
static inline void
step_max(double step[2], double dmu, double dsigma)
{
	if (dmu > step[0])
		step[0] = dmu;
	if (dsigma > step[1])
		step[1] = dsigma;
}

static inline void
step_mom(double step[2], mom a, mom b)
{
	step_max(step, fabs(a.mu - b.mu), fabs(sqrt(a.var) - sqrt(b.var)));
}

/* ttt_event.c: the chance of a difference's observed result (win or tie). */
double		ttt_result_chance(const sk_ttt_params *p, mom d, double margin, int tie);

/* ttt_event.c: solves event from its items' priors in the batch; updates them. */
void		ttt_event_solve(sk_ttt_state *s, int event);

#endif
