/*
 * ttt_state_sql.c - TrueSkill Through Time kept in a table the caller owns
 * and updated incrementally (docs/ttt.md, "Incremental smoothing"):
 * skill.ttt_state computes the whole state, skill.ttt_update re-solves
 * only what new matches reach (core/ttt_local.c), over the whole history
 * or a window of it (the matches from some time on).
 *
 * The state is one row per player per match: the match's message to the
 * player's skill at its batch (natural parameters message_pi = 1/var,
 * message_tau = mu/var), the player's smoothed rating there, and its past
 * (the belief from that batch and the earlier ones).  Every other message
 * follows from the messages and the priors, so a match added late (into
 * an old batch or a new one between two) needs nothing but its rows; a
 * window needs, of each of its players, the past of its last match before
 * it.
 */
#include "sql/skill.h"

#include <math.h>

#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/timestamp.h"

#include "sql/ttt_rows.h"
#include "sql/ttt_state.h"

PG_FUNCTION_INFO_V1(ttt_state);
PG_FUNCTION_INFO_V1(ttt_update);

#define STATE_COLUMNS 9

static void *
state_alloc(void *context, size_t bytes)
{
	return MemoryContextAllocExtended((MemoryContext) context, bytes,
									  MCXT_ALLOC_HUGE | MCXT_ALLOC_ZERO);
}

static void
read_history(FunctionCallInfo fcinfo, int rows_arg, int options_arg, const char *caller,
			 TttOptions *options, TttHistory *history)
{
	Jsonb	   *opts = PG_ARGISNULL(options_arg) ? NULL : PG_GETARG_JSONB_P(options_arg);

	ttt_read_options(opts, caller, false, options);
	ttt_read_rows(fcinfo, PG_GETARG_TEXT_PP(rows_arg), options, caller, history);
}

static sk_ttt_state *
prepare_state(const TttHistory *history, const TttOptions *options, const char *caller)
{
	sk_ttt_state *state;

	report_core_status(sk_ttt_prepare(&history->h, &options->params, state_alloc,
									  CurrentMemoryContext, &state), caller);
	return state;
}

/*
 * One row per item whose player is in keep (NULL: every item), in the
 * rows' order: match, player, batch time, message, smoothed rating, past,
 * and the call's matches solved and change left before the window.
 */
static void
put_state_rows(FunctionCallInfo fcinfo, const TttHistory *hist, sk_ttt_state *state,
			   const bool *keep, int64 solved, double window_change)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	CallCache  *cache = call_cache(fcinfo);
	const sk_ttt_history *h = &hist->h;
	int			e,
				i;

	composite_init(&cache->rating, TupleDescAttr(rsinfo->setDesc, 5)->atttypid,
				   fcinfo->flinfo->fn_mcxt);
	for (e = 0; e < hist->n_events; e++)
		for (i = h->team_item[h->event_team[e]]; i < h->team_item[h->event_team[e + 1]]; i++)
		{
			int			player = h->item_player[i];
			int			slot = sk_ttt_item_slot(state, i);
			Datum		values[STATE_COLUMNS];
			bool		nulls[STATE_COLUMNS] = {false};
			double		pi,
						tau,
						mu,
						sigma;

			CHECK_FOR_INTERRUPTS();
			if (keep && !keep[player])
				continue;
			sk_ttt_item_message(state, i, &pi, &tau);
			values[0] = Int64GetDatum(hist->event_match_id[e]);
			values[1] = Int64GetDatum(hist->player_id[player]);
			values[2] = TimestampTzGetDatum(hist->batch_played_at[hist->event_batch[e]]);
			values[3] = Float8GetDatum(check_result_finite(pi));
			values[4] = Float8GetDatum(check_result_finite(tau));
			sk_ttt_slot_posterior(state, slot, &mu, &sigma);
			check_result_spread("sigma", sigma, false);
			values[5] = rating_build(&cache->rating, check_result_finite(mu), sigma);
			sk_ttt_slot_past(state, slot, &mu, &sigma);
			check_result_spread("sigma", sigma, false);
			values[6] = rating_build(&cache->rating, check_result_finite(mu), sigma);
			values[7] = Int64GetDatum(solved);
			values[8] = Float8GetDatum(window_change);
			tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		}
}

/*
 * skill.ttt_state(rows text, options jsonb): the whole history smoothed
 * (as ttt_history), as the rows of a state table: each player's message,
 * smoothed rating and past in each match.
 */
Datum
ttt_state(PG_FUNCTION_ARGS)
{
	TttOptions	options;
	TttHistory	hist;
	sk_ttt_state *state;
	double		step[2];

	if (required_arg_null_srf(fcinfo, OPTIONAL_ARG(1)))
		return (Datum) 0;
	InitMaterializedSRF(fcinfo, 0);
	read_history(fcinfo, 0, 1, "ttt_state", &options, &hist);
	state = prepare_state(&hist, &options, "ttt_state");
	sk_ttt_forward(state);
	sk_ttt_converge(state, step);
	put_state_rows(fcinfo, &hist, state, NULL, sk_ttt_events_solved(state), 0.0);
	return (Datum) 0;
}

