/*
 * flat_state.h - the parallel aggregates' states that are one flat C
 * struct (prediction_score, outcome_score): serialized as their bytes, and
 * their final values, NaN as NULL.
 */
#ifndef SKILL_SQL_FLAT_STATE_H
#define SKILL_SQL_FLAT_STATE_H

#include "postgres.h"

#include <math.h>

/* The state's size bytes as a bytea. */
extern bytea *flat_state_serialize(const void *state, Size size);

/* A palloc'd copy of the state in; an error naming caller when its size is not size. */
extern void *flat_state_deserialize(bytea *in, Size size, const char *caller);

/* values[i] = v, NULL where v is NaN (no rows, or nothing to fit). */
static inline void
put_float8_or_null(Datum *values, bool *nulls, int i, double v)
{
	nulls[i] = isnan(v);
	values[i] = Float8GetDatum(v);
}

#endif
