/*
 * test_ttt_local.c - incremental smoothing of TrueSkill Through Time
 * (ttt_local.c) against a full recompute (sk_ttt_forward and
 * sk_ttt_converge over the whole final history, from scratch): a history
 * grown in 20 rounds of new matches, some dated in the past (joining an
 * old batch or making a new one between two), each round warm-started
 * from the match messages the previous round stored.
 */
#include <stdlib.h>
#include <string.h>

#include "blocks.h"
#include "ttt.h"
#include "ttt_duels.h"
#include "unit.h"

/*
 * The world: 400 players, each playing for 120 days, their start dates
 * evenly spread; 1,600 matches over 1,500 days, then 20 rounds of 15.
 */
#define PLAYERS		400
#define DAYS		1500.0
#define FIRST		1600
#define MAX_EVENTS	2000
/* The recompute taken for the fixed point (its own error about 1e-8) */
#define FIXED_POINT 1e-10

/* The matches (ttt_duels.h), each's id its index. */
static duel duels[MAX_EVENTS];

/* The stored state: each match's message to its winner and its loser. */
static double stored[MAX_EVENTS][2][2];

/* A history of the first n matches, in batches by time, ties by id. */
typedef struct built
{
	double		prior_mu[PLAYERS];
	double		prior_sigma[PLAYERS];
	double		time[MAX_EVENTS];
	int			batch_event[MAX_EVENTS + 1];
	int			event_team[MAX_EVENTS + 1];
	double		rank[2 * MAX_EVENTS];
	int			team_item[2 * MAX_EVENTS + 1];
	int			player[2 * MAX_EVENTS];
	int			id[MAX_EVENTS];	/* the match of each event */
	sk_ttt_history h;
} built;

static built hist;

static int
by_time_then_id(const void *a, const void *b)
{
	int			x = *(const int *) a;
	int			y = *(const int *) b;

	if (duels[x].time != duels[y].time)
		return duels[x].time < duels[y].time ? -1 : 1;
	return x - y;
}

static void
build(built *d, int n)
{
	duel_arrays a = {d->prior_mu, d->prior_sigma, d->time, d->batch_event,
	d->event_team, d->rank, d->team_item, d->player};
	int			e;

	for (e = 0; e < n; e++)
		d->id[e] = e;
	qsort(d->id, (size_t) n, sizeof(int), by_time_then_id);
	duel_history_fill(&d->h, &a, PLAYERS, duels, d->id, n);
}

static unsigned long rng = 12345;

static double
uniform01(void)
{
	rng = rng * 6364136223846793005UL + 1442695040888963407UL;
	return (double) ((rng >> 11) & ((1UL << 53) - 1)) / (double) (1UL << 53);
}

/* Players come and go: player i plays in [i * SPACING - CAREER, i * SPACING). */
#define CAREER		120.0
#define SPACING		((DAYS + 60.0 + CAREER) / PLAYERS)

/* Each player's true skill: spread like the prior, drifting slowly. */
static double
true_skill(int player, double time)
{
	return 3.0 * sin(12.9898 * player) + sin(0.02 * time + player);
}

/* A match at time between two players then active, won as the model says. */
static void
new_duel(int id, double time)
{
	int			lo = (int) (time / SPACING) + 1;
	int			hi = (int) ((time + CAREER) / SPACING);
	int			a,
				b;
	double		d;

	if (hi > PLAYERS - 1)
		hi = PLAYERS - 1;
	a = lo + (int) (uniform01() * (hi - lo + 1));
	b = lo + (int) (uniform01() * (hi - lo));
	if (b >= a)
		b++;
	/* performances of spread beta 1: a wins with chance Phi(d / sqrt 2) */
	d = true_skill(a, time) - true_skill(b, time);
	if (uniform01() < 0.5 * erfc(-d / 2.0))
	{
		duels[id].winner = a;
		duels[id].loser = b;
	}
	else
	{
		duels[id].winner = b;
		duels[id].loser = a;
	}
	duels[id].time = time;
}

static void
store(const sk_ttt_state *s, const built *d)
{
	int			e,
				k;

	for (e = 0; e < d->batch_event[d->h.n_batches]; e++)
		for (k = 0; k < 2; k++)
			sk_ttt_item_message(s, 2 * e + k, &stored[d->id[e]][k][0], &stored[d->id[e]][k][1]);
}

static sk_ttt_params
params(void)
{
	sk_ttt_params p;

	sk_ttt_default_params(&p);
	p.epsilon = 1e-6;
	p.iterations = 1000;
	return p;
}

/* The full recompute: first pass and sweeps from scratch; returns sweeps. */
static sk_ttt_state *
recompute(const built *d, double epsilon, int *sweeps)
{
	sk_ttt_params p = params();
	sk_ttt_state *s;
	double		step[2];

	p.epsilon = epsilon;
	p.iterations = 100000;
	CHECK(sk_ttt_prepare(&d->h, &p, test_alloc, NULL, &s) == SK_OK);
	sk_ttt_forward(s);
	*sweeps = sk_ttt_converge(s, step);
	return s;
}

