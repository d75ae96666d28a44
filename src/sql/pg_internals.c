/*
 * pg_internals.c - the extension's reads and writes of PostgreSQL's internal
 * layouts, each beside its portable twin (pg_internals.h).
 *
 * The default build writes heap tuples and arrays byte by byte and drops
 * SPI's frame from the error context stack: what a PostgreSQL major
 * version is most likely to break.  make SKILL_PORTABLE=1 builds every
 * operation here from documented APIs only (heap_form_tuple,
 * construct_array, construct_md_array, tuplestore_putvalues, an SPI
 * cursor), and engine/bulk_alloc.c without its madvise; scripts/test.sh
 * runs the whole pg_regress suite on both builds.
 *
 * A fast path stays only where it pays.  bench/internals/run.sh, 200,000
 * 1v1 matches among 50,000 players, each build swapped into one server in
 * turn, backend CPU time, least of 2 rounds x 3 runs on a loaded host
 * (variants that change nothing a query uses moved by up to +-8 %); the
 * time each query takes with that operation's portable path alone, against
 * the default build:
 *
 *   ROW_TEMPLATE      elo_history +23 %, pl_history +10 %, glicko2_history +9 %
 *   ROWS_RECEIVER     elo_history +18 %, skill.replay('pl') +8 %,
 *                     pl_history +4 %, glicko2_history -6 % (noise)
 *   COMPOSITE_ARRAY   pl_replay over the table (50,000 players) +41 %
 *   BULK_POPULATE     the same +25 % (madvise, in engine/bulk_alloc.c)
 *   RATING_ARRAY      100,000 pl_rate calls +27 %
 *   everything        elo_history +35 %, pl_history +197 %,
 *   (SKILL_PORTABLE)  glicko2_history +200 %, pl_replay +58 %, pl_rate +26 %
 *
 * COMPOSITE_REUSE (a rating value formed once and refilled) is not
 * measured alone; with it portable too, pl_history and glicko2_history,
 * whose rows carry two rating composites, take three times as long where
 * elo_history's float8 ratings take 1.35 times: forming two fresh values a
 * row (and the memory they churn) is most of the portable build's cost.
 * Taken out for paying nothing
 * measurable: reading a composite's doubles at t_hoff (pl_rate +11 %, at
 * the noise) and reading a rows query's heap tuples at fixed offsets
 * through HeapTupleTableSlot (elo_history +7 %, the other queries -4 to
 * 0 %); both go through heap_deform_tuple and slot_getallattrs now.
 */
#include "sql/pg_internals.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "executor/tuptable.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/memutils.h"

#include "sql/teams.h"

/* ---- Composite values ---- */

/*
 * True when every column of the type is a live float8: then a value with
 * no NULL stores its doubles back to back, 8-byte aligned, from t_hoff.
 */
static inline bool
all_float8(TupleDesc desc, int natts)
{
	int			i;

	for (i = 0; i < natts; i++)
	{
		Form_pg_attribute att = TupleDescAttr(desc, i);

		if (att->atttypid != FLOAT8OID || att->attisdropped)
			return false;
	}
	return true;
}

/* The composite, formed in the current memory context. */
static HeapTupleHeader
composite_form(TupleDesc desc, const Datum *values, const bool *nulls)
{
	bool		none[8] = {false};

	if (desc->natts > lengthof(none))
		composite_altered(desc->tdtypeid);
	return heap_form_tuple(desc, (Datum *) values, (bool *) (nulls ? nulls : none))->t_data;
}

/* composite_refill's fast path; false when it does not apply. */
static inline bool
refill_float8(TupleDesc desc, const Datum *values, const bool *nulls, HeapTupleHeader td,
			  Size size)
{
	bool		hasnull = (td->t_infomask & HEAP_HASNULL) != 0;
	char	   *data = (char *) td + td->t_hoff;
	int			i,
				stored = 0;

	for (i = 0; i < desc->natts; i++)
	{
		bool		isnull = nulls != NULL && nulls[i];

		if (isnull != (hasnull && att_isnull(i, td->t_bits)))
			return false;
		stored += !isnull;
	}
	if (size - td->t_hoff != stored * sizeof(double))
		return false;
	for (i = 0; i < desc->natts; i++)
		if (nulls == NULL || !nulls[i])
		{
			double		v = DatumGetFloat8(values[i]);

			memcpy(data, &v, sizeof(double));
			data += sizeof(double);
		}
	return true;
}

