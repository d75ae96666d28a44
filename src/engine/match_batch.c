/*
 * match_batch.c - the errors of the rows' order and of the rating check
 * that the replay engines and ttt's reader share (match_batch.h).
 */
#include "engine/match_batch.h"

#include <math.h>

#include "utils/builtins.h"

/* Not finite comes first, whichever field it is in. */
void
batch_rating_error(const char *caller, int64 match_id, const double *r, int n_fields)
{
	int			k;

	for (k = 0; k < n_fields; k++)
		if (!isfinite(r[k]))
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("%s could not rate match " INT64_FORMAT ": the result is not a finite number",
							caller, match_id),
					 errdetail("The ratings or options are too extreme to compute in double precision.")));
	/* Fields after the first (sigma, rd, vol) must stay > 0 to be stored. */
	for (k = 1; k < n_fields; k++)
		if (!(r[k] > 0.0))
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("%s could not rate match " INT64_FORMAT ": a rating's spread underflowed to zero",
							caller, match_id),
					 errdetail("The ratings or options are too extreme to compute in double precision.")));
	elog(ERROR, "batch_rating_error called for a valid rating");
}

void
batch_out_of_order(const char *caller, int64 match_id, int64 open_id, TimestampTz open_at)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("match " INT64_FORMAT " arrives out of order in %s", match_id, caller),
			 errdetail("It follows match " INT64_FORMAT " (played_at %s); rows must come ordered by played_at, match_id with all rows of a match together.",
					   open_id, timestamptz_to_str(open_at)),
			 errhint("Feed the rows from a subquery with ORDER BY played_at, match_id.")));
}