/* ---- ttt_update ---- */

/* What ttt_update keeps of each player of the window. */
typedef struct WindowPlayers
{
	int		   *first_item;		/* the player's first item in the rows */
	int		   *first_event;	/* and its event */
	double	   *elapsed;		/* from its boundary to its first batch */
	double	   *before[2];		/* the boundary's posterior, before the update */
} WindowPlayers;

/* The drift from a player's boundary to its first batch, in time units. */
static double
boundary_elapsed(const TttOptions *options, TimestampTz boundary, TimestampTz first)
{
	if (options->unit_usecs <= 0.0)
		return 1.0;				/* one unit per batch played */
	return (double) (first - boundary) / options->unit_usecs;
}

/*
 * The priors of the window: a player with a boundary starts from its past
 * there, drifted to its first batch; the others from their own priors.
 */
static void
window_priors(TttHistory *hist, const TttOptions *options, const TttStoredState *stored,
			  WindowPlayers *w)
{
	sk_ttt_history *h = &hist->h;
	double	   *mu = palloc_extended(sizeof(double) * Max(h->n_players, 1), MCXT_ALLOC_HUGE);
	double	   *sigma = palloc_extended(sizeof(double) * Max(h->n_players, 1), MCXT_ALLOC_HUGE);
	int			p;

	for (p = 0; p < h->n_players; p++)
	{
		TimestampTz at = hist->batch_played_at[hist->event_batch[w->first_event[p]]];
		double		past_sigma = stored->before_past[2 * p + 1];

		mu[p] = h->prior_mu[p];
		sigma[p] = h->prior_sigma[p];
		w->elapsed[p] = 0.0;
		if (!stored->has_before[p])
			continue;
		w->elapsed[p] = boundary_elapsed(options, stored->before_at[p], at);
		mu[p] = stored->before_past[2 * p];
		sigma[p] = sqrt(past_sigma * past_sigma +
						w->elapsed[p] * options->params.gamma * options->params.gamma);
	}
	h->prior_mu = mu;
	h->prior_sigma = sigma;
}

/* Each player's first item in the rows, and its event. */
static void
first_items(const TttHistory *hist, WindowPlayers *w)
{
	const sk_ttt_history *h = &hist->h;
	int			e,
				i,
				p;

	for (p = 0; p < h->n_players; p++)
		w->first_item[p] = -1;
	for (e = 0; e < hist->n_events; e++)
		for (i = h->team_item[h->event_team[e]]; i < h->team_item[h->event_team[e + 1]]; i++)
			if (w->first_item[h->item_player[i]] < 0)
			{
				w->first_item[h->item_player[i]] = i;
				w->first_event[h->item_player[i]] = e;
			}
}

/*
 * A player whose first slot has state rows only: its stored past there
 * must be what the window's prior and the stored messages give, or the
 * state is not this history's under these options (a boundary row missing
 * from the state query, other options, other priors).
 */
static void
check_first_slots(const TttHistory *hist, const TttStoredState *stored, sk_ttt_state *state,
				  const WindowPlayers *w)
{
	const sk_ttt_history *h = &hist->h;
	int			n_items = h->team_item[h->event_team[hist->n_events]];
	bool	   *all_stored = palloc_extended(sizeof(bool) * Max(h->n_players, 1), MCXT_ALLOC_HUGE);
	int			i,
				p;

	for (p = 0; p < h->n_players; p++)
		all_stored[p] = true;
	for (i = 0; i < n_items; i++)
	{
		int			player = h->item_player[i];

		if (sk_ttt_item_slot(state, i) == sk_ttt_item_slot(state, w->first_item[player]))
			all_stored[player] &= stored->loaded[i];
	}
	for (p = 0; p < h->n_players; p++)
	{
		int			first = w->first_item[p];
		double		mu,
					sigma;

		CHECK_FOR_INTERRUPTS();
		if (!all_stored[p])
			continue;
		sk_ttt_slot_past(state, sk_ttt_item_slot(state, first), &mu, &sigma);
		if (fabs(mu - stored->past[2 * first]) > 1e-9 * Max(1.0, fabs(mu)) ||
			fabs(sigma - stored->past[2 * first + 1]) > 1e-9 * sigma)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("the state of player " INT64_FORMAT " in match " INT64_FORMAT " does not follow from %s",
							hist->player_id[p], hist->event_match_id[w->first_event[p]],
							stored->has_before[p] ? "its state row before the rows" : "its prior"),
					 errdetail("Its past has mu %.6g and sigma %.6g; its prior and stored messages give %.6g and %.6g.",
							   stored->past[2 * first], stored->past[2 * first + 1], mu, sigma),
					 errhint("When the rows are a window of the history, the state query must give each player's last state row before it; and the options must be those the state was made with.")));
	}
	pfree(all_stored);
}

