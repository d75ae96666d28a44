/*
 * composite_array.c - a 1-D array of many composite values of one shape,
 * written in place: what the replay aggregates return, one element per
 * player.
 *
 * Building a tuple per player and copying them into an array touched three
 * times the memory, and for 50,000 players that was a third of a short
 * replay's time (page faults on fresh memory).  Here the first element is
 * built once (composite_template) and every other is a copy refilled in
 * place (composite_refill), in one bulk allocation.  So every element must
 * have the first one's size: all fields fixed-width (nested composites of
 * fixed-width fields count) and never NULL.
 */
#include "sql/skill.h"

#include "access/htup_details.h"
#include "access/tupmacs.h"
#include "utils/memutils.h"

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

	Assert(elem->desc->natts <= lengthof(values));
	if (n == 0)
		return construct_empty_array(elem->typid);

	fill(arg, 0, values);
	first = composite_template(elem->desc, values, NULL);
	elem_size = HeapTupleHeaderGetDatumLength(first);
	stride = att_align_nominal(elem_size, elem->typalign);
	nbytes = ARR_OVERHEAD_NONULLS(1) + stride * n;
	if (!AllocSizeIsValid(nbytes))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("%s has too many players (%u) for one array", caller, n),
				 errhint("Use the history function, which streams its rows.")));

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
