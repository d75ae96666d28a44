/*
 * rows_cursor.h - a user's rows query run through SPI, each row handed to a
 * callback as the executor produces it: the one way every history,
 * skill.replay, evaluate, fit and otr_history read their input.  The query
 * must be one plain SELECT: a query that changes data or locks rows is
 * refused.
 */
#ifndef SKILL_SQL_ROWS_CURSOR_H
#define SKILL_SQL_ROWS_CURSOR_H

#include "engine/pg_compat.h"

#include "access/htup.h"
#include "access/tupdesc.h"
#include "executor/tuptable.h"

/* Called once, with the first batch's columns, before any row. */
typedef void (*RowsCheckColumns) (void *arg, TupleDesc desc);
/*
 * Called for every row, in order, in a context reset every few thousand
 * rows.  The slot is the executor's: valid only during the call.
 */
typedef void (*RowsTuple) (void *arg, TupleTableSlot *slot, TupleDesc desc);

extern void rows_cursor_run(text *query, RowsCheckColumns check, RowsTuple fn, void *arg);

/* Column col (1-based) must have type want; the error names it and gives hint. */
extern void rows_check_column_type(TupleDesc desc, int col, Oid want, const char *name,
								   const char *hint);

/* Column col (1-based) of a deformed row, which must not be NULL. */
extern Datum rows_column_value(const Datum *values, const bool *nulls, int col, const char *name);

#endif
