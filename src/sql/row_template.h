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
 */
#ifndef SKILL_SQL_ROW_TEMPLATE_H
#define SKILL_SQL_ROW_TEMPLATE_H

#include "sql/skill.h"

#include "utils/tuplestore.h"

#define ROW_TEMPLATE_MAX_COLUMNS 16

typedef struct RowTemplate
{
	TupleDesc	desc;
	MemoryContext mcxt;			/* where the template lives */
	HeapTuple	tuple;			/* NULL until the first row */
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

#endif
