/*
 * rows_query.c - a rows query read through an SPI cursor (rows_query.h).
 */
#include "sql/rows_query.h"

#include "access/htup_details.h"
#include "access/tupmacs.h"
#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "nodes/parsenodes.h"
#include "utils/plancache.h"
#include "utils/memutils.h"

#include "sql/replay_values.h"

#define ROWS_BATCH 10000

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
	/* Every column by value and of fixed size: where each lies in a row
	 * without NULLs (decode_row reads those without heap_deform_tuple). */
	bool		fixed;
	uint32		offset[7];
} RowsLayout;

static const char *
layout_hint(const RowsLayout *layout)
{
	return "The query must return match_id bigint, played_at timestamptz, [period timestamptz,] player_id bigint, team int, rank float8 [, prior], ordered by played_at, match_id.";
}

static void
check_column_type(const RowsLayout *layout, TupleDesc desc, int col, Oid want,
				  const char *name)
{
	Oid			got = SPI_gettypeid(desc, col);

	if (got != want)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("column %d (%s) of the rows query must be of type %s, not %s",
						col, name, format_type_be(want), format_type_be(got)),
				 errhint("%s", layout_hint(layout))));
}

/* The offsets of RowsLayout.fixed, as heap_fill_tuple lays the columns out. */
static void
fixed_offsets(RowsLayout *layout, TupleDesc desc)
{
	uint32		off = 0;
	int			i;

	layout->fixed = desc->natts <= lengthof(layout->offset);
	for (i = 0; i < desc->natts && layout->fixed; i++)
	{
		Form_pg_attribute att = TupleDescAttr(desc, i);

		layout->fixed = att->attbyval && att->attlen > 0 && !att->attisdropped;
		off = att_align_nominal(off, att->attalign);
		layout->offset[i] = off;
		off += att->attlen;
	}
}

/*
 * Checks the query's columns against what the family needs.  A period
 * column (a timestamptz third column) is optional: a family without rating
 * periods ignores it, and a Glicko family without it rates every match as
 * its own period.  So one rows query serves every family.
 */
static void
check_layout(RowsLayout *layout, TupleDesc desc)
{
	bool		has_period = desc->natts >= 6 && SPI_gettypeid(desc, 3) == TIMESTAMPTZOID;
	int			base = has_period ? 6 : 5;

	if (desc->natts != base && desc->natts != base + 1)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("the rows query must return %d or %d columns, not %d",
						base, base + 1, desc->natts),
				 errhint("%s", layout_hint(layout))));
	layout->period = has_period ? 3 : 0;
	layout->player_id = base - 2;
	layout->team = base - 1;
	layout->rank = base;
	layout->prior = desc->natts > base ? base + 1 : 0;
	check_column_type(layout, desc, 1, INT8OID, "match_id");
	check_column_type(layout, desc, 2, TIMESTAMPTZOID, "played_at");
	check_column_type(layout, desc, layout->player_id, INT8OID, "player_id");
	check_column_type(layout, desc, layout->team, INT4OID, "team");
	check_column_type(layout, desc, layout->rank, FLOAT8OID, "rank");
	if (layout->prior)
		check_column_type(layout, desc, layout->prior, layout->prior_type, "prior");
	fixed_offsets(layout, desc);
}

/* The most columns a rows query has (check_layout): with period and prior. */
#define ROWS_MAX_COLUMNS 7

/* Column col (1-based) of a deformed row, which must not be NULL. */
static Datum
column_value(const Datum *values, const bool *nulls, int col, const char *name)
{
	if (nulls[col - 1])
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("column %d (%s) of the rows query must not be NULL", col, name)));
	return values[col - 1];
}

