/*
 * row_template.c - rows of one shape put into a tuplestore (row_template.h).
 */
#include "sql/row_template.h"

#include "access/htup_details.h"
#include "access/tupmacs.h"

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
row_template_fits(const RowTemplate *t, const bool *nulls)
{
	return t->tuple != NULL && memcmp(t->nulls, nulls, sizeof(bool) * t->desc->natts) == 0;
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
