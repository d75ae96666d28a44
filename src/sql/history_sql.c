/*
 * history_sql.c - the streamed replay: per (match, player) the rating
 * before and after and the predicted chance that the player's team wins.
 *
 * skill.pl_history(rows text, options jsonb) runs the query in rows through
 * an SPI cursor in batches and feeds the replay engine; each rated match
 * adds its rows to a tuplestore, which spills to disk past work_mem.  So
 * neither the input nor the output is ever held whole in memory, and no
 * single value approaches the 1 GB limit however long the history.
 */
#include "engine/replay.h"
#include "sql/skill.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"

PG_FUNCTION_INFO_V1(pl_history);
PG_FUNCTION_INFO_V1(bt_full_history);
PG_FUNCTION_INFO_V1(bt_part_history);
PG_FUNCTION_INFO_V1(tm_full_history);
PG_FUNCTION_INFO_V1(tm_part_history);
PG_FUNCTION_INFO_V1(trueskill_history);
PG_FUNCTION_INFO_V1(elo_history);

#define HISTORY_BATCH 10000
#define HISTORY_COLUMNS 8

typedef struct HistorySink
{
	ReturnSetInfo *rsinfo;
	CompositeType rating;		/* for rating_before/after (Gaussian families) */
	/* Those two values, built once and refilled for every row: tuplestore
	 * copies them, and a fresh pair per row made memory churn. */
	HeapTupleHeader before;
	HeapTupleHeader after;
	int64		row_match_id;
	TimestampTz row_played_at;
} HistorySink;

/* A skill.rating datum in *slot: made on first use, then refilled. */
static Datum
rating_datum(CompositeType *type, MemoryContext mcxt, HeapTupleHeader *slot, const double *r)
{
	Datum		fields[2] = {Float8GetDatum(r[0]), Float8GetDatum(r[1])};

	return composite_reuse(type->desc, fields, slot, mcxt);
}

static void
emit_row(ReplayState *state, const ReplayMatch *match, int slot,
		 const double *before, double predicted)
{
	HistorySink *sink = state->emit_arg;
	const ReplayPlayer *p = match->player[slot];
	Datum		values[HISTORY_COLUMNS];
	bool		nulls[HISTORY_COLUMNS] = {false};
	int			t = 0;

	while (match->team_start[t + 1] <= slot)
		t++;
	values[0] = Int64GetDatum(match->match_id);
	values[1] = TimestampTzGetDatum(state->played_at);
	values[2] = Int64GetDatum(p->id);
	values[3] = Int32GetDatum(match->team_label[t]);
	values[4] = Float8GetDatum(match->team_rank[t]);
	if (state->family->n_fields == 1)
	{
		values[5] = Float8GetDatum(before[0]);
		values[6] = Float8GetDatum(p->r[0]);
	}
	else
	{
		values[5] = rating_datum(&sink->rating, state->mcxt, &sink->before, before);
		values[6] = rating_datum(&sink->rating, state->mcxt, &sink->after, p->r);
	}
	values[7] = Float8GetDatum(predicted);
	tuplestore_putvalues(sink->rsinfo->setResult, sink->rsinfo->setDesc, values, nulls);
}

/* Column i of the rows query as the type the engine needs. */
static Datum
column_value(HeapTuple tuple, TupleDesc desc, int col, const char *name, bool *isnull)
{
	Datum		d = SPI_getbinval(tuple, desc, col, isnull);

	if (*isnull)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("column %d (%s) of the rows query must not be NULL", col, name)));
	return d;
}

static void
check_column_type(TupleDesc desc, int col, Oid want, const char *name)
{
	Oid			got = SPI_gettypeid(desc, col);

	if (got != want)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("column %d (%s) of the rows query must be of type %s, not %s",
						col, name, format_type_be(want), format_type_be(got)),
				 errhint("The query must return match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8 [, prior], ordered by played_at, match_id.")));
}

