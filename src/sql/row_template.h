/*
 * row_template.h - rows of one shape put into a tuplestore without forming
 * each from scratch.
 *
 * tuplestore_putvalues forms every row with heap_form_minimal_tuple, which
 * walks each column generically (sizes, alignment, varlena headers): a
 * history's ten columns cost about 1,200 instructions a row that way.
 * Most rows of a history have the same shape as the one before (the same
 * NULLs, composite values of the same sizes), so the first is formed with
 * heap_form_tuple and kept with the offset of each column's data; later
 * rows of that shape are written into it at those offsets and stored with
 * tuplestore_puttuple (one copy).  A row of another shape becomes the new
 * template.  The stored bytes are the ones heap_form_tuple writes.
 *
 * A caller that puts millions of rows can also skip the Datums: when the
 * template has the row's NULLs (row_template_fits), it sets each non-NULL
 * column in place (row_template_set_*) and stores the row
 * (row_template_store).  That writes only the changing bytes, with no
 * composite value built first and no walk over the columns.
 */
#ifndef SKILL_SQL_ROW_TEMPLATE_H
#define SKILL_SQL_ROW_TEMPLATE_H

#include "sql/skill.h"

#include "access/tupmacs.h"
#include "utils/tuplestore.h"

#define ROW_TEMPLATE_MAX_COLUMNS 16

typedef struct RowTemplate
{
	TupleDesc	desc;
	MemoryContext mcxt;			/* where the template lives */
	HeapTuple	tuple;			/* NULL until the first row */
	char	   *data;			/* its column data */
	bool		nulls[ROW_TEMPLATE_MAX_COLUMNS];
	int16		attlen[ROW_TEMPLATE_MAX_COLUMNS];
	bool		attbyval[ROW_TEMPLATE_MAX_COLUMNS];
	uint32		offset[ROW_TEMPLATE_MAX_COLUMNS];	/* from the data start */
	uint32		payload[ROW_TEMPLATE_MAX_COLUMNS];	/* varlena: bytes after the header */
	uint8		header[ROW_TEMPLATE_MAX_COLUMNS];	/* varlena: 1 or 4 */
} RowTemplate;

/* desc at most ROW_TEMPLATE_MAX_COLUMNS columns; the template lives in mcxt. */
extern void row_template_init(RowTemplate *t, TupleDesc desc, MemoryContext mcxt);

/* Puts one row (values, nulls as for tuplestore_putvalues) into store. */
extern void row_template_put(RowTemplate *t, Tuplestorestate *store, const Datum *values,
							 const bool *nulls);

/* Whether there is a template and it has these NULLs (the set_* may be used). */
extern bool row_template_fits(const RowTemplate *t, const bool *nulls);

/* Sets non-NULL column col of a fixed-size by-value type (int4, int8, float8, timestamptz). */
static inline void
row_template_set_byval(RowTemplate *t, int col, Datum value)
{
	Assert(t->attbyval[col] && !t->nulls[col]);
	store_att_byval(t->data + t->offset[col], value, t->attlen[col]);
}

/*
 * Sets non-NULL composite column col whose non-NULL fields are n float8s:
 * false, with nothing written, when the template's value there is not n
 * doubles (put the row through row_template_put then).  The composite's
 * NULL fields must be those of the template's: the ones a value with the
 * same fields NULL has.
 */
extern bool row_template_set_float8s(RowTemplate *t, int col, const double *v, int n);

/* Stores the template, as set, into store. */
static inline void
row_template_store(RowTemplate *t, Tuplestorestate *store)
{
	tuplestore_puttuple(store, t->tuple);
}

#endif
