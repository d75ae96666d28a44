/*
 * otr_replay_sql.c - the two drivers of the o!TR replay engine
 * (families/otr_replay.c): the aggregate skill.otr_replay over rows of
 * (match_id, played_at, game_id, player_id, score [, prior [, options]]),
 * and skill.otr_history, which streams per match and player the rating
 * before (after decay) and after.
 */
#include "sql/skill.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "access/htup_details.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "families/otr_replay.h"
#include "sql/replay_values.h"
#include "sql/pg_internals.h"
#include "sql/rows_cursor.h"

PG_FUNCTION_INFO_V1(otr_replay_step);
PG_FUNCTION_INFO_V1(otr_replay_final);
PG_FUNCTION_INFO_V1(otr_history);

/* Aggregate arguments (after the state). */
enum
{
	ARG_MATCH = 1, ARG_PLAYED_AT, ARG_GAME, ARG_PLAYER, ARG_SCORE, ARG_PRIOR, ARG_OPTIONS
};

static void
key_not_null(FunctionCallInfo fcinfo, int argno, const char *name)
{
	if (PG_ARGISNULL(argno))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s of otr_replay must not be NULL", name),
				 PG_ARGISNULL(ARG_MATCH) ? 0 :
				 errdetail("In match " INT64_FORMAT ".", PG_GETARG_INT64(ARG_MATCH))));
}

/* otr_replay_step(state, match_id, played_at, game_id, player_id, score [, prior [, options]]) */
Datum
otr_replay_step(PG_FUNCTION_ARGS)
{
	MemoryContext aggcontext;
	OtrReplay  *replay;
	double		prior[2];
	bool		has_prior;

	if (PG_ARGISNULL(0))
	{
		if (!AggCheckCallContext(fcinfo, &aggcontext))
			elog(ERROR, "otr_replay called in non-aggregate context");
		replay = otr_replay_create(aggcontext, "otr_replay");
		otr_replay_read_options(replay, PG_NARGS() > ARG_OPTIONS && !PG_ARGISNULL(ARG_OPTIONS)
								? PG_GETARG_JSONB_P(ARG_OPTIONS) : NULL, true);
	}
	else
		replay = (OtrReplay *) PG_GETARG_POINTER(0);

	key_not_null(fcinfo, ARG_MATCH, "match_id");
	key_not_null(fcinfo, ARG_PLAYED_AT, "played_at");
	key_not_null(fcinfo, ARG_GAME, "game_id");
	key_not_null(fcinfo, ARG_PLAYER, "player_id");
	key_not_null(fcinfo, ARG_SCORE, "score");
	has_prior = PG_NARGS() > ARG_PRIOR && !PG_ARGISNULL(ARG_PRIOR);
	if (has_prior)
	{
		CallCache  *cache = call_cache(fcinfo);

		composite_init_arg(fcinfo, ARG_PRIOR, &cache->rating);
		rating_read(&cache->rating, PG_GETARG_HEAPTUPLEHEADER(ARG_PRIOR), "prior",
					&prior[0], &prior[1]);
	}
	otr_replay_add_row(replay, PG_GETARG_INT64(ARG_MATCH), PG_GETARG_TIMESTAMPTZ(ARG_PLAYED_AT),
					   PG_GETARG_INT64(ARG_GAME), PG_GETARG_INT64(ARG_PLAYER),
					   PG_GETARG_FLOAT8(ARG_SCORE), has_prior ? prior : NULL);
	PG_RETURN_POINTER(replay);
}

static void
fill_player(PlayersFill *f, uint32 i, Datum *values)
{
	const OtrPlayer *p = f->players[i];
	Datum		r[2] = {Float8GetDatum(p->mu), Float8GetDatum(p->sigma)};

	values[0] = Int64GetDatum(p->id);
	values[1] = composite_reuse(f->rating, r, NULL, &f->rating_value, CurrentMemoryContext);
	values[2] = Int32GetDatum(p->matches);
	values[3] = Float8GetDatum(p->peak);
	values[4] = TimestampTzGetDatum(p->last_played);
}

/*
 * Rates the last match, decays everyone to as_of if given, and returns
 * every player as skill.replayed_otr[], ordered by player_id.  It finishes
 * the state (FINALFUNC_MODIFY = READ_WRITE).
 */
Datum
otr_replay_final(PG_FUNCTION_ARGS)
{
	OtrReplay  *replay;
	OtrPlayer **players;
	uint32		n;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	replay = (OtrReplay *) PG_GETARG_POINTER(0);
	otr_replay_finish(replay);
	players = otr_replay_players_by_id(replay, &n);
	PG_RETURN_ARRAYTYPE_P(players_array(fcinfo, true, (void **) players, n, fill_player, replay,
										"otr_replay"));
}

/* ---- otr_history(rows text, options jsonb) ---- */