/* One round: the first n_old matches stored, the rest new; incremental. */
static sk_ttt_state *
increment(const built *d, int n_old, double tolerance, sk_ttt_local_counts *c)
{
	sk_ttt_params p = params();
	sk_ttt_state *s;
	int			e,
				k;

	CHECK(sk_ttt_prepare(&d->h, &p, test_alloc, NULL, &s) == SK_OK);
	CHECK(sk_ttt_local_prepare(s, test_alloc, NULL) == SK_OK);
	for (e = 0; e < d->batch_event[d->h.n_batches]; e++)
		if (d->id[e] < n_old)
			for (k = 0; k < 2; k++)
				sk_ttt_set_item_message(s, 2 * e + k, stored[d->id[e]][k][0],
										stored[d->id[e]][k][1]);
	CHECK(sk_ttt_local_start(s) == SK_OK);
	for (e = 0; e < d->batch_event[d->h.n_batches]; e++)
		if (d->id[e] >= n_old)
			sk_ttt_local_mark_event(s, e);
	CHECK(sk_ttt_local_smooth(s, tolerance, c) == 1);
	CHECK(sk_ttt_events_solved(s) == c->events);
	return s;
}

/* The largest differences of every slot's posterior between two states. */
static void
compare(const sk_ttt_state *a, const sk_ttt_state *b, double *dmu, double *dsigma)
{
	int			k;

	*dmu = *dsigma = 0.0;
	CHECK(sk_ttt_slots(a) == sk_ttt_slots(b));
	for (k = 0; k < sk_ttt_slots(a); k++)
	{
		double		m1,
					s1,
					m2,
					s2;

		sk_ttt_slot_posterior(a, k, &m1, &s1);
		sk_ttt_slot_posterior(b, k, &m2, &s2);
		CHECK(isfinite(m1) && isfinite(s1) && s1 > 0.0);
		*dmu = fmax(*dmu, fabs(m1 - m2));
		*dsigma = fmax(*dsigma, fabs(s1 - s2));
	}
}

/* What 20 rounds cost, incrementally and as recomputes at epsilon 1e-6. */
typedef struct round_counts
{
	long		batches;		/* solved by the incremental steps */
	long		distinct;		/* of which distinct, summed over rounds */
	long		events;
	long		history_batches;	/* the histories' batches, summed */
	long		full_batches;	/* solved by recomputes (first pass + sweeps) */
	long		full_events;
	double		dmu;			/* the final differences from the fixed point */
	double		dsigma;
} round_counts;

/*
 * FIRST matches smoothed to the fixed point; then 20 rounds of 10 matches
 * on the next 3 days, late_join on past days (joining their batches) and
 * late_new between two past days (new batches in the past), each round
 * incremental from the messages the last one stored.
 */
static void
run_rounds(double tolerance, int late_join, int late_new, round_counts *r)
{
	sk_ttt_state *s;
	int			n = FIRST,
				round,
				e,
				sweeps;
	double		today = DAYS;

	memset(r, 0, sizeof(*r));
	rng = 12345;
	for (e = 0; e < n; e++)
		new_duel(e, 1.0 + (double) (int) (uniform01() * today));
	build(&hist, n);
	s = recompute(&hist, FIXED_POINT, &sweeps);
	store(s, &hist);
	free_blocks();
	for (round = 0; round < 20; round++)
	{
		sk_ttt_local_counts c;
		int			n_old = n;

		for (e = 0; e < 10; e++)
			new_duel(n++, today + 1.0 + (double) (int) (uniform01() * 3.0));
		for (e = 0; e < late_join; e++)
			new_duel(n++, hist.time[(int) (uniform01() * hist.h.n_batches)]);
		for (e = 0; e < late_new; e++)
			new_duel(n++, 1.5 + (double) (int) (uniform01() * (today - 1.0)));
		today += 3.0;
		build(&hist, n);
		s = increment(&hist, n_old, tolerance, &c);
		store(s, &hist);
		free_blocks();
		r->batches += c.batches;
		r->distinct += c.distinct_batches;
		r->events += c.events;
		r->history_batches += hist.h.n_batches;
		/* what a recompute of this round's history solves */
		s = recompute(&hist, 1e-6, &sweeps);
		r->full_batches += hist.h.n_batches + (long) sweeps * (2 * hist.h.n_batches - 2);
		r->full_events += sk_ttt_events_solved(s);
		free_blocks();
	}
	{
		sk_ttt_local_counts c;
		sk_ttt_state *full;

		s = increment(&hist, n, tolerance, &c);
		full = recompute(&hist, FIXED_POINT, &sweeps);
		compare(s, full, &r->dmu, &r->dsigma);
		free_blocks();
	}
	printf("ttt_local: tolerance %g, %d late a round: %d matches, %d batches; "
		   "max |dmu| %.2g, max |dsigma| %.2g; the 20 steps solved %ld batches "
		   "(%ld distinct of %ld) and %ld matches, recomputes at epsilon 1e-6 "
		   "%ld batches and %ld matches\n",
		   tolerance, late_join + late_new, n, hist.h.n_batches, r->dmu, r->dsigma,
		   r->batches, r->distinct, r->history_batches, r->events,
		   r->full_batches, r->full_events);
}

