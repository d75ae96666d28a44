/*
 * rows_query.c - a rows query read row by row through SPI (rows_query.h).
 */
#include "sql/rows_query.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"

#include "engine/context_names.h"
#include "sql/replay_values.h"
#include "sql/rows_cursor.h"

/* Column positions (1-based) of one family's rows query. */
typedef struct RowsLayout
{
	const ReplayFamily *family;
	int			period;			/* 0: none */
	int			player_id;
	int			team;
	int			rank;
	int			prior;			/* 0: no prior column */
	Oid			prior_type;
	int			detail[DETAIL_COUNT];	/* the detail columns, found by name; 0: absent */
	int			season;			/* the season column; 0: absent */
	Oid			season_type;	/* int4, int8 or text */
	bool		has_details;
	int			forecast[FORECAST_COUNT];	/* evaluate's forecast columns; 0: absent */
} RowsLayout;

static const char *
layout_hint(const RowsLayout *layout)
{
	return "The query must return match_id bigint, played_at timestamptz, [period timestamptz,] player_id bigint, team int, rank float8 [, prior] [, score float8] [, context text] [, length float8] [, home boolean] [, match_weight float8] [, season int, bigint or text], ordered by played_at, match_id.";
}

static void
check_column_type(const RowsLayout *layout, TupleDesc desc, int col, Oid want,
				  const char *name)
{
	rows_check_column_type(desc, col, want, name, layout_hint(layout));
}

/* The names and types of the detail columns, by RowsDetail. */
static const char *const detail_names[] = {"score", "context", "length", "home", "match_weight"};
static const Oid detail_types[] = {FLOAT8OID, TEXTOID, FLOAT8OID, BOOLOID, FLOAT8OID};

/* The season column: an int, a bigint or text (only equality matters). */
static void
find_season_column(RowsLayout *layout, TupleDesc desc, int col)
{
	Oid			type = getBaseType(SPI_gettypeid(desc, col));

	if (layout->season)
		ereport(ERROR,
				(errcode(ERRCODE_DUPLICATE_COLUMN),
				 errmsg("the rows query has two columns named \"season\"")));
	if (type != INT4OID && type != INT8OID && type != TEXTOID)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("column %d (season) of the rows query must be of type integer, bigint or text, not %s",
						col, format_type_be(SPI_gettypeid(desc, col))),
				 errhint("%s", layout_hint(layout))));
	layout->season = col;
	layout->season_type = type;
}

/*
 * The outside forecast's columns, by RowsForecast: read for skill.evaluate,
 * ignored by the other functions (so one rows query serves them all), and
 * never taken for the prior.
 */
static const char *const forecast_names[] = {"forecast_win", "forecast_draw"};

/* Column col, if named name, is at found (not yet set); returns whether it is. */
static bool
find_named_column(const RowsLayout *layout, TupleDesc desc, int col, const char *name,
				  Oid type, int *found)
{
	if (strcmp(NameStr(TupleDescAttr(desc, col - 1)->attname), name) != 0)
		return false;
	if (*found)
		ereport(ERROR,
				(errcode(ERRCODE_DUPLICATE_COLUMN),
				 errmsg("the rows query has two columns named \"%s\"", name)));
	check_column_type(layout, desc, col, type, name);
	*found = col;
	return true;
}

/*
 * Finds the detail and forecast columns among those after the first
 * base_columns, by name and type; returns how many there are.
 */
static int
find_detail_columns(RowsLayout *layout, TupleDesc desc, int base_columns)
{
	int			found = 0,
				details = 0;
	int			col,
				k;

	for (col = base_columns + 1; col <= desc->natts; col++)
	{
		if (strcmp(NameStr(TupleDescAttr(desc, col - 1)->attname), "season") == 0)
		{
			find_season_column(layout, desc, col);
			details++;
		}
		for (k = 0; k < DETAIL_COUNT; k++)
			details += find_named_column(layout, desc, col, detail_names[k], detail_types[k],
										 &layout->detail[k]);
		for (k = 0; k < FORECAST_COUNT; k++)
			found += find_named_column(layout, desc, col, forecast_names[k], FLOAT8OID,
									   &layout->forecast[k]);
	}
	layout->has_details = details > 0;
	return found + details;
}