/* One row, deformed once (a column at a time cost several times that). */
static void
decode_row(const RowsLayout *layout, CompositeType *prior_type, HeapTuple tuple,
		   TupleDesc desc, RowValues *row)
{
	Datum		v[ROWS_MAX_COLUMNS];
	bool		n[ROWS_MAX_COLUMNS];

	Assert(desc->natts <= ROWS_MAX_COLUMNS);
	if (layout->fixed && !HeapTupleHasNulls(tuple) &&
		HeapTupleHeaderGetNatts(tuple->t_data) == desc->natts)
	{
		const char *data = (const char *) tuple->t_data + tuple->t_data->t_hoff;
		int			i;

		for (i = 0; i < desc->natts; i++)
		{
			v[i] = fetch_att(data + layout->offset[i], true, TupleDescAttr(desc, i)->attlen);
			n[i] = false;
		}
	}
	else
		heap_deform_tuple(tuple, desc, v, n);
	row->match_id = DatumGetInt64(column_value(v, n, 1, "match_id"));
	row->played_at = DatumGetTimestampTz(column_value(v, n, 2, "played_at"));
	row->period = layout->period
		? DatumGetTimestampTz(column_value(v, n, layout->period, "period"))
		: row->played_at;	/* no period column: each match its own period */
	row->player_id = DatumGetInt64(column_value(v, n, layout->player_id, "player_id"));
	row->team = DatumGetInt32(column_value(v, n, layout->team, "team"));
	row->rank = DatumGetFloat8(column_value(v, n, layout->rank, "rank"));
	row->prior = NULL;
	if (layout->prior && !n[layout->prior - 1])
	{
		replay_value_read(layout->family, prior_type, v[layout->prior - 1], "prior",
						  row->prior_values);
		row->prior = row->prior_values;
	}
}

/* A cursor over the query, which must be one SELECT (no data changes). */
static Portal
open_select(const char *query)
{
	SPIPlanPtr	plan = SPI_prepare_cursor(query, 0, NULL, CURSOR_OPT_NO_SCROLL);
	List	   *sources;
	CachedPlanSource *source;
	ListCell   *lc;

	if (plan == NULL)
		elog(ERROR, "SPI_prepare_cursor failed: %s", SPI_result_code_string(SPI_result));
	sources = SPI_plan_get_plan_sources(plan);
	if (list_length(sources) != 1)
		ereport(ERROR,
				(errcode(ERRCODE_SYNTAX_ERROR),
				 errmsg("the rows query must be a single statement, not %d", list_length(sources))));
	source = linitial(sources);
	foreach(lc, source->query_list)
	{
		Query	   *q = lfirst_node(Query, lc);

		if (q->commandType != CMD_SELECT || q->hasModifyingCTE || q->rowMarks != NIL)
			ereport(ERROR,
					(errcode(ERRCODE_WRONG_OBJECT_TYPE),
					 errmsg("the rows query must be a plain SELECT, not %s",
							q->hasModifyingCTE ? "one that changes data in a WITH clause" :
							q->rowMarks != NIL ? "one that locks rows" :
							GetCommandTagName(source->commandTag)),
					 errdetail("The rows are only read: a query that changes data is refused.")));
	}
	return SPI_cursor_open(NULL, plan, NULL, NULL, true);
}

void
rows_query_run(const ReplayFamily *family, text *query, CompositeType *prior_type,
			   RowsQueryCallback fn, void *arg)
{
	RowsLayout	layout = {.family = family};
	MemoryContext batch_cxt;
	MemoryContext old;
	Portal		portal;
	bool		checked = false;

	layout.prior_type = family->kind == VALUE_ELO ? FLOAT8OID : prior_type->typid;
	batch_cxt = AllocSetContextCreate(CurrentMemoryContext, "skill rows batch",
									  ALLOCSET_DEFAULT_SIZES);
	SPI_connect();
	portal = open_select(text_to_cstring(query));
	for (;;)
	{
		uint64		i;
		TupleDesc	desc;

		SPI_cursor_fetch(portal, true, ROWS_BATCH);
		if (SPI_processed == 0)
			break;
		desc = SPI_tuptable->tupdesc;
		if (!checked)
		{
			check_layout(&layout, desc);
			checked = true;
		}
		old = MemoryContextSwitchTo(batch_cxt);
		for (i = 0; i < SPI_processed; i++)
		{
			RowValues	row;

			decode_row(&layout, prior_type, SPI_tuptable->vals[i], desc, &row);
			fn(arg, &row);
		}
		MemoryContextSwitchTo(old);
		MemoryContextReset(batch_cxt);
		SPI_freetuptable(SPI_tuptable);
		CHECK_FOR_INTERRUPTS();
	}
	SPI_cursor_close(portal);
	SPI_finish();
	MemoryContextDelete(batch_cxt);
}

static void
add_row(void *arg, const RowValues *row)
{
	ReplayState *state = arg;

	replay_add_row(state, row->match_id, row->played_at, row->player_id, row->team,
				   row->rank, row->prior, state->family->uses_period, row->period);
}

void
rows_query_replay(ReplayState *state, text *query, CompositeType *prior_type)
{
	rows_query_run(state->family, query, prior_type, add_row, state);
	replay_finish(state);
}