/* With late matches: equal to the fixed point within 1e-4 in mu. */
static void
test_late_matches(void)
{
	round_counts r;

	run_rounds(1e-6, 3, 2, &r);
	CHECK(r.dmu <= 1e-4);
	CHECK(r.dsigma <= 1e-5);
	CHECK(r.batches < r.full_batches);
	CHECK(r.events < r.full_events);
}

/* Appends at the end only: part of the history is never solved again. */
static void
test_appends(void)
{
	round_counts r;

	run_rounds(1e-6, 0, 0, &r);
	CHECK(r.dmu <= 1e-4);
	CHECK(r.dsigma <= 1e-5);
	CHECK(r.distinct < r.history_batches);
	CHECK(r.batches * 2 < r.full_batches);
	run_rounds(1e-5, 0, 0, &r);
	CHECK(r.dmu <= 1e-3);
	CHECK(r.distinct * 3 < r.history_batches * 2);
	CHECK(r.batches * 4 < r.full_batches);
}

/* Marking nothing solves nothing and leaves the stored smoothing as it was. */
static void
test_nothing_new(void)
{
	sk_ttt_state *s,
			   *full;
	sk_ttt_local_counts c;
	int			sweeps;
	double		dmu,
				dsigma;

	rng = 7;
	for (int e = 0; e < 50; e++)
		new_duel(e, 1.0 + (double) (e / 5));
	build(&hist, 50);
	full = recompute(&hist, FIXED_POINT, &sweeps);
	store(full, &hist);
	s = increment(&hist, 50, 1e-6, &c);
	CHECK(c.events == 0 && c.batches == 0);
	compare(s, full, &dmu, &dsigma);
	CHECK(dmu < 1e-5 && dsigma < 1e-5);
	free_blocks();
}

/*
 * A window's boundary: a slot's posterior is its past times what its
 * player's next slot sends back, drifted; sk_ttt_before_posterior, given
 * the previous slot's past and the drift, is that posterior, to rounding
 * (the messages refreshed from the stored ones, so all consistent).
 */
static void
test_boundary_posterior(void)
{
	sk_ttt_state *s,
			   *full;
	sk_ttt_local_counts c;
	int			sweeps,
				checked = 0;
	int			last[PLAYERS];
	int			b,
				k;

	rng = 11;
	for (int e = 0; e < 120; e++)
		new_duel(e, 1.0 + (double) (e / 4));
	build(&hist, 120);
	full = recompute(&hist, FIXED_POINT, &sweeps);
	store(full, &hist);
	s = increment(&hist, 120, 1e-6, &c);
	for (k = 0; k < PLAYERS; k++)
		last[k] = -1;
	for (b = 0; b < hist.h.n_batches; b++)
		for (k = sk_ttt_batch_first_slot(s, b); k < sk_ttt_batch_first_slot(s, b + 1); k++)
		{
			int			player = sk_ttt_slot_player(s, k);
			int			prev = last[player];

			if (prev >= 0)
			{
				int			pb = 0;
				double		past_mu,
							past_sigma,
							mu,
							sigma,
							want_mu,
							want_sigma;

				while (sk_ttt_batch_first_slot(s, pb + 1) <= prev)
					pb++;
				sk_ttt_slot_past(s, prev, &past_mu, &past_sigma);
				sk_ttt_before_posterior(s, k, hist.h.batch_time[b] - hist.h.batch_time[pb],
										past_mu, past_sigma, &mu, &sigma);
				sk_ttt_slot_posterior(s, prev, &want_mu, &want_sigma);
				CHECK(fabs(mu - want_mu) <= 1e-12 * (1.0 + fabs(want_mu)));
				CHECK(fabs(sigma - want_sigma) <= 1e-12 * want_sigma);
				checked++;
			}
			last[player] = k;
		}
	CHECK(checked > 100);
	free_blocks();
}

/* A stored message that is not a Gaussian is refused. */
static void
test_bad_message(void)
{
	sk_ttt_params p = params();
	sk_ttt_state *s;

	rng = 9;
	new_duel(0, 1.0);
	new_duel(1, 2.0);
	build(&hist, 2);
	CHECK(sk_ttt_prepare(&hist.h, &p, test_alloc, NULL, &s) == SK_OK);
	CHECK(sk_ttt_local_prepare(s, test_alloc, NULL) == SK_OK);
	sk_ttt_set_item_message(s, 1, -1.0, 0.0);
	CHECK(sk_ttt_local_start(s) == SK_ERR_RANGE);
	sk_ttt_set_item_message(s, 1, NAN, 0.0);
	CHECK(sk_ttt_local_start(s) == SK_ERR_NOT_FINITE);
	free_blocks();
}

int
main(void)
{
	test_nothing_new();
	test_bad_message();
	test_boundary_posterior();
	test_late_matches();
	test_appends();
	UNIT_DONE("ttt_local");
}