static bool
is_detail_column(const RowsLayout *layout, int col)
{
	int			k;

	for (k = 0; k < DETAIL_COUNT; k++)
		if (layout->detail[k] == col)
			return true;
	for (k = 0; k < FORECAST_COUNT; k++)
		if (layout->forecast[k] == col)
			return true;
	return layout->season == col;
}

/*
 * Checks the query's columns against what the family needs.  A period
 * column (a timestamptz third column) is optional: a family without rating
 * periods ignores it, and a Glicko family without it rates every match as
 * its own period.  So one rows query serves every family.  After rank come
 * the detail columns, by name, and at most one more: the prior.
 */
static void
check_layout(RowsLayout *layout, TupleDesc desc)
{
	bool		has_period = desc->natts >= 6 && SPI_gettypeid(desc, 3) == TIMESTAMPTZOID;
	int			base = has_period ? 6 : 5;
	int			details = desc->natts > base ? find_detail_columns(layout, desc, base) : 0;
	int			rest = desc->natts - details;
	int			col;

	if (rest != base && rest != base + 1)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("the rows query must return %d or %d columns besides its detail columns, not %d",
						base, base + 1, rest),
				 errhint("%s", layout_hint(layout))));
	layout->period = has_period ? 3 : 0;
	layout->player_id = base - 2;
	layout->team = base - 1;
	layout->rank = base;
	layout->prior = 0;
	for (col = base + 1; col <= desc->natts && rest > base; col++)
		if (!is_detail_column(layout, col))
			layout->prior = col;
	check_column_type(layout, desc, 1, INT8OID, "match_id");
	check_column_type(layout, desc, 2, TIMESTAMPTZOID, "played_at");
	check_column_type(layout, desc, layout->player_id, INT8OID, "player_id");
	check_column_type(layout, desc, layout->team, INT4OID, "team");
	check_column_type(layout, desc, layout->rank, FLOAT8OID, "rank");
	if (layout->prior)
		check_column_type(layout, desc, layout->prior, layout->prior_type, "prior");
}

/*
 * A score or length: NaN is refused, naming the match and player as a rank
 * error does, since the engine takes NaN for "not given".
 */
double
rows_detail_number(double value, const char *name, int64 match_id, int64 player_id)
{
	if (isnan(value))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s of player " INT64_FORMAT " in match " INT64_FORMAT " must be a number, not NaN",
						name, player_id, match_id),
				 errhint("NULL means no %s.", name)));
	return value;
}

void
rows_read_details(const int *column, const Datum *values, const bool *nulls,
				  ContextNames *contexts, int64 match_id, int64 player_id,
				  ReplayDetails *details)
{
	int			k;

	replay_details_none(details);
	for (k = 0; k < DETAIL_COUNT; k++)
	{
		int			at = column[k] - 1;

		if (column[k] == 0 || nulls[at])
			continue;
		switch ((RowsDetail) k)
		{
			case DETAIL_SCORE:
				details->score = rows_detail_number(DatumGetFloat8(values[at]), "score",
											   match_id, player_id);
				break;
			case DETAIL_LENGTH:
				details->length = rows_detail_number(DatumGetFloat8(values[at]), "length",
												match_id, player_id);
				break;
			case DETAIL_MATCH_WEIGHT:
				details->match_weight = rows_detail_number(DatumGetFloat8(values[at]), "match_weight",
													  match_id, player_id);
				break;
			case DETAIL_HOME:
				details->home = DatumGetBool(values[at]);
				break;
			case DETAIL_CONTEXT:
				{
					text	   *name = DatumGetTextPP(values[at]);

					details->context = context_names_id(contexts, VARDATA_ANY(name),
														VARSIZE_ANY_EXHDR(name));
					break;
				}
			case DETAIL_COUNT:
				break;
		}
	}
}

