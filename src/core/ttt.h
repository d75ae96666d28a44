/*
 * ttt.h - TrueSkill Through Time (Dangauthier, Herbrich, Minka & Graepel
 * 2007), in the formulation of Landfried & Mocskos and their reference
 * implementation (the Python package trueskillthroughtime).
 *
 * A history is a sequence of batches (events sharing one time), each a
 * sequence of events (matches), each of teams, each of items (a player
 * with a partial-play weight).  Every player's skill is a Gaussian at each
 * batch it plays; between two of its batches the skill drifts, its variance
 * growing by gamma^2 per unit of elapsed time.  A team performs the
 * weighted sum of its players' performances (skill plus N(0, beta^2)); the
 * teams' order (ranks, lower is better, equal ranks tie within a draw
 * margin set by p_draw) is what is observed.
 *
 * sk_ttt_forward() is the reference's first pass (TrueSkill as a filter
 * over batches, each batch's events swept once in order);
 * sk_ttt_converge() then passes messages backward and forward along every
 * player's timeline until the largest change of any posterior is at most
 * epsilon, or the iteration limit.  Each event is solved by expectation
 * propagation over the chain of adjacent team differences (at most 10
 * rounds, stopping at a change of 1e-6, as the reference).
 *
 * Two deliberate switches, both for reproducing the reference bit for bit:
 *	- erfc: the reference computes erfc with a rational approximation
 *	  (relative error about 1.2e-7); SK_TTT_ERFC_EXACT uses skill's normal.c
 *	  and TrueSkill's tail-stable truncation functions (the default),
 *	  SK_TTT_ERFC_REFERENCE the reference's approximation.
 *	- reference_team_order: with three or more teams, the Python package
 *	  hands team e the message of sorted position o[e] instead of the
 *	  position of team e (o is the finishing order), which is wrong unless
 *	  o is its own inverse (the Julia package indexes correctly).  Off by
 *	  default; on only to reproduce vectors made with the Python package.
 *
 * Memory: the core allocates nothing itself; sk_ttt_prepare() takes an
 * allocator and asks it for a few arrays, each O(players), O(events) or
 * O(items) long (items: one per player per event).  Nothing is allocated
 * while sweeping.
 */
#ifndef SKILL_CORE_TTT_H
#define SKILL_CORE_TTT_H

#include <stddef.h>

#include "status.h"

/* How the drift between two batches of a player is counted. */
typedef enum sk_ttt_elapsed
{
	SK_TTT_ELAPSED_TIME = 0,	/* the difference of the batches' times */
	SK_TTT_ELAPSED_BATCH		/* one unit per batch played, whatever the gap
								 * (the reference's history without times) */
} sk_ttt_elapsed;

typedef enum sk_ttt_erfc
{
	SK_TTT_ERFC_EXACT = 0,
	SK_TTT_ERFC_REFERENCE
} sk_ttt_erfc;

typedef struct sk_ttt_params
{
	double		beta;			/* > 0: performance noise */
	double		gamma;			/* > 0: skill drift per unit of time */
	double		p_draw;			/* [0, 1): chance of a tie, sets the margin */
	double		epsilon;		/* > 0: convergence threshold */
	int			iterations;		/* >= 1: sweep limit of sk_ttt_converge */
	sk_ttt_elapsed elapsed;
	sk_ttt_erfc erfc;
	int			reference_team_order;	/* see above; 0 normally */
} sk_ttt_params;

/* The reference's defaults (mu 0, sigma 6 are the callers' priors). */
void		sk_ttt_default_params(sk_ttt_params *p);

/*
 * The history, in flat arrays the caller keeps alive while the state is in
 * use.  Batches are in increasing time; batch b holds events
 * batch_event[b] .. batch_event[b+1]-1, event e teams event_team[e] ..
 * event_team[e+1]-1, team k items team_item[k] .. team_item[k+1]-1.
 */
