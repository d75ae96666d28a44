/*
 * match_batch.h - what both replay engines (replay.c, and o!TR's
 * families/otr_replay.c) do with the rows of a match: place each row in
 * the input's order, buffer it until its match is complete, and check the
 * ratings the match gave.  TrueSkill Through Time's reader
 * (sql/ttt_rows.c) places its rows, and reports their order, the same way.
 */
#ifndef SKILL_ENGINE_MATCH_BATCH_H
#define SKILL_ENGINE_MATCH_BATCH_H

#include "engine/pg_compat.h"

#include <math.h>

#include "utils/timestamp.h"

/* Where a row falls against the match whose rows are being collected. */
typedef enum BatchRowPlace
{
	ROW_IN_MATCH,				/* one more row of the open match */
	ROW_NEW_MATCH,				/* the first row of the next match */
	ROW_GOES_BACK				/* a match before the open one: out of order */
} BatchRowPlace;

/*
 * Rows come ordered by (played_at, match_id), all rows of a match
 * together.  open: whether a match is open, with key (open_id, open_at).
 * A row of the open match with another played_at is an error here; a
 * match that goes back is the caller's to report (its message names its
 * own order).
 */
static inline BatchRowPlace
batch_row_place(bool open, int64 open_id, TimestampTz open_at, int64 match_id,
				TimestampTz played_at)
{
	if (!open)
		return ROW_NEW_MATCH;
	if (match_id == open_id)
	{
		if (played_at != open_at)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("rows of match " INT64_FORMAT " have different played_at values",
							match_id)));
		return ROW_IN_MATCH;
	}
	if (played_at < open_at || (played_at == open_at && match_id < open_id))
		return ROW_GOES_BACK;
	return ROW_NEW_MATCH;
}

/* Room for n rows of row_size bytes in *rows, of *max_rows now (doubling). */
static inline void
batch_reserve(void **rows, int *max_rows, int n, Size row_size)
{
	if (n > *max_rows)
	{
		*max_rows = Max(n, *max_rows * 2);
		*rows = repalloc(*rows, row_size * *max_rows);
	}
}

/* Raises batch_check_rating's error for r (out of line: it is rare). */
pg_noreturn extern void batch_rating_error(const char *caller, int64 match_id, const double *r,
							   int n_fields);

/*
 * The error of a row whose match goes back (ROW_GOES_BACK): match_id after
 * the open match (open_id, played at open_at), in caller.
 */
pg_noreturn extern void batch_out_of_order(const char *caller, int64 match_id, int64 open_id,
										   TimestampTz open_at);

/*
 * Raises 22003 unless the rating r (n_fields fields, the spreads after the
 * first) that match match_id gave is finite with spreads above 0: absurd
 * finite options or priors (k = 1e308) can overflow inside a model, and
 * the replay stops there rather than carry NaN or Infinity on.
 */
static inline void
batch_check_rating(const char *caller, int64 match_id, const double *r, int n_fields)
{
	int			k;

	for (k = 0; k < n_fields; k++)
		if (!isfinite(r[k]) || (k > 0 && !(r[k] > 0.0)))
			batch_rating_error(caller, match_id, r, n_fields);
}

#endif
