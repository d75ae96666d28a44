/*
 * ttt_state_sql.c - TrueSkill Through Time kept in a table the caller owns
 * and updated incrementally (docs/ttt.md, "Incremental smoothing"):
 * skill.ttt_state computes the whole state, skill.ttt_update re-solves
 * only what new matches reach (core/ttt_local.c).
 *
 * The state is one row per player per match: the match's message to the
 * player's skill at its batch (natural parameters message_pi = 1/var,
 * message_tau = mu/var) and the player's smoothed rating there.  Every
 * other message follows from these and the priors, so a match added late
 * (into an old batch or a new one between two) needs nothing but its rows.
 */
#include "sql/skill.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/timestamp.h"

#include "sql/rows_cursor.h"
#include "sql/ttt_rows.h"

PG_FUNCTION_INFO_V1(ttt_state);
PG_FUNCTION_INFO_V1(ttt_update);

static void *
state_alloc(void *context, size_t bytes)
{
	return MemoryContextAllocExtended((MemoryContext) context, bytes,
									  MCXT_ALLOC_HUGE | MCXT_ALLOC_ZERO);
}

/* Reads the rows and prepares the core's state over them. */
static sk_ttt_state *
prepare_run(FunctionCallInfo fcinfo, int rows_arg, int options_arg, const char *caller,
			TttOptions *options, TttHistory *history)
{
	Jsonb	   *opts = PG_ARGISNULL(options_arg) ? NULL : PG_GETARG_JSONB_P(options_arg);
	sk_ttt_state *state;

	ttt_read_options(opts, caller, false, options);
	ttt_read_rows(fcinfo, PG_GETARG_TEXT_PP(rows_arg), options, caller, history);
	report_core_status(sk_ttt_prepare(&history->h, &options->params, state_alloc,
									  CurrentMemoryContext, &state), caller);
	return state;
}

/*
 * One row per item whose player is in keep (NULL: every item), in the
 * rows' order: match, player, batch time, message, smoothed rating.
 */
static void
put_state_rows(FunctionCallInfo fcinfo, const TttHistory *hist, sk_ttt_state *state,
			   const bool *keep, int64 solved)
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
			Datum		values[7];
			bool		nulls[7] = {false};
			double		pi,
						tau,
						mu,
						sigma;

			CHECK_FOR_INTERRUPTS();
			if (keep && !keep[player])
				continue;
			sk_ttt_item_message(state, i, &pi, &tau);
			sk_ttt_slot_posterior(state, sk_ttt_item_slot(state, i), &mu, &sigma);
			check_result_spread("sigma", sigma, false);
			values[0] = Int64GetDatum(hist->event_match_id[e]);
			values[1] = Int64GetDatum(hist->player_id[player]);
			values[2] = TimestampTzGetDatum(hist->batch_played_at[hist->event_batch[e]]);
			values[3] = Float8GetDatum(check_result_finite(pi));
			values[4] = Float8GetDatum(check_result_finite(tau));
			values[5] = rating_build(&cache->rating, check_result_finite(mu), sigma);
			values[6] = Int64GetDatum(solved);
			tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		}
}

/*
 * skill.ttt_state(rows text, options jsonb): the whole history smoothed
 * (as ttt_history), as the rows of a state table: each player's message
 * and smoothed rating in each match.
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
	state = prepare_run(fcinfo, 0, 1, "ttt_state", &options, &hist);
	sk_ttt_forward(state);
	sk_ttt_converge(state, step);
	put_state_rows(fcinfo, &hist, state, NULL, sk_ttt_events_solved(state));
	return (Datum) 0;
}

/* ---- the stored state ---- */

typedef struct StateReader
{
	const TttHistory *hist;
	sk_ttt_state *state;
	int64	   *match_event;	/* (match_id, event) pairs by match_id */
	int			n_events;
	bool	   *loaded;			/* by item */
	int			col[4];			/* match_id, player_id, message_pi, message_tau */
} StateReader;

static const char *const state_columns[] = {"match_id", "player_id", "message_pi", "message_tau"};

static const char *
state_hint(void)
{
	return "The state query must return columns named match_id bigint, player_id bigint, message_pi float8 and message_tau float8 (others are ignored), as skill.ttt_state returns them.";
}

static void
state_check_columns(void *arg, TupleDesc desc)
{
	StateReader *r = arg;
	static const Oid types[] = {INT8OID, INT8OID, FLOAT8OID, FLOAT8OID};
	int			k,
				col;

	for (k = 0; k < 4; k++)
	{
		r->col[k] = 0;
		for (col = 1; col <= desc->natts; col++)
			if (strcmp(NameStr(TupleDescAttr(desc, col - 1)->attname), state_columns[k]) == 0)
				r->col[k] = col;
		if (!r->col[k])
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("the state query of ttt_update has no column \"%s\"", state_columns[k]),
					 errhint("%s", state_hint())));
		if (SPI_gettypeid(desc, r->col[k]) != types[k])
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("column \"%s\" of the state query of ttt_update must be of type %s, not %s",
							state_columns[k], format_type_be(types[k]),
							format_type_be(SPI_gettypeid(desc, r->col[k]))),
					 errhint("%s", state_hint())));
	}
}

static int
compare_pairs(const void *a, const void *b)
{
	int64		x = *(const int64 *) a;
	int64		y = *(const int64 *) b;

	return x < y ? -1 : x > y;
}