/* The row's season as a key: the number, or the text's id in seasons. */
static void
read_season(const RowsLayout *layout, const Datum *values, const bool *nulls,
			ContextNames *seasons, ReplayDetails *details)
{
	Datum		value = values[layout->season - 1];

	if (nulls[layout->season - 1])
		return;
	details->has_season = true;
	if (layout->season_type == TEXTOID)
	{
		text	   *name = DatumGetTextPP(value);

		details->season = context_names_id(seasons, VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name));
	}
	else
		details->season = layout->season_type == INT4OID ? DatumGetInt32(value)
			: DatumGetInt64(value);
}

/* One row, deformed once (a column at a time cost several times that). */
static void
decode_row(const RowsLayout *layout, CompositeType *prior_type, ContextNames *contexts,
		   ContextNames *seasons, TupleTableSlot *slot, RowValues *row)
{
	const Datum *values;
	const bool *nulls;
	int			k;

	slot_getallattrs(slot);
	values = slot->tts_values;
	nulls = slot->tts_isnull;
	row->match_id = DatumGetInt64(rows_column_value(values, nulls, 1, "match_id"));
	row->played_at = DatumGetTimestampTz(rows_column_value(values, nulls, 2, "played_at"));
	row->period = layout->period
		? DatumGetTimestampTz(rows_column_value(values, nulls, layout->period, "period"))
		: row->played_at;	/* no period column: each match its own period */
	row->player_id = DatumGetInt64(rows_column_value(values, nulls, layout->player_id, "player_id"));
	row->team = DatumGetInt32(rows_column_value(values, nulls, layout->team, "team"));
	row->rank = DatumGetFloat8(rows_column_value(values, nulls, layout->rank, "rank"));
	row->prior = NULL;
	if (layout->prior && !nulls[layout->prior - 1])
	{
		replay_value_read(layout->family, prior_type, values[layout->prior - 1], "prior",
						  row->prior_values);
		row->prior = row->prior_values;
	}
	row->details = NULL;
	if (layout->has_details)
	{
		rows_read_details(layout->detail, values, nulls, contexts, row->match_id,
						  row->player_id, &row->detail_values);
		if (layout->season)
			read_season(layout, values, nulls, seasons, &row->detail_values);
		row->details = &row->detail_values;
	}
	for (k = 0; k < FORECAST_COUNT; k++)
	{
		int			at = layout->forecast[k] - 1;

		row->has_forecast[k] = at >= 0;
		row->forecast_null[k] = at < 0 || nulls[at];
		row->forecast[k] = row->forecast_null[k] ? 0 : DatumGetFloat8(values[at]);
	}
}

/* What rows_query_run's cursor callbacks carry. */
typedef struct RowsRun
{
	RowsLayout	layout;
	CompositeType *prior_type;
	ContextNames *contexts;
	ContextNames *seasons;
	RowsQueryCallback fn;
	void	   *arg;
} RowsRun;

static void
run_check(void *arg, TupleDesc desc)
{
	check_layout(&((RowsRun *) arg)->layout, desc);
}

static void
run_row(void *arg, TupleTableSlot *slot, TupleDesc desc)
{
	RowsRun    *run = arg;
	RowValues	row;

	decode_row(&run->layout, run->prior_type, run->contexts, run->seasons, slot, &row);
	run->fn(run->arg, &row);
}

void
rows_query_run(const ReplayFamily *family, text *query, CompositeType *prior_type,
			   RowsQueryCallback fn, void *arg)
{
	RowsRun		run = {.layout = {.family = family}, .prior_type = prior_type, .fn = fn, .arg = arg};

	/* Context ids are the engine's: they live as long as the caller's replay. */
	run.contexts = context_names_create(CurrentMemoryContext);
	run.seasons = context_names_create(CurrentMemoryContext);

	run.layout.prior_type = family->kind == VALUE_ELO ? FLOAT8OID : prior_type->typid;
	rows_cursor_run(query, run_check, run_row, &run);
}

static void
add_row(void *arg, const RowValues *row)
{
	ReplayState *state = arg;

	replay_add_row(state, row->match_id, row->played_at, row->player_id, row->team,
				   row->rank, row->prior, state->family->uses_period, row->period, row->details);
}

void
rows_query_replay(ReplayState *state, text *query, CompositeType *prior_type)
{
	rows_query_run(state->family, query, prior_type, add_row, state);
	replay_finish(state);
}