/*
 * Writes values into td, a copy of a composite formed by composite_form
 * with values of the same sizes and the same NULLs.  Copying
 * heap_form_tuple's header keeps whatever it stamps there.
 */
static inline void
composite_refill(TupleDesc desc, const Datum *values, const bool *nulls, HeapTupleHeader td)
{
	bool		none[8] = {false};
	Size		size = HeapTupleHeaderGetDatumLength(td);

	/*
	 * With only float8 columns and NULLs where the template has them, the
	 * doubles lie back to back from t_hoff (composite_read) and are stored
	 * there as heap_fill_tuple would.
	 */
	if (all_float8(desc, desc->natts) && refill_float8(desc, values, nulls, td, size))
		return;
	/*
	 * Padding between fields is left as the template has it: zero.  The
	 * null bitmap is rewritten when the template has one: without it,
	 * heap_fill_tuple would write every field, NULL ones included.
	 */
	Assert(((td->t_infomask & HEAP_HASNULL) != 0) == (nulls != NULL && memchr(nulls, true, desc->natts) != NULL));
	heap_fill_tuple(desc, (Datum *) values, (bool *) (nulls ? nulls : none),
					(char *) td + td->t_hoff, size - td->t_hoff, &td->t_infomask,
					(td->t_infomask & HEAP_HASNULL) ? td->t_bits : NULL);
}

Datum
composite_reuse(TupleDesc desc, const Datum *values, const bool *nulls,
				HeapTupleHeader *slot, MemoryContext mcxt)
{
#ifndef SKILL_PORTABLE_COMPOSITE_REUSE
	if (*slot == NULL)
	{
		MemoryContext old = MemoryContextSwitchTo(mcxt);

		*slot = composite_form(desc, values, nulls);
		MemoryContextSwitchTo(old);
	}
	else
		composite_refill(desc, values, nulls, *slot);
	return PointerGetDatum(*slot);
#else
	return PointerGetDatum(composite_form(desc, values, nulls));
#endif
}

/* An array of n elements of elem_size bytes must fit in one allocation. */
static void
check_array_size(CompositeType *elem, Size elem_size, uint32 n, const char *caller)
{
	Size		stride = att_align_nominal(elem_size, elem->typalign);

	if (!AllocSizeIsValid(ARR_OVERHEAD_NONULLS(1) + stride * (double) n))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("%s has too many players (%u) for one array", caller, n),
				 errhint("Use the history function, which streams its rows.")));
}

#ifndef SKILL_PORTABLE_COMPOSITE_ARRAY
/*
 * The first element is formed once and every other is a copy refilled in
 * place, in one bulk allocation: building a tuple per player and copying
 * them into an array touched three times the memory, and for 50,000
 * players that was a third of a short replay's time (page faults on fresh
 * memory).  So every element must have the first one's size.
 */
ArrayType *
composite_array_build(CompositeType *elem, uint32 n, CompositeArrayFill fill, void *arg,
					  const char *caller)
{
	Datum		values[8];
	HeapTupleHeader first;
	Size		elem_size,
				stride,
				nbytes;
	ArrayType  *array;
	char	   *data;
	uint32		i;

	if (elem->desc->natts > lengthof(values))
		composite_altered(elem->typid);
	if (n == 0)
		return construct_empty_array(elem->typid);

	fill(arg, 0, values);
	first = composite_form(elem->desc, values, NULL);
	elem_size = HeapTupleHeaderGetDatumLength(first);
	check_array_size(elem, elem_size, n, caller);
	stride = att_align_nominal(elem_size, elem->typalign);
	nbytes = ARR_OVERHEAD_NONULLS(1) + stride * n;

	array = bulk_alloc(CurrentMemoryContext, nbytes, 0);
	SET_VARSIZE(array, nbytes);
	array->ndim = 1;
	array->dataoffset = 0;
	array->elemtype = elem->typid;
	ARR_DIMS(array)[0] = n;
	ARR_LBOUND(array)[0] = 1;
	data = ARR_DATA_PTR(array);
	for (i = 0; i < n; i++)
	{
		HeapTupleHeader td = (HeapTupleHeader) (data + stride * i);

		CHECK_FOR_INTERRUPTS();
		memcpy(td, first, elem_size);
		memset((char *) td + elem_size, 0, stride - elem_size);
		if (i > 0)
		{
			fill(arg, i, values);
			composite_refill(elem->desc, values, NULL, td);
		}
	}
	return array;
}
#else
ArrayType *
composite_array_build(CompositeType *elem, uint32 n, CompositeArrayFill fill, void *arg,
					  const char *caller)
{
	Datum		values[8];
	Datum	   *elems;
	MemoryContext elems_cxt,
				fill_cxt,
				old;
	ArrayType  *array;
	uint32		i;

	if (elem->desc->natts > lengthof(values))
		composite_altered(elem->typid);
	if (n == 0)
		return construct_empty_array(elem->typid);

	elems_cxt = AllocSetContextCreate(CurrentMemoryContext, "skill array elements",
									  ALLOCSET_DEFAULT_SIZES);
	fill_cxt = AllocSetContextCreate(elems_cxt, "skill array fill", ALLOCSET_SMALL_SIZES);
	elems = MemoryContextAllocHuge(elems_cxt, sizeof(Datum) * n);
	for (i = 0; i < n; i++)
	{
		HeapTupleHeader td;

		CHECK_FOR_INTERRUPTS();
		old = MemoryContextSwitchTo(fill_cxt);
		fill(arg, i, values);
		MemoryContextSwitchTo(elems_cxt);
		td = composite_form(elem->desc, values, NULL);
		MemoryContextSwitchTo(old);
		MemoryContextReset(fill_cxt);
		if (i == 0)
			check_array_size(elem, HeapTupleHeaderGetDatumLength(td), n, caller);
		elems[i] = PointerGetDatum(td);
	}
	array = construct_array(elems, n, elem->typid, elem->typlen, elem->typbyval, elem->typalign);
	MemoryContextDelete(elems_cxt);
	return array;
}
#endif