#define OTR_HISTORY_COLUMNS 9
#define OTR_ROWS_HINT "The query must return match_id bigint, played_at timestamptz, game_id bigint, player_id bigint, score float8 [, prior skill.rating], ordered by played_at, match_id, game_id."

typedef struct OtrHistory
{
	OtrReplay  *replay;
	ReturnSetInfo *rsinfo;
	CompositeType rating;
	bool		has_prior;
	HeapTupleHeader before;		/* reused rating values (tuplestore copies them) */
	HeapTupleHeader after;
	RowTemplate row;			/* rows put into the tuplestore */
} OtrHistory;

static void
history_check_columns(void *arg, TupleDesc desc)
{
	OtrHistory *h = arg;
	static const Oid types[] = {INT8OID, TIMESTAMPTZOID, INT8OID, INT8OID, FLOAT8OID};
	static const char *const names[] = {"match_id", "played_at", "game_id", "player_id", "score"};
	int			i;

	if (desc->natts != 5 && desc->natts != 6)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("the rows query must return 5 or 6 columns, not %d", desc->natts),
				 errhint(OTR_ROWS_HINT)));
	for (i = 0; i < 5; i++)
		rows_check_column_type(desc, i + 1, types[i], names[i], OTR_ROWS_HINT);
	h->has_prior = desc->natts == 6;
	if (h->has_prior)
		rows_check_column_type(desc, 6, h->rating.typid, "prior", OTR_ROWS_HINT);
}

static void
history_row(void *arg, TupleTableSlot *slot, TupleDesc desc)
{
	OtrHistory *h = arg;
	const Datum *v;
	const bool *n;
	double		prior[2];
	bool		has_prior;

	slot_getallattrs(slot);
	v = slot->tts_values;
	n = slot->tts_isnull;
	has_prior = h->has_prior && !n[5];
	if (has_prior)
		rating_read(&h->rating, DatumGetHeapTupleHeader(v[5]), "prior", &prior[0], &prior[1]);
	otr_replay_add_row(h->replay,
					   DatumGetInt64(rows_column_value(v, n, 1, "match_id")),
					   DatumGetTimestampTz(rows_column_value(v, n, 2, "played_at")),
					   DatumGetInt64(rows_column_value(v, n, 3, "game_id")),
					   DatumGetInt64(rows_column_value(v, n, 4, "player_id")),
					   DatumGetFloat8(rows_column_value(v, n, 5, "score")),
					   has_prior ? prior : NULL);
}

/* One row per player of the rated match, in the order first seen. */
static void
history_emit(OtrReplay *replay, const OtrMatchResult *r)
{
	OtrHistory *h = replay->emit_arg;
	Datum		values[OTR_HISTORY_COLUMNS];
	bool		nulls[OTR_HISTORY_COLUMNS] = {false};
	int			i;

	values[0] = Int64GetDatum(r->match_id);
	values[1] = TimestampTzGetDatum(r->played_at);
	nulls[7] = true;			/* predicted_draw: o!TR defines none */
	for (i = 0; i < r->n_players; i++)
	{
		Datum		before[2] = {Float8GetDatum(r->mu_before[i]), Float8GetDatum(r->sigma_before[i])};
		Datum		after[2] = {Float8GetDatum(r->mu_after[i]), Float8GetDatum(r->sigma_after[i])};

		values[2] = Int64GetDatum(r->player_id[i]);
		values[3] = Int32GetDatum(r->games[i]);
		values[4] = composite_reuse(h->rating.desc, before, NULL, &h->before, replay->mcxt);
		values[5] = composite_reuse(h->rating.desc, after, NULL, &h->after, replay->mcxt);
		values[6] = Float8GetDatum(r->win_prob[i]);
		values[8] = Int32GetDatum(r->matches_before[i]);
		row_template_put(&h->row, h->rsinfo->setResult, values, nulls);
	}
}

/* otr_history(rows text, options jsonb) */
Datum
otr_history(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	MemoryContext per_query;
	OtrHistory	h = {0};

	if (required_arg_null_srf(fcinfo, OPTIONAL_ARG(1)))
		return (Datum) 0;
	InitMaterializedSRF(fcinfo, 0);
	per_query = rsinfo->econtext->ecxt_per_query_memory;
	h.rsinfo = rsinfo;
	row_template_init(&h.row, rsinfo->setDesc, per_query);
	composite_init(&h.rating, TupleDescAttr(rsinfo->setDesc, 4)->atttypid, per_query);
	h.replay = otr_replay_create(per_query, "otr_history");
	otr_replay_read_options(h.replay, PG_ARGISNULL(1) ? NULL : PG_GETARG_JSONB_P(1), false);
	h.replay->emit = history_emit;
	h.replay->emit_arg = &h;
	rows_cursor_run(PG_GETARG_TEXT_PP(0), history_check_columns, history_row, &h);
	otr_replay_finish(h.replay);
	return (Datum) 0;
}