typedef struct sk_ttt_history
{
	int			n_players;
	const double *prior_mu;		/* n_players, finite */
	const double *prior_sigma;	/* n_players, finite, > 0 */
	int			n_batches;
	const double *batch_time;	/* n_batches, finite, increasing */
	const int  *batch_event;	/* n_batches + 1 */
	const int  *event_team;		/* n_events + 1 (n_events = batch_event[n_batches]) */
	const double *team_rank;	/* lower is better, equal ranks tie */
	const int  *team_item;		/* n_teams + 1 */
	const int  *item_player;	/* 0 .. n_players-1, once per event */
	const double *item_weight;	/* finite, >= 0; NULL: every weight 1 */
} sk_ttt_history;

/* Returns zeroed memory of at least bytes, aligned for double, or NULL. */
typedef void *(*sk_ttt_alloc) (void *context, size_t bytes);

typedef struct sk_ttt_state sk_ttt_state;

/*
 * Checks the history and parameters, lays out the state (one skill slot per
 * player per batch it plays) and allocates it through alloc.  SK_ERR_RANGE:
 * a parameter, prior, weight or time out of range (also: a tie with
 * p_draw 0, times not increasing); SK_ERR_SIZE: an event with fewer than
 * two teams, an empty team, a player twice in one event, a bad index;
 * SK_ERR_NOT_FINITE: NaN or infinity; SK_ERR_NO_MEMORY: alloc failed.  On
 * success *out is the state (itself allocated through alloc).
 */
sk_status	sk_ttt_prepare(const sk_ttt_history *h, const sk_ttt_params *p,
						   sk_ttt_alloc alloc, void *context, sk_ttt_state **out);

/*
 * The first pass: every batch from its players' previous batches (or
 * priors), its events swept once in order.  Also records each two-team
 * event's prediction from earlier batches alone (sk_ttt_prediction).
 */
void		sk_ttt_forward(sk_ttt_state *s);

/*
 * The first pass over the batches not yet rated, up to end (exclusive):
 * sk_ttt_forward in steps, so that the past can be smoothed in between
 * (sk_ttt_converge_prefix) and the next batches' predictions come from it.
 */
void		sk_ttt_forward_until(sk_ttt_state *s, int end);

/*
 * Sweeps over the first nb batches (at most those rated so far) until both
 * changes are at most epsilon or iterations sweeps; the later batches are
 * not read, so nothing of them reaches the first nb.  The messages already
 * there are the start (a warm start after an earlier call).  Returns the
 * sweeps made; step as sk_ttt_converge.
 */
int			sk_ttt_converge_prefix(sk_ttt_state *s, int nb, double step[2]);

/*
 * One backward-then-forward sweep over the batches (after sk_ttt_forward);
 * step receives the largest change of a posterior's mu and of its sigma.
 */
void		sk_ttt_sweep(sk_ttt_state *s, double step[2]);

/*
 * Sweeps until both changes are at most epsilon or iterations sweeps were
 * made; returns the number made, step the last sweep's changes (0, 0
 * without a sweep).
 */
int			sk_ttt_converge(sk_ttt_state *s, double step[2]);

/* Skill slots: one per player per batch played, batch by batch. */
int			sk_ttt_slots(const sk_ttt_state *s);
int			sk_ttt_batch_first_slot(const sk_ttt_state *s, int batch);
int			sk_ttt_slot_player(const sk_ttt_state *s, int slot);
void		sk_ttt_slot_posterior(const sk_ttt_state *s, int slot,
								  double *mu, double *sigma);
/*
 * The skill at the slot from its batch and the earlier ones alone (the
 * forward message times the batch's match messages): what the player's
 * next batch starts from, drifted.
 */
void		sk_ttt_slot_past(const sk_ttt_state *s, int slot,
							 double *mu, double *sigma);
/* The slot of an item (its player at its event's batch). */
int			sk_ttt_item_slot(const sk_ttt_state *s, int item);

/*
 * The probability the event's observed result had when it was last solved
 * (the reference's evidence: after sk_ttt_forward, given earlier batches
 * and the events before it in its batch).
 */