/* The event of match_id, or -1. */
static int
event_of(const StateReader *r, int64 match_id)
{
	int			lo = 0,
				hi = r->n_events - 1;

	while (lo <= hi)
	{
		int			mid = lo + (hi - lo) / 2;

		if (r->match_event[2 * mid] == match_id)
			return (int) r->match_event[2 * mid + 1];
		if (r->match_event[2 * mid] < match_id)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

static void
state_row(void *arg, TupleTableSlot *slot, TupleDesc desc)
{
	StateReader *r = arg;
	const sk_ttt_history *h = &r->hist->h;
	int64		match_id,
				player_id;
	double		pi,
				tau;
	int			e,
				i;

	slot_getallattrs(slot);
	match_id = DatumGetInt64(rows_column_value(slot->tts_values, slot->tts_isnull,
											   r->col[0], "match_id"));
	player_id = DatumGetInt64(rows_column_value(slot->tts_values, slot->tts_isnull,
												r->col[1], "player_id"));
	pi = DatumGetFloat8(rows_column_value(slot->tts_values, slot->tts_isnull,
										  r->col[2], "message_pi"));
	tau = DatumGetFloat8(rows_column_value(slot->tts_values, slot->tts_isnull,
										   r->col[3], "message_tau"));
	e = event_of(r, match_id);
	i = -1;
	if (e >= 0)
		for (i = h->team_item[h->event_team[e]]; i < h->team_item[h->event_team[e + 1]]; i++)
			if (r->hist->player_id[h->item_player[i]] == player_id)
				break;
	if (e < 0 || i == h->team_item[h->event_team[e + 1]])
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the state of player " INT64_FORMAT " in match " INT64_FORMAT " has no row in the rows query",
						player_id, match_id),
				 errhint("Delete the state rows of matches removed from the history.")));
	if (r->loaded[i])
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the state of player " INT64_FORMAT " in match " INT64_FORMAT " comes twice",
						player_id, match_id)));
	if (!isfinite(pi) || !isfinite(tau) || pi < 0.0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the state of player " INT64_FORMAT " in match " INT64_FORMAT " must have finite messages and message_pi at least 0",
						player_id, match_id)));
	r->loaded[i] = true;
	sk_ttt_set_item_message(r->state, i, pi, tau);
}

/*
 * skill.ttt_update(rows text, state text, options jsonb): the rows are the
 * whole history, new matches included; the state query the stored
 * messages of the matches already smoothed.  Matches (or players of a
 * match) without a state row are new: their batches are solved, and every
 * batch their change reaches by more than epsilon.  Returns the state rows
 * of every player whose timeline changed, to upsert.
 */
Datum
ttt_update(PG_FUNCTION_ARGS)
{
	TttOptions	options;
	TttHistory	hist;
	StateReader r;
	sk_ttt_local_counts counts;
	const sk_ttt_history *h;
	bool	   *keep;
	int			n_items,
				e,
				i;

	if (required_arg_null_srf(fcinfo, OPTIONAL_ARG(2)))
		return (Datum) 0;
	InitMaterializedSRF(fcinfo, 0);
	memset(&r, 0, sizeof(r));
	r.state = prepare_run(fcinfo, 0, 2, "ttt_update", &options, &hist);
	h = &hist.h;
	report_core_status(sk_ttt_local_prepare(r.state, state_alloc, CurrentMemoryContext),
					   "ttt_update");
	r.hist = &hist;
	r.n_events = hist.n_events;
	r.match_event = palloc_extended(sizeof(int64) * 2 * (Size) Max(hist.n_events, 1),
									MCXT_ALLOC_HUGE);
	for (e = 0; e < hist.n_events; e++)
	{
		r.match_event[2 * e] = hist.event_match_id[e];
		r.match_event[2 * e + 1] = e;
	}
	qsort(r.match_event, hist.n_events, 2 * sizeof(int64), compare_pairs);
	n_items = h->team_item[h->event_team[hist.n_events]];
	r.loaded = palloc_extended(sizeof(bool) * (Size) Max(n_items, 1),
							   MCXT_ALLOC_HUGE | MCXT_ALLOC_ZERO);
	rows_cursor_run(PG_GETARG_TEXT_PP(1), state_check_columns, state_row, &r);
	report_core_status(sk_ttt_local_start(r.state), "ttt_update");
	for (e = 0; e < hist.n_events; e++)
		for (i = h->team_item[h->event_team[e]]; i < h->team_item[h->event_team[e + 1]]; i++)
			if (!r.loaded[i])
			{
				sk_ttt_local_mark_event(r.state, e);
				break;
			}
	if (!sk_ttt_local_smooth(r.state, options.params.epsilon, &counts))
		ereport(WARNING,
				(errmsg("ttt_update stopped at the iteration limit (%d rounds) with changes above epsilon",
						options.params.iterations),
				 errhint("Raise \"iterations\" or \"epsilon\", or recompute the state with ttt_state.")));
	/* a player's ratings moved if a batch of its was solved */
	keep = palloc_extended(sizeof(bool) * (Size) Max(h->n_players, 1),
						   MCXT_ALLOC_HUGE | MCXT_ALLOC_ZERO);
	{
		int			b,
					k;

		for (b = 0; b < h->n_batches; b++)
			if (sk_ttt_local_batch_solved(r.state, b))
				for (k = sk_ttt_batch_first_slot(r.state, b);
					 k < sk_ttt_batch_first_slot(r.state, b + 1); k++)
					keep[sk_ttt_slot_player(r.state, k)] = true;
	}
	put_state_rows(fcinfo, &hist, r.state, keep, counts.events);
	return (Datum) 0;
}
