/*
 * flat_state.h - the parallel aggregates' states that are one flat C
 * struct (prediction_score, outcome_score): serialized as their bytes, and
 * their final values, NaN as NULL.
 */
#ifndef SKILL_SQL_FLAT_STATE_H
#define SKILL_SQL_FLAT_STATE_H

#include "engine/pg_compat.h"
#include "fmgr.h"

#include <math.h>

/* The state's size bytes as a bytea. */
extern bytea *flat_state_serialize(const void *state, Size size);

/* A palloc'd copy of the state in; an error naming caller when its size is not size. */
extern void *flat_state_deserialize(bytea *in, Size size, const char *caller);

/*
 * An aggregate's serialize and deserialize functions, name_serialize and
 * name_deserialize, for its state of type state_type.
 */
#define FLAT_STATE_SERIAL_FUNCTIONS(name, state_type) \
	Datum name##_serialize(PG_FUNCTION_ARGS) \
	{ \
		PG_RETURN_BYTEA_P(flat_state_serialize(PG_GETARG_POINTER(0), sizeof(state_type))); \
	} \
	Datum name##_deserialize(PG_FUNCTION_ARGS) \
	{ \
		PG_RETURN_POINTER(flat_state_deserialize(PG_GETARG_BYTEA_PP(0), sizeof(state_type), #name)); \
	}

/* values[i] = v, NULL where v is NaN (no rows, or nothing to fit). */
static inline void
put_float8_or_null(Datum *values, bool *nulls, int i, double v)
{
	nulls[i] = isnan(v);
	values[i] = Float8GetDatum(v);
}

#endif