/*
 * The boundaries' posteriors now (each player's last rating before the
 * window, given the window as it stands): recorded, or the largest move
 * since they were.
 */
static double
boundary_moves(const TttStoredState *stored, sk_ttt_state *state, WindowPlayers *w,
			   int n_players, bool record)
{
	double		worst = 0.0;
	int			p;

	for (p = 0; p < n_players; p++)
	{
		double		mu,
					sigma;

		if (!stored->has_before[p])
			continue;
		sk_ttt_before_posterior(state, sk_ttt_item_slot(state, w->first_item[p]), w->elapsed[p],
								stored->before_past[2 * p], stored->before_past[2 * p + 1],
								&mu, &sigma);
		if (record)
		{
			w->before[0][p] = mu;
			w->before[1][p] = sigma;
		}
		else
		{
			double		move = Max(fabs(mu - w->before[0][p]), fabs(sigma - w->before[1][p]));

			worst = Max(worst, move);
		}
	}
	return worst;
}

/*
 * skill.ttt_update(rows text, state text, options jsonb): the rows are the
 * history, new matches included, whole or from some time on; the state
 * query the stored rows of the matches already smoothed (and, for a
 * window, of each player's last match before it).  Matches (or players of
 * a match) without a state row are new: their batches are solved, and
 * every batch their change reaches by more than epsilon.  Returns the
 * state rows of every player whose timeline changed, to upsert.
 */
Datum
ttt_update(PG_FUNCTION_ARGS)
{
	TttOptions	options;
	TttHistory	hist;
	TttStoredState stored;
	WindowPlayers w;
	sk_ttt_local_counts counts;
	sk_ttt_state *state;
	const sk_ttt_history *h;
	bool	   *keep;
	double		moved;
	int			n_items,
				e,
				b,
				k,
				i;

	if (required_arg_null_srf(fcinfo, OPTIONAL_ARG(2)))
		return (Datum) 0;
	InitMaterializedSRF(fcinfo, 0);
	read_history(fcinfo, 0, 2, "ttt_update", &options, &hist);
	h = &hist.h;
	ttt_read_state(fcinfo, PG_GETARG_TEXT_PP(1), &hist, &stored);
	w.first_item = palloc_extended(sizeof(int) * Max(h->n_players, 1), MCXT_ALLOC_HUGE);
	w.first_event = palloc_extended(sizeof(int) * Max(h->n_players, 1), MCXT_ALLOC_HUGE);
	w.elapsed = palloc_extended(sizeof(double) * Max(h->n_players, 1), MCXT_ALLOC_HUGE);
	w.before[0] = palloc_extended(sizeof(double) * Max(h->n_players, 1), MCXT_ALLOC_HUGE);
	w.before[1] = palloc_extended(sizeof(double) * Max(h->n_players, 1), MCXT_ALLOC_HUGE);
	first_items(&hist, &w);
	window_priors(&hist, &options, &stored, &w);

	state = prepare_state(&hist, &options, "ttt_update");
	report_core_status(sk_ttt_local_prepare(state, state_alloc, CurrentMemoryContext),
					   "ttt_update");
	n_items = h->team_item[h->event_team[hist.n_events]];
	for (i = 0; i < n_items; i++)
		if (stored.loaded[i])
			sk_ttt_set_item_message(state, i, stored.message[2 * i], stored.message[2 * i + 1]);
	report_core_status(sk_ttt_local_start(state), "ttt_update");
	check_first_slots(&hist, &stored, state, &w);
	boundary_moves(&stored, state, &w, h->n_players, true);
	for (e = 0; e < hist.n_events; e++)
		for (i = h->team_item[h->event_team[e]]; i < h->team_item[h->event_team[e + 1]]; i++)
			if (!stored.loaded[i])
			{
				sk_ttt_local_mark_event(state, e);
				break;
			}
	if (!sk_ttt_local_smooth(state, options.params.epsilon, &counts))
		ereport(WARNING,
				(errmsg("ttt_update stopped at the iteration limit (%d rounds) with changes above epsilon",
						options.params.iterations),
				 errhint("Raise \"iterations\" or \"epsilon\", or recompute the state with ttt_state.")));
	/* what the window leaves unapplied before it: reported, not hidden */
	moved = boundary_moves(&stored, state, &w, h->n_players, false);

	/* a player's ratings moved if a batch of its was solved */
	keep = palloc_extended(sizeof(bool) * (Size) Max(h->n_players, 1),
						   MCXT_ALLOC_HUGE | MCXT_ALLOC_ZERO);
	for (b = 0; b < h->n_batches; b++)
		if (sk_ttt_local_batch_solved(state, b))
			for (k = sk_ttt_batch_first_slot(state, b);
				 k < sk_ttt_batch_first_slot(state, b + 1); k++)
				keep[sk_ttt_slot_player(state, k)] = true;
	put_state_rows(fcinfo, &hist, state, keep, counts.events, check_result_finite(moved));
	return (Datum) 0;
}
