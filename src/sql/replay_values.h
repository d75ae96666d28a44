/*
 * replay_values.h - a replay family's ratings as SQL values: float8 (Elo),
 * skill.rating, or skill.glicko (vol NULL for Glicko-1).
 */
#ifndef SKILL_SQL_REPLAY_VALUES_H
#define SKILL_SQL_REPLAY_VALUES_H

#include "engine/replay.h"
#include "sql/pg_internals.h"

/* Reads and checks value d into r[0 .. n_fields-1]; type is unused for Elo. */
extern void replay_value_read(const ReplayFamily *family, CompositeType *type, Datum d,
							  const char *arg, double *r);

/*
 * Raises 22003 if a field of r is NaN or infinite: an absurd prior or option
 * (vol 1e308) can overflow where no match is rated (a Glicko period's end,
 * idle RD growth), and no such value may leave a replay.
 */
extern void replay_value_check(const ReplayFamily *family, const double *r);

/*
 * r, checked by replay_value_check, as a value of the family's type (desc:
 * the composite's, or NULL for Elo), kept in *slot: built in mcxt on the
 * first call, refilled after.
 */
extern Datum replay_value_datum(const ReplayFamily *family, TupleDesc desc, const double *r,
								HeapTupleHeader *slot, MemoryContext mcxt);

#endif
