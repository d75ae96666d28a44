/*
 * rows_cursor.c - a rows query run through SPI, each row handed on as the
 * executor makes it (rows_cursor.h; the run itself is spi_plan_rows in
 * pg_internals.c).
 */
#include "sql/rows_cursor.h"
#include "sql/pg_internals.h"

#include "executor/spi.h"
#include "nodes/parsenodes.h"
#include "tcop/utility.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/plancache.h"

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

/*
 * The query's plan, which must be one SELECT (no data changes), planned
 * for a no-scroll cursor: the portable build fetches the rows through one,
 * and both builds run the same plan.
 */
static SPIPlanPtr
prepare_select(const char *query)
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
							GetCommandTagName(CreateCommandTag((Node *) q))),
					 errdetail("The statement itself is checked: any other command (INSERT, UPDATE, DELETE, MERGE, SELECT INTO, ...), a data-changing WITH and FOR UPDATE/SHARE are refused; functions the SELECT calls run as they are written.")));
	}
	return plan;
}

void
rows_cursor_run(text *query, RowsCheckColumns check, RowsTuple fn, void *arg)
{
	MemoryContext batch_cxt = AllocSetContextCreate(CurrentMemoryContext, "skill rows batch",
													ALLOCSET_DEFAULT_SIZES);

	SPI_connect();
	spi_plan_rows(prepare_select(text_to_cstring(query)), check, fn, arg, batch_cxt);
	SPI_finish();
	MemoryContextDelete(batch_cxt);
}