double		sk_ttt_evidence(const sk_ttt_state *s, int event);

/* Events solved since sk_ttt_prepare (a cost count). */
long		sk_ttt_events_solved(const sk_ttt_state *s);

/* The sum of the logarithms of every event's evidence. */
double		sk_ttt_log_evidence(const sk_ttt_state *s);

/*
 * For an event of two teams, from sk_ttt_forward: the chance that its first
 * team (in input order) finished ahead of the second, and of a tie, from
 * the players' skills after the earlier batches alone.  Both NaN for an
 * event of more teams.
 */
void		sk_ttt_prediction(const sk_ttt_state *s, int event,
							  double *p_first, double *p_tie);

/*
 * Incremental smoothing (ttt_local.c).  The stored state of a smoothed
 * history is each item's message (the likelihood its event sends to the
 * player's skill at that batch, in natural parameters pi = 1/var,
 * tau = mu/var); every forward and backward message along a timeline is a
 * function of these and the priors.  After new events are added (at any
 * time, in new batches or joining old ones), a state of the whole new
 * history is prepared, the stored messages of the old items loaded (the
 * new items' stay uniform), the new events marked, and only the batches
 * the change reaches are re-solved: a batch is solved again when a
 * neighbour on one of its players' timelines moved by more than the
 * tolerance.
 */
typedef struct sk_ttt_local_counts
{
	long		passes;			/* one direction over the dirty batches */
	long		batches;		/* batches solved (a batch once per solve) */
	long		distinct_batches;	/* batches solved at least once */
	long		events;			/* events solved */
	double		last_change;	/* the largest change of the last pass */
} sk_ttt_local_counts;

/* Allocates the timeline links (3 ints per slot, 1 byte per batch). */
sk_status	sk_ttt_local_prepare(sk_ttt_state *s, sk_ttt_alloc alloc, void *context);

/* An item's message: to store (read) and to warm start (set). */
void		sk_ttt_item_message(const sk_ttt_state *s, int item, double *pi, double *tau);
void		sk_ttt_set_item_message(sk_ttt_state *s, int item, double pi, double tau);

/*
 * After the messages are set: every slot's match message and its forward
 * and backward messages from them (no event solved); no batch dirty.
 * Returns SK_ERR_NOT_FINITE or SK_ERR_RANGE for a message that is not
 * finite or of negative precision.
 */
sk_status	sk_ttt_local_start(sk_ttt_state *s);

/* Marks the event's batch to be solved (a new or changed event). */
void		sk_ttt_local_mark_event(sk_ttt_state *s, int event);

/*
 * Solves the dirty batches, in alternating backward and forward passes,
 * until none is dirty or the iteration limit (rounds of two passes); a
 * batch whose slot moves (mu or sigma) by more than tolerance marks the
 * batches of that player's neighbouring slots (and itself, when it holds
 * several events).  Ends by recomputing every timeline's forward and
 * backward messages from the match messages.  Returns 1 when no batch is
 * left dirty, 0 at the limit.
 */
int			sk_ttt_local_smooth(sk_ttt_state *s, double tolerance,
								sk_ttt_local_counts *counts);

/*
 * A skill outside the history, elapsed units before the player's first
 * slot, whose belief from itself and everything before it is past (the
 * player's prior in the history is then past drifted by elapsed): its
 * posterior given what the history sends back to it now.  What a history
 * that is a window of a longer one changes before its start.
 */
void		sk_ttt_before_posterior(const sk_ttt_state *s, int first_slot, double elapsed,
									double past_mu, double past_sigma,
									double *mu, double *sigma);

/* Whether the last sk_ttt_local_smooth solved the batch. */
int			sk_ttt_local_batch_solved(const sk_ttt_state *s, int batch);

/* The draw margin of two teams of n players together (exposed for tests). */
double		sk_ttt_margin(const sk_ttt_params *p, int n_players);

/* The reference's erfc approximation (exposed for tests). */
double		sk_ttt_erfc_reference(double x);

#endif
