/*
 * pg_internals.h - the operations that, in the default build, read or write
 * PostgreSQL's internal layouts (heap tuples, arrays, the error context
 * stack) directly: the one door to them.  Built with
 * SKILL_PORTABLE defined (make SKILL_PORTABLE=1), each goes through
 * PostgreSQL's documented APIs only, with the same SQL results byte for
 * byte.  pg_internals.c says which fast path pays for itself, measured.
 */
#ifndef SKILL_SQL_PG_INTERNALS_H
#define SKILL_SQL_PG_INTERNALS_H

#include "sql/rows_cursor.h"
#include "sql/skill.h"

#include "access/tupmacs.h"
#include "executor/spi.h"
#include "utils/tuplestore.h"

/*
 * Each operation's portable path alone: SKILL_PORTABLE_<NAME> (to measure
 * what its fast path buys); SKILL_PORTABLE sets them all.
 */
#ifdef SKILL_PORTABLE
#define SKILL_PORTABLE_COMPOSITE_REUSE
#define SKILL_PORTABLE_COMPOSITE_ARRAY
#define SKILL_PORTABLE_RATING_ARRAY
#define SKILL_PORTABLE_ROW_TEMPLATE
#define SKILL_PORTABLE_ROWS_RECEIVER
#endif

struct TeamMatch;

/* ---- Composite values (skill.rating, skill.glicko and the results' rows) ---- */

/*
 * A composite value (nulls may be NULL: none) for a caller that copies it
 * at once, into a tuplestore or an array.  The default build forms it in
 * *slot (in mcxt) on the first call and writes later values of the same
 * sizes over it; the portable one forms a new value in the current memory
 * context every call.
 */
extern Datum composite_reuse(TupleDesc desc, const Datum *values, const bool *nulls,
							 HeapTupleHeader *slot, MemoryContext mcxt);

/* A 1-D array of n composites: fill sets element i's fields (fixed-width, not NULL). */
typedef void (*CompositeArrayFill) (void *arg, uint32 i, Datum *values);
extern ArrayType *composite_array_build(CompositeType *elem, uint32 n, CompositeArrayFill fill,
										void *arg, const char *caller);

/*
 * New ratings (flat, in player order) as a skill.rating[] of match's shape,
 * written in place; NULL when this build or the type does not allow it
 * (then the caller builds the array with construct_md_array).
 */
extern ArrayType *rating_array_in_place(CompositeType *rating_type, const struct TeamMatch *match,
										const double *mu, const double *sigma);

/* ---- Result rows into a tuplestore ---- */

#define ROW_TEMPLATE_MAX_COLUMNS 16

/*
 * Rows of one shape put into a tuplestore.  row_template_put takes a row
 * as tuplestore_putvalues does.  Where row_template_fits is true (never in
 * the portable build), the caller may instead set each non-NULL column in
 * place (row_template_set_*) and store the row (row_template_store): only
 * the changing bytes are written, no composite is built first.
 */
typedef struct RowTemplate
{
	TupleDesc	desc;
#ifndef SKILL_PORTABLE_ROW_TEMPLATE
	MemoryContext mcxt;			/* where the template lives */
	HeapTuple	tuple;			/* NULL until the first row */
	char	   *data;			/* its column data */
	bool		nulls[ROW_TEMPLATE_MAX_COLUMNS];
	int16		attlen[ROW_TEMPLATE_MAX_COLUMNS];
	bool		attbyval[ROW_TEMPLATE_MAX_COLUMNS];
	uint32		offset[ROW_TEMPLATE_MAX_COLUMNS];	/* from the data start */
	uint32		payload[ROW_TEMPLATE_MAX_COLUMNS];	/* varlena: bytes after the header */
	uint8		header[ROW_TEMPLATE_MAX_COLUMNS];	/* varlena: 1 or 4 */
#endif
} RowTemplate;

/* desc at most ROW_TEMPLATE_MAX_COLUMNS columns; the template lives in mcxt. */
extern void row_template_init(RowTemplate *t, TupleDesc desc, MemoryContext mcxt);
extern void row_template_put(RowTemplate *t, Tuplestorestate *store, const Datum *values,
							 const bool *nulls);
/*
 * Sets non-NULL composite column col whose non-NULL fields are n float8s:
 * false, with nothing written, when the template's value there is not n
 * doubles (put the row through row_template_put then).  The composite's
 * NULL fields must be those of the template's.
 */
extern bool row_template_set_float8s(RowTemplate *t, int col, const double *v, int n);

#ifndef SKILL_PORTABLE_ROW_TEMPLATE
/* Whether the set_* may be used for a row with these NULLs. */
static inline bool
row_template_fits(const RowTemplate *t, const bool *nulls)
{
	return t->tuple != NULL && memcmp(t->nulls, nulls, sizeof(bool) * t->desc->natts) == 0;
}

/* Sets non-NULL column col of a fixed-size by-value type (int4, int8, float8, timestamptz). */
static inline void
row_template_set_byval(RowTemplate *t, int col, Datum value)
{
	Assert(t->attbyval[col] && !t->nulls[col]);
	store_att_byval(t->data + t->offset[col], value, t->attlen[col]);
}

/* Stores the row, as set, into store. */
static inline void
row_template_store(RowTemplate *t, Tuplestorestate *store)
{
	tuplestore_puttuple(store, t->tuple);
}
#else
/* Every row goes through row_template_put: the set_* are never called. */
static inline bool
row_template_fits(const RowTemplate *t, const bool *nulls)
{
	return false;
}

static inline void
row_template_set_byval(RowTemplate *t, int col, Datum value)
{
	Assert(false);
}

static inline void
row_template_store(RowTemplate *t, Tuplestorestate *store)
{
	Assert(false);
}
#endif

/* ---- Rows of a query, as the executor makes them ---- */

/*
 * Runs plan (SPI connected; one read-only SELECT): check(arg, columns) at
 * the first row, then fn for every row in batch_cxt, reset every
 * ROWS_BATCH rows.  Errors keep the caller's error context: SPI's, which
 * would name the rows query, is not added to them.
 */
#define ROWS_BATCH 10000
extern void spi_plan_rows(SPIPlanPtr plan, RowsCheckColumns check, RowsTuple fn, void *arg,
						  MemoryContext batch_cxt);

#endif