static Datum
history(FunctionCallInfo fcinfo, const ReplayFamily *family)
{
	text	   *query_text;
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	HistorySink sink;
	ReplayState *state;
	MemoryContext batch_cxt;
	MemoryContext old;
	Portal		portal;
	bool		checked = false;
	bool		has_prior = false;
	Oid			prior_type = family->n_fields == 1 ? FLOAT8OID : InvalidOid;

	if (PG_ARGISNULL(0))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("rows must not be NULL")));
	query_text = PG_GETARG_TEXT_PP(0);

	InitMaterializedSRF(fcinfo, 0);
	memset(&sink, 0, sizeof(sink));
	sink.rsinfo = rsinfo;
	if (family->n_fields == 2)
	{
		composite_init(&sink.rating, TupleDescAttr(rsinfo->setDesc, 5)->atttypid,
					   rsinfo->econtext->ecxt_per_query_memory);
		prior_type = sink.rating.typid;
	}

	state = replay_create(rsinfo->econtext->ecxt_per_query_memory, family);
	state->caller = psprintf("%.*s_history", (int) (strlen(family->name) - strlen("_replay")),
							 family->name);
	replay_read_options(state, PG_ARGISNULL(1) ? NULL : PG_GETARG_JSONB_P(1));
	state->emit = emit_row;
	state->emit_arg = &sink;

	batch_cxt = AllocSetContextCreate(CurrentMemoryContext, "skill history batch",
									  ALLOCSET_DEFAULT_SIZES);
	SPI_connect();
	portal = SPI_cursor_open_with_args(NULL, text_to_cstring(query_text), 0, NULL,
									   NULL, NULL, true, CURSOR_OPT_NO_SCROLL);
	for (;;)
	{
		uint64		i;
		TupleDesc	desc;

		SPI_cursor_fetch(portal, true, HISTORY_BATCH);
		if (SPI_processed == 0)
			break;
		desc = SPI_tuptable->tupdesc;
		if (!checked)
		{
			if (desc->natts != 5 && desc->natts != 6)
				ereport(ERROR,
						(errcode(ERRCODE_DATATYPE_MISMATCH),
						 errmsg("the rows query must return 5 or 6 columns, not %d", desc->natts),
						 errhint("match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8 [, prior].")));
			check_column_type(desc, 1, INT8OID, "match_id");
			check_column_type(desc, 2, TIMESTAMPTZOID, "played_at");
			check_column_type(desc, 3, INT8OID, "player_id");
			check_column_type(desc, 4, INT4OID, "team");
			check_column_type(desc, 5, FLOAT8OID, "rank");
			has_prior = desc->natts == 6;
			if (has_prior)
				check_column_type(desc, 6, prior_type, "prior");
			checked = true;
		}

		old = MemoryContextSwitchTo(batch_cxt);
		for (i = 0; i < SPI_processed; i++)
		{
			HeapTuple	tuple = SPI_tuptable->vals[i];
			bool		isnull;
			double		prior[REPLAY_MAX_FIELDS];
			const double *prior_ptr = NULL;
			int64		match_id = DatumGetInt64(column_value(tuple, desc, 1, "match_id", &isnull));
			TimestampTz played_at = DatumGetTimestampTz(column_value(tuple, desc, 2, "played_at", &isnull));
			int64		player_id = DatumGetInt64(column_value(tuple, desc, 3, "player_id", &isnull));
			int32		team = DatumGetInt32(column_value(tuple, desc, 4, "team", &isnull));
			double		rank = DatumGetFloat8(column_value(tuple, desc, 5, "rank", &isnull));

			if (has_prior)
			{
				Datum		d = SPI_getbinval(tuple, desc, 6, &isnull);

				if (!isnull && family->n_fields == 1)
				{
					prior[0] = DatumGetFloat8(d);
					check_finite("prior", prior[0]);
					prior_ptr = prior;
				}
				else if (!isnull)
				{
					rating_read(&sink.rating, DatumGetHeapTupleHeader(d), "prior",
								&prior[0], &prior[1]);
					prior_ptr = prior;
				}
			}
			replay_add_row(state, match_id, played_at, player_id, team, rank,
						   prior_ptr, false, 0);
		}
		MemoryContextSwitchTo(old);
		MemoryContextReset(batch_cxt);
		SPI_freetuptable(SPI_tuptable);
	}
	old = MemoryContextSwitchTo(batch_cxt);
	replay_finish(state);
	MemoryContextSwitchTo(old);
	SPI_cursor_close(portal);
	SPI_finish();
	MemoryContextDelete(batch_cxt);
	return (Datum) 0;
}

Datum pl_history(PG_FUNCTION_ARGS) { return history(fcinfo, &replay_pl); }
Datum bt_full_history(PG_FUNCTION_ARGS) { return history(fcinfo, &replay_bt_full); }
Datum bt_part_history(PG_FUNCTION_ARGS) { return history(fcinfo, &replay_bt_part); }
Datum tm_full_history(PG_FUNCTION_ARGS) { return history(fcinfo, &replay_tm_full); }
Datum tm_part_history(PG_FUNCTION_ARGS) { return history(fcinfo, &replay_tm_part); }
Datum trueskill_history(PG_FUNCTION_ARGS) { return history(fcinfo, &replay_trueskill); }
Datum elo_history(PG_FUNCTION_ARGS) { return history(fcinfo, &replay_elo); }