#ifndef SKILL_PORTABLE_RATING_ARRAY
/* Whether rating_array_in_place can write the type: two live float8 fields. */
static bool
rating_type_is_plain(CompositeType *rating_type)
{
	TupleDesc	desc = rating_type->desc;

	return desc->natts == 2 && rating_type->typlen == -1 &&
		rating_type->typalign == TYPALIGN_DOUBLE && all_float8(desc, 2);
}

/*
 * No heap_form_tuple per player and no copy by construct_md_array: one
 * rating is formed as a template, and each element is the template with
 * its two doubles replaced, written straight into the result (the same
 * bytes construct_md_array would produce).
 */
ArrayType *
rating_array_in_place(CompositeType *rating_type, const TeamMatch *match,
					  const double *mu, const double *sigma)
{
	Datum		zero[2] = {Float8GetDatum(0.0), Float8GetDatum(0.0)};
	bool		no_nulls[2] = {false, false};
	HeapTuple	template;
	HeapTupleHeader th;
	Size		elem_len,
				elem_step,
				overhead,
				nbytes;
	bool		has_nulls = match->n_players < match->n_slots;
	ArrayType  *result;
	bits8	   *bitmap;
	char	   *p;
	int			slot,
				i = 0;

	if (!rating_type_is_plain(rating_type))
		return NULL;
	template = heap_form_tuple(rating_type->desc, zero, no_nulls);
	th = template->t_data;
	elem_len = template->t_len;
	elem_step = att_align_nominal(elem_len, rating_type->typalign);
	overhead = has_nulls ? ARR_OVERHEAD_WITHNULLS(match->ndim, match->n_slots) :
		ARR_OVERHEAD_NONULLS(match->ndim);
	nbytes = overhead + elem_step * match->n_players;
	if (!AllocSizeIsValid(nbytes))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("array size exceeds the maximum allowed (%d)",
						(int) MaxAllocSize)));
	result = (ArrayType *) palloc0(nbytes);
	SET_VARSIZE(result, nbytes);
	result->ndim = match->ndim;
	result->dataoffset = has_nulls ? overhead : 0;
	result->elemtype = rating_type->typid;
	memcpy(ARR_DIMS(result), match->dims, sizeof(int) * match->ndim);
	memcpy(ARR_LBOUND(result), match->lbs, sizeof(int) * match->ndim);
	bitmap = ARR_NULLBITMAP(result);
	p = ARR_DATA_PTR(result);
	for (slot = 0; slot < match->n_slots; slot++)
	{
		if (match->slot_is_null[slot])
			continue;			/* its bit stays 0: NULL */
		if (bitmap != NULL)
			bitmap[slot / 8] |= (bits8) (1 << (slot % 8));
		check_result_finite(mu[i]);
		check_result_spread("sigma", sigma[i], false);
		memcpy(p, th, elem_len);
		memcpy(p + th->t_hoff, &mu[i], sizeof(double));
		memcpy(p + th->t_hoff + sizeof(double), &sigma[i], sizeof(double));
		p += elem_step;
		i++;
	}
	heap_freetuple(template);
	return result;
}
#else
ArrayType *
rating_array_in_place(CompositeType *rating_type, const TeamMatch *match,
					  const double *mu, const double *sigma)
{
	return NULL;
}
#endif

