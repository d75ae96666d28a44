/*
 * history_sql.c - the streamed replay: per (match, player) the rating
 * before and after and the predicted chance that the player's team wins.
 *
 * With a draw model in force (option draw_model), predicted_win is the
 * team's chance of winning and predicted_draw that of a draw; the last
 * column, expected_score, is the chance of winning plus half that of a
 * draw (predicted_win itself without a draw model).
 *
 * skill.<family>_history(rows text, options jsonb) runs the rows query
 * through SPI, each row handed on as the executor makes it (rows_query.c),
 * and feeds the replay engine; each rated match adds its rows to a
 * tuplestore, which spills to disk past work_mem.  So neither the input
 * nor the output is ever held whole in memory, and no single value
 * approaches the 1 GB limit however long the history.
 */
#include "families/family.h"
#include "sql/pg_internals.h"
#include "sql/replay_values.h"
#include "sql/rows_query.h"

#include <math.h>

#include "funcapi.h"

#define HISTORY_COLUMNS 12

typedef struct HistorySink
{
	ReturnSetInfo *rsinfo;
	CompositeType rating;		/* for rating_before/after (composite kinds) */
	/* Those two values, built once and refilled for every row: tuplestore
	 * copies them, and a fresh pair per row made memory churn. */
	HeapTupleHeader before;
	HeapTupleHeader after;
	RowTemplate row;			/* rows put into the tuplestore */
} HistorySink;

/*
 * Player i's row (of team t) written straight into the row template, as
 * most rows can be (pg_internals.h): the same bytes as the Datum path in
 * emit_rows, without building the rating values or walking the columns.
 * False when the template has another shape: the row must go through
 * row_template_put then.
 */
static bool
put_in_place(HistorySink *sink, const ReplayFamily *family, const ReplayResult *r,
			 int t, int i, const bool *nulls)
{
	RowTemplate *row = &sink->row;
	int			f = family->n_fields;
	const double *before = &r->before[i * f];
	const double *after = &r->after[i * f];

	if (!row_template_fits(row, nulls))
		return false;
	/* What replay_value_datum checks, in its order. */
	replay_value_check(family, before);
	replay_value_check(family, after);
	if (family->kind == VALUE_ELO)
	{
		row_template_set_byval(row, 5, Float8GetDatum(before[0]));
		row_template_set_byval(row, 6, Float8GetDatum(after[0]));
	}
	else if (!row_template_set_float8s(row, 5, before, f) ||
			 !row_template_set_float8s(row, 6, after, f))
		return false;
	row_template_set_byval(row, 0, Int64GetDatum(r->match_id));
	row_template_set_byval(row, 1, TimestampTzGetDatum(r->played_at));
	row_template_set_byval(row, 2, Int64GetDatum(r->player_id[i]));
	row_template_set_byval(row, 3, Int32GetDatum(r->team_label[t]));
	row_template_set_byval(row, 4, Float8GetDatum(r->team_rank[t]));
	row_template_set_byval(row, 7, Float8GetDatum(r->team_prob[t]));
	if (!nulls[8])
		row_template_set_byval(row, 8, Float8GetDatum(r->draw_prob));
	row_template_set_byval(row, 9, Int32GetDatum(r->matches_before[i]));
	row_template_set_byval(row, 10, Float8GetDatum(r->team_outcome[t]));
	row_template_set_byval(row, 11, Float8GetDatum(replay_expected_score(r, t)));
	row_template_store(row, sink->rsinfo->setResult);
	return true;
}

/* One row per player of the rated match, in team order. */
static void
emit_rows(ReplayState *state, const ReplayResult *r)
{
	HistorySink *sink = state->engine->emit_arg;
	const ReplayFamily *family = state->family;
	int			f = family->n_fields;
	Datum		values[HISTORY_COLUMNS];
	bool		nulls[HISTORY_COLUMNS] = {false};
	int			t,
				i;

	values[0] = Int64GetDatum(r->match_id);
	values[1] = TimestampTzGetDatum(r->played_at);
	values[8] = Float8GetDatum(r->draw_prob);
	nulls[8] = isnan(r->draw_prob);
	for (t = 0; t < r->n_teams; t++)
		for (i = r->team_start[t]; i < r->team_start[t + 1]; i++)
		{
			if (put_in_place(sink, family, r, t, i, nulls))
				continue;
			values[2] = Int64GetDatum(r->player_id[i]);
			values[3] = Int32GetDatum(r->team_label[t]);
			values[4] = Float8GetDatum(r->team_rank[t]);
			values[5] = replay_value_datum(family, sink->rating.desc, &r->before[i * f],
										   &sink->before, state->mcxt);
			values[6] = replay_value_datum(family, sink->rating.desc, &r->after[i * f],
										   &sink->after, state->mcxt);
			values[7] = Float8GetDatum(r->team_prob[t]);
			values[9] = Int32GetDatum(r->matches_before[i]);
			values[10] = Float8GetDatum(r->team_outcome[t]);
			values[11] = Float8GetDatum(replay_expected_score(r, t));
			row_template_put(&sink->row, sink->rsinfo->setResult, values, nulls);
		}
}

static Datum
history(FunctionCallInfo fcinfo, const ReplayFamily *family)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	MemoryContext per_query;
	HistorySink sink;
	ReplayState *state;

	if (required_arg_null_srf(fcinfo, OPTIONAL_ARG(1)))
		return (Datum) 0;
	InitMaterializedSRF(fcinfo, 0);
	per_query = rsinfo->econtext->ecxt_per_query_memory;
	memset(&sink, 0, sizeof(sink));
	sink.rsinfo = rsinfo;
	row_template_init(&sink.row, rsinfo->setDesc, per_query);
	if (family->kind != VALUE_ELO)
		composite_init(&sink.rating, TupleDescAttr(rsinfo->setDesc, 5)->atttypid, per_query);

	state = replay_create(per_query, family);
	state->caller = psprintf("%s_history", family_prefix(family));
	replay_read_options(state, PG_ARGISNULL(1) ? NULL : PG_GETARG_JSONB_P(1));
	state->engine->emit = emit_rows;
	state->engine->emit_arg = &sink;

	rows_query_replay(state, PG_GETARG_TEXT_PP(0), &sink.rating);
	return (Datum) 0;
}

/* One history function per family that has one, named <prefix>_history. */
#define HISTORY_history(prefix) \
	PG_FUNCTION_INFO_V1(prefix##_history); \
	Datum prefix##_history(PG_FUNCTION_ARGS) { return history(fcinfo, &family_##prefix); }
#define HISTORY_none(prefix)
#define FAMILY(prefix, kind, period, has_history, label) HISTORY_##has_history(prefix)
#include "families/families.def"
#undef FAMILY
