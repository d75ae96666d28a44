/*
 * rows_cursor.c - a rows query run through SPI, each row handed on as the
 * executor makes it (rows_cursor.h).
 */
#include "sql/rows_cursor.h"

#include "executor/spi.h"
#include "nodes/parsenodes.h"
#include "tcop/utility.h"
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

/*
 * The query's plan, which must be one SELECT (no data changes).  Planned
 * as for the no-scroll cursor the rows were once fetched through, so the
 * plan is the one that cursor had.
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

/*
 * What the executor hands each row to: the rows go straight from the
 * query's own slot to the callback, with no SPI tuple table in between (a
 * cursor fetch copied every row into one, and freeing each batch's table
 * handed its pages back to the kernel, to be faulted in again by the next).
 */
typedef struct RowsReceiver
{
	DestReceiver pub;
	RowsCheckColumns check;
	RowsTuple	fn;
	void	   *arg;
	TupleDesc	desc;			/* the query's columns */
	ErrorContextCallback *caller_context;	/* error_context_stack outside SPI */
	bool		checked;
	MemoryContext batch_cxt;	/* per-row memory, reset every ROWS_BATCH rows */
	uint64		in_batch;
} RowsReceiver;

static void
receiver_startup(DestReceiver *self, int operation, TupleDesc desc)
{
	RowsReceiver *r = (RowsReceiver *) self;

	r->desc = desc;

	/*
	 * SPI adds the query's text as context to every error raised while it
	 * runs, the callbacks' own included ("match 7 arrives out of order").
	 * A cursor fetch added none, so errors keep the caller's context, as
	 * they had: SPI puts its own back when the run ends.
	 */
	error_context_stack = r->caller_context;
}

static bool
receive_slot(TupleTableSlot *slot, DestReceiver *self)
{
	RowsReceiver *r = (RowsReceiver *) self;
	MemoryContext old;

	/* At the first row, as before: an empty result checks nothing. */
	if (!r->checked)
	{
		r->check(r->arg, r->desc);
		r->checked = true;
	}
	old = MemoryContextSwitchTo(r->batch_cxt);
	r->fn(r->arg, slot, r->desc);
	MemoryContextSwitchTo(old);
	if (++r->in_batch == ROWS_BATCH)
	{
		MemoryContextReset(r->batch_cxt);
		r->in_batch = 0;
	}
	return true;
}

static void
receiver_noop(DestReceiver *self)
{
}

void
rows_cursor_run(text *query, RowsCheckColumns check, RowsTuple fn, void *arg)
{
	RowsReceiver receiver = {
		.pub = {.receiveSlot = receive_slot, .rStartup = receiver_startup,
		.rShutdown = receiver_noop, .rDestroy = receiver_noop, .mydest = DestNone},
		.check = check, .fn = fn, .arg = arg, .caller_context = error_context_stack,
	};
	SPIExecuteOptions options = {.read_only = true, .dest = &receiver.pub};
	SPIPlanPtr	plan;
	int			rc;

	receiver.batch_cxt = AllocSetContextCreate(CurrentMemoryContext, "skill rows batch",
											   ALLOCSET_DEFAULT_SIZES);
	SPI_connect();
	plan = prepare_select(text_to_cstring(query));
	rc = SPI_execute_plan_extended(plan, &options);
	/* SPI_OK_UTILITY, not SPI_OK_SELECT: SPI sees a receiver of kind DestNone. */
	if (rc < 0)
		elog(ERROR, "SPI_execute_plan_extended failed: %s", SPI_result_code_string(rc));
	SPI_finish();
	MemoryContextDelete(receiver.batch_cxt);
}
