/*
 * flat_state.c - serializing flat aggregate states (flat_state.h).
 */
#include "sql/flat_state.h"

#include <math.h>

#include "fmgr.h"

bytea *
flat_state_serialize(const void *state, Size size)
{
	bytea	   *out = palloc(VARHDRSZ + size);

	SET_VARSIZE(out, VARHDRSZ + size);
	memcpy(VARDATA(out), state, size);
	return out;
}

void *
flat_state_deserialize(bytea *in, Size size, const char *caller)
{
	void	   *state;

	if (VARSIZE_ANY_EXHDR(in) != size)
		elog(ERROR, "%s: bad serialized state", caller);
	state = palloc(size);
	memcpy(state, VARDATA_ANY(in), size);
	return state;
}
