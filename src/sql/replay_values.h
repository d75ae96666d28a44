/*
 * replay_values.h - a replay family's ratings as SQL values: float8 (Elo),
 * skill.rating, or skill.glicko (vol NULL for Glicko-1).
 */
#ifndef SKILL_SQL_REPLAY_VALUES_H
#define SKILL_SQL_REPLAY_VALUES_H

#include "engine/family_api.h"
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

/*
 * What a replay final function's fill gets for element i: the players
 * ordered by id, the replay's state, and the element's nested rating type
 * (NULL where the rating is a float8) with a value to refill.
 */
typedef struct PlayersFill
{
	void	  **players;
	const void *replay;
	TupleDesc	rating;
	HeapTupleHeader rating_value;	/* built once, refilled */
} PlayersFill;

typedef void (*PlayersFillFn) (PlayersFill *f, uint32 i, Datum *values);

/*
 * A replay final function's result: its n players as an array of the
 * function's element type (field 2 the rating, composite or not), each
 * element's fields written by fill, in place (pg_internals.c).  The types
 * are looked up on the first call and kept in fn_extra.
 */
extern ArrayType *players_array(FunctionCallInfo fcinfo, bool composite_rating, void **players,
								uint32 n, PlayersFillFn fill, const void *replay,
								const char *caller);

#endif
