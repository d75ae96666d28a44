/*
 * rows_cursor.c - a rows query read through an SPI cursor (rows_cursor.h).
 */
#include "sql/rows_cursor.h"

#include "executor/spi.h"
#include "miscadmin.h"
#include "nodes/parsenodes.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/plancache.h"

#define ROWS_BATCH 10000

void
rows_check_column_type(TupleDesc desc, int col, Oid want, const char *name, const char *hint)
{
	Oid			got = SPI_gettypeid(desc, col);

	/*
	 * A prior of the composite under the skill.rating/glicko domain is taken
	 * too: VALUES, UNION and CASE with a NULL branch resolve a domain to its
	 * base type.  Its values are checked as they are read.
	 */
	if (got != want && getBaseType(got) != getBaseType(want))
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("column %d (%s) of the rows query must be of type %s, not %s",
						col, name, format_type_be(want), format_type_be(got)),
				 errhint("%s", hint)));
}

Datum
rows_column_value(const Datum *values, const bool *nulls, int col, const char *name)
{
	if (nulls[col - 1])
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("column %d (%s) of the rows query must not be NULL", col, name)));
	return values[col - 1];
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
rows_cursor_run(text *query, RowsCheckColumns check, RowsTuple fn, void *arg)
{
	MemoryContext batch_cxt;
	MemoryContext old;
	Portal		portal;
	bool		checked = false;

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
			check(arg, desc);
			checked = true;
		}
		old = MemoryContextSwitchTo(batch_cxt);
		for (i = 0; i < SPI_processed; i++)
			fn(arg, SPI_tuptable->vals[i], desc);
		MemoryContextSwitchTo(old);
		MemoryContextReset(batch_cxt);
		SPI_freetuptable(SPI_tuptable);
		CHECK_FOR_INTERRUPTS();
	}
	SPI_cursor_close(portal);
	SPI_finish();
	MemoryContextDelete(batch_cxt);
}
