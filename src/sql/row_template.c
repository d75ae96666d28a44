/*
 * row_template.c - rows of one shape put into a tuplestore (row_template.h).
 */
#include "sql/row_template.h"

#include "access/htup_details.h"
#include "access/tupmacs.h"

void
row_template_init(RowTemplate *t, TupleDesc desc, MemoryContext mcxt)
{
	if (desc->natts > ROW_TEMPLATE_MAX_COLUMNS)
		elog(ERROR, "row_template: %d columns, at most %d", desc->natts,
			 ROW_TEMPLATE_MAX_COLUMNS);
	memset(t, 0, sizeof(*t));
	t->desc = desc;
	t->mcxt = mcxt;
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
	data = (char *) t->tuple->t_data + t->tuple->t_data->t_hoff;
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

/* True when the row has the template's shape. */
static bool
same_shape(const RowTemplate *t, const Datum *values, const bool *nulls)
{
	int			i;

	if (t->tuple == NULL)
		return false;
	for (i = 0; i < t->desc->natts; i++)
	{
		Form_pg_attribute att = TupleDescAttr(t->desc, i);

		if (nulls[i] != t->nulls[i])
			return false;
		if (nulls[i])
			continue;
		if (att->attlen == -1 &&
			!(plain_varlena(values[i]) &&
			  VARSIZE(DatumGetPointer(values[i])) - VARHDRSZ == t->payload[i]))
			return false;
		if (att->attlen < -1)	/* cstring */
			return false;
	}
	return true;
}

void
row_template_put(RowTemplate *t, Tuplestorestate *store, const Datum *values,
				 const bool *nulls)
{
	char	   *data;
	int			i;

	if (!same_shape(t, values, nulls))
	{
		rebuild(t, values, nulls);
		tuplestore_puttuple(store, t->tuple);
		return;
	}
	data = (char *) t->tuple->t_data + t->tuple->t_data->t_hoff;
	for (i = 0; i < t->desc->natts; i++)
	{
		Form_pg_attribute att = TupleDescAttr(t->desc, i);
		char	   *at = data + t->offset[i];

		if (nulls[i])
			continue;
		if (att->attbyval)
			store_att_byval(at, values[i], att->attlen);
		else if (att->attlen == -1)
			memcpy(at + t->header[i], VARDATA(DatumGetPointer(values[i])), t->payload[i]);
		else
			memcpy(at, DatumGetPointer(values[i]), att->attlen);
	}
	tuplestore_puttuple(store, t->tuple);
}
