/*
 * outcome_sql.c - skill.share_outcome and skill.difference_outcome: a
 * match's outcome from its scores, for one update outside a replay
 * (core/outcome.c).
 */
#include "sql/skill.h"

#include <math.h>

#include "access/htup_details.h"
#include "funcapi.h"

#include "core/outcome.h"

PG_FUNCTION_INFO_V1(share_outcome);
PG_FUNCTION_INFO_V1(difference_outcome);

/* share_outcome(score_for, score_against, w, k, result): result NULL = from the scores. */
Datum
share_outcome(PG_FUNCTION_ARGS)
{
	double		score_for,
				score_against,
				w,
				k,
				result = NAN,
				s;

	/* result may be NULL: "not given", read from the scores. */
	if (required_arg_null(fcinfo, OPTIONAL_ARG(4)))
		PG_RETURN_NULL();
	score_for = PG_GETARG_FLOAT8(0);
	score_against = PG_GETARG_FLOAT8(1);
	w = PG_GETARG_FLOAT8(2);
	k = PG_GETARG_FLOAT8(3);
	check_nonnegative("score_for", score_for);
	check_nonnegative("score_against", score_against);
	check_finite("w", w);
	if (w < 0.0 || w > 1.0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("w must be between 0 and 1")));
	check_positive("k", k);		/* finite too */
	if (!PG_ARGISNULL(4))
	{
		result = PG_GETARG_FLOAT8(4);
		if (result != 0.0 && result != 0.5 && result != 1.0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("result must be 1 (won), 0.5 (drew) or 0 (lost)")));
	}
	report_core_status(sk_outcome_share(score_for, score_against, result, w, k, &s),
					   "share_outcome");
	PG_RETURN_FLOAT8(s);
}

/* difference_outcome(score_for, score_against, scale) */
Datum
difference_outcome(PG_FUNCTION_ARGS)
{
	double		score_for = finite_arg(fcinfo, 0, "score_for");
	double		score_against = finite_arg(fcinfo, 1, "score_against");
	double		scale = positive_arg(fcinfo, 2, "scale");
	double		s;

	report_core_status(sk_outcome_difference(score_for, score_against, scale, &s),
					   "difference_outcome");
	PG_RETURN_FLOAT8(s);
}

PG_FUNCTION_INFO_V1(match_details);

/*
 * skill.details(score, context, length, home): the replay aggregates'
 * details argument from named arguments, each NULL when not given.  The
 * aggregates check the fields again, with the match named: a ROW(...)
 * cast to skill.match_details does not come through here.
 */
Datum
match_details(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	Datum		values[4];
	bool		nulls[4];
	int			i;

	composite_init_result(fcinfo, &cache->details);
	if (!PG_ARGISNULL(0))
		check_nonnegative("score", PG_GETARG_FLOAT8(0));
	if (!PG_ARGISNULL(2))
		check_positive("length", PG_GETARG_FLOAT8(2));
	for (i = 0; i < 4; i++)
	{
		nulls[i] = PG_ARGISNULL(i);
		values[i] = nulls[i] ? (Datum) 0 : PG_GETARG_DATUM(i);
	}
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(cache->details.desc, values, nulls)));
}