/* ---- Result rows into a tuplestore ---- */

#ifndef SKILL_PORTABLE_ROW_TEMPLATE
/*
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
void
row_template_init(RowTemplate *t, TupleDesc desc, MemoryContext mcxt)
{
	int			i;

	if (desc->natts > ROW_TEMPLATE_MAX_COLUMNS)
		elog(ERROR, "row_template: %d columns, at most %d", desc->natts,
			 ROW_TEMPLATE_MAX_COLUMNS);
	memset(t, 0, sizeof(*t));
	t->desc = desc;
	t->mcxt = mcxt;
	for (i = 0; i < desc->natts; i++)
	{
		t->attlen[i] = TupleDescAttr(desc, i)->attlen;
		t->attbyval[i] = TupleDescAttr(desc, i)->attbyval;
	}
}

/* A varlena the refill can copy: in line, uncompressed, 4-byte header. */
static inline bool
plain_varlena(Datum d)
{
	return VARATT_IS_4B_U(DatumGetPointer(d));
}

/* Forms the row as the new template and records where its columns lie. */
static void
rebuild(RowTemplate *t, const Datum *values, const bool *nulls)
{
	MemoryContext old = MemoryContextSwitchTo(t->mcxt);
	TupleDesc	desc = t->desc;
	char	   *data;
	uint32		off = 0;
	int			i;

	if (t->tuple)
		heap_freetuple(t->tuple);
	t->tuple = heap_form_tuple(desc, (Datum *) values, (bool *) nulls);
	MemoryContextSwitchTo(old);
	data = t->data = (char *) t->tuple->t_data + t->tuple->t_data->t_hoff;
	/* the walk of heap_deform_tuple */
	for (i = 0; i < desc->natts; i++)
	{
		Form_pg_attribute att = TupleDescAttr(desc, i);

		t->nulls[i] = nulls[i];
		if (nulls[i])
			continue;
		if (att->attlen == -1)
			off = att_align_pointer(off, att->attalign, -1, data + off);
		else
			off = att_align_nominal(off, att->attalign);
		t->offset[i] = off;
		if (att->attlen == -1)
		{
			t->header[i] = VARATT_IS_SHORT(data + off) ? VARHDRSZ_SHORT : VARHDRSZ;
			t->payload[i] = VARSIZE_ANY_EXHDR(data + off);
		}
		off = att_addlength_pointer(off, att->attlen, data + off);
	}
}

/*
 * Writes the row into the template at its offsets; false (the template
 * half written) when the row has another shape: other NULLs, a varlena of
 * another size or form, a cstring.
 */
static bool
refill(RowTemplate *t, const Datum *values, const bool *nulls)
{
	char	   *data = t->data;
	int			i;

	for (i = 0; i < t->desc->natts; i++)
	{
		char	   *at = data + t->offset[i];

		if (nulls[i] != t->nulls[i])
			return false;
		if (nulls[i])
			continue;
		if (t->attbyval[i])
			store_att_byval(at, values[i], t->attlen[i]);
		else if (t->attlen[i] == -1)
		{
			const char *v = DatumGetPointer(values[i]);

			if (!plain_varlena(values[i]) || VARSIZE(v) - VARHDRSZ != t->payload[i])
				return false;
			memcpy(at + t->header[i], VARDATA(v), t->payload[i]);
		}
		else if (t->attlen[i] > 0)
			memcpy(at, DatumGetPointer(values[i]), t->attlen[i]);
		else
			return false;
	}
	return true;
}

void
row_template_put(RowTemplate *t, Tuplestorestate *store, const Datum *values,
				 const bool *nulls)
{
	if (t->tuple == NULL || !refill(t, values, nulls))
		rebuild(t, values, nulls);
	tuplestore_puttuple(store, t->tuple);
}

