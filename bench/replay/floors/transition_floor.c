/*
 * transition_floor.c - a bench-only PostgreSQL module: an aggregate that
 * takes the replay aggregates' five arguments per row and does nothing
 * with them but add them up.  Its time over a results table is the floor
 * of any per-row aggregate there: the scan, the five arguments and one
 * transition call per row (bench/replay/run.sh).
 */
#include "postgres.h"

#include "fmgr.h"

PG_MODULE_MAGIC;

PG_FUNCTION_INFO_V1(transition_floor_step);

/* (state bigint, match_id bigint, played_at timestamptz, player_id bigint,
 *  team int, rank float8) -> bigint */
Datum
transition_floor_step(PG_FUNCTION_ARGS)
{
	int64		sum = PG_ARGISNULL(0) ? 0 : PG_GETARG_INT64(0);
	int			i;

	/* Read every argument, as a replay does, so none is optimised away. */
	for (i = 1; i < 4; i++)
		if (!PG_ARGISNULL(i))
			sum += PG_GETARG_INT64(i);
	if (!PG_ARGISNULL(4))
		sum += PG_GETARG_INT32(4);
	if (!PG_ARGISNULL(5))
		sum += (int64) PG_GETARG_FLOAT8(5);
	PG_RETURN_INT64(sum);
}