bool
row_template_set_float8s(RowTemplate *t, int col, const double *v, int n)
{
	char	   *at = t->data + t->offset[col];

	/*
	 * The column holds the composite's HeapTupleHeader with its 4-byte
	 * length word replaced by a header[col]-byte one: byte k of the value
	 * lies at value + k.  The fields follow its t_hoff, NULL ones taking no
	 * room, as composite_refill writes them.
	 */
	char	   *value = at + t->header[col] - VARHDRSZ;
	uint8		hoff;

	Assert(t->attlen[col] == -1 && !t->nulls[col]);
	memcpy(&hoff, value + offsetof(HeapTupleHeaderData, t_hoff), sizeof(hoff));
	if (t->payload[col] != hoff - VARHDRSZ + n * sizeof(double))
		return false;
	memcpy(value + hoff, v, n * sizeof(double));
	return true;
}
#else
void
row_template_init(RowTemplate *t, TupleDesc desc, MemoryContext mcxt)
{
	t->desc = desc;
}

void
row_template_put(RowTemplate *t, Tuplestorestate *store, const Datum *values,
				 const bool *nulls)
{
	tuplestore_putvalues(store, t->desc, (Datum *) values, (bool *) nulls);
}

bool
row_template_set_float8s(RowTemplate *t, int col, const double *v, int n)
{
	Assert(false);
	return false;
}
#endif

/* ---- Rows of a query ---- */

#ifndef SKILL_PORTABLE_ROWS_RECEIVER
/*
 * What the executor hands each row to: the rows go straight from the
 * query's own slot to the callback, with no SPI tuple table in between (a
 * cursor fetch copies every row into one, and freeing each batch's table
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
	MemoryContext batch_cxt;
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
	 * A cursor fetch adds none, so errors keep the caller's context, as on
	 * the portable path: SPI puts its own back when the run ends.
	 */
	error_context_stack = r->caller_context;
}

static bool
receive_slot(TupleTableSlot *slot, DestReceiver *self)
{
	RowsReceiver *r = (RowsReceiver *) self;
	MemoryContext old;

	/* At the first row: an empty result checks nothing. */
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
spi_plan_rows(SPIPlanPtr plan, RowsCheckColumns check, RowsTuple fn, void *arg,
			  MemoryContext batch_cxt)
{
	RowsReceiver receiver = {
		.pub = {.receiveSlot = receive_slot, .rStartup = receiver_startup,
		.rShutdown = receiver_noop, .rDestroy = receiver_noop, .mydest = DestNone},
		.check = check, .fn = fn, .arg = arg, .caller_context = error_context_stack,
		.batch_cxt = batch_cxt,
	};
	SPIExecuteOptions options = {.read_only = true, .dest = &receiver.pub};
	int			rc = SPI_execute_plan_extended(plan, &options);

	/* SPI_OK_UTILITY, not SPI_OK_SELECT: SPI sees a receiver of kind DestNone. */
	if (rc < 0)
		elog(ERROR, "SPI_execute_plan_extended failed: %s", SPI_result_code_string(rc));
}
#else
/*
 * Through a cursor, ROWS_BATCH rows a fetch: the callbacks run outside the
 * fetch, where SPI has no error context of its own.
 */
void
spi_plan_rows(SPIPlanPtr plan, RowsCheckColumns check, RowsTuple fn, void *arg,
			  MemoryContext batch_cxt)
{
	Portal		portal = SPI_cursor_open(NULL, plan, NULL, NULL, true);
	TupleTableSlot *slot = NULL;

	for (;;)
	{
		MemoryContext old;
		TupleDesc	desc;
		uint64		i;

		SPI_cursor_fetch(portal, true, ROWS_BATCH);
		if (SPI_processed == 0)
			break;
		desc = SPI_tuptable->tupdesc;
		if (slot == NULL)
		{
			check(arg, desc);
			/* Each batch's descriptor goes with its tuple table: the slot keeps a copy. */
			slot = MakeSingleTupleTableSlot(CreateTupleDescCopy(desc), &TTSOpsHeapTuple);
		}
		old = MemoryContextSwitchTo(batch_cxt);
		for (i = 0; i < SPI_processed; i++)
		{
			ExecStoreHeapTuple(SPI_tuptable->vals[i], slot, false);
			fn(arg, slot, desc);
		}
		MemoryContextSwitchTo(old);
		ExecClearTuple(slot);
		MemoryContextReset(batch_cxt);
		SPI_freetuptable(SPI_tuptable);
		CHECK_FOR_INTERRUPTS();
	}
	if (slot != NULL)
		ExecDropSingleTupleTableSlot(slot);
	SPI_cursor_close(portal);
}
#endif
