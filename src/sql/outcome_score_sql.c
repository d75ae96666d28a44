/*
 * outcome_score_sql.c - the aggregate skill.outcome_score over
 * (p_win, p_draw, outcome) rows: three-way log-loss, ranked probability
 * score, Brier score and draw rates (core/three_way.c).  The state is the
 * core's fixed-size sk_three_way_state: one pass, constant memory, and
 * partial states combine exactly, so the aggregate runs in parallel.  Rows
 * with a NULL p_win, p_draw or outcome are skipped, as prediction_score
 * skips its NULL rows.
 */
#include "sql/skill.h"
#include "sql/flat_state.h"

#include <math.h>

#include "funcapi.h"

#include "core/three_way.h"

PG_FUNCTION_INFO_V1(outcome_score_step);
PG_FUNCTION_INFO_V1(outcome_score_combine);
PG_FUNCTION_INFO_V1(outcome_score_serialize);
PG_FUNCTION_INFO_V1(outcome_score_deserialize);
PG_FUNCTION_INFO_V1(outcome_score_final);

static sk_three_way_state *
new_state(FunctionCallInfo fcinfo, const char *name)
{
	MemoryContext aggcontext;
	sk_three_way_state *s;

	if (!AggCheckCallContext(fcinfo, &aggcontext))
		elog(ERROR, "%s called in non-aggregate context", name);
	s = MemoryContextAlloc(aggcontext, sizeof(sk_three_way_state));
	sk_three_way_init(s);
	return s;
}

pg_noreturn static void
report_probability(const char *arg, double p)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("%s must be a probability between 0 and 1, not %g", arg, p)));
}

pg_noreturn static void
report_rejected(double p_win, double p_draw, double outcome)
{
	switch (sk_three_way_check(p_win, p_draw, outcome))
	{
		case SK_THREE_WAY_BAD_P_WIN:
			report_probability("p_win", p_win);
			break;
		case SK_THREE_WAY_BAD_P_DRAW:
			report_probability("p_draw", p_draw);
			break;
		case SK_THREE_WAY_BAD_OUTCOME:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("outcome must be 1, 0.5 or 0, not %g", outcome),
					 errdetail("An outcome is 1 when the side p_win is for won, 0.5 for a draw, 0 when it lost.")));
			break;
		case SK_THREE_WAY_SUM_ABOVE_ONE:
		case SK_THREE_WAY_OK:
			break;
	}
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("p_win + p_draw must not exceed 1, but %g + %g = %g",
					p_win, p_draw, p_win + p_draw),
			 errdetail("Such a p_win is usually a \"performs better\" chance or an expected score (win + draw/2), the prediction of a system without a draw model."),
			 errhint("Predict with a draw model (draw_model => 'threshold', 'davidson' or TrueSkill's 'native'), whose p_win is the chance of winning outright.")));
}

/* step(state, p_win, p_draw, outcome); called for every row, so kept short. */
Datum
outcome_score_step(PG_FUNCTION_ARGS)
{
	sk_three_way_state *s = PG_ARGISNULL(0) ? new_state(fcinfo, "outcome_score_step")
		: (sk_three_way_state *) PG_GETARG_POINTER(0);

	if (!PG_ARGISNULL(1) && !PG_ARGISNULL(2) && !PG_ARGISNULL(3) &&
		unlikely(sk_three_way_add(s, PG_GETARG_FLOAT8(1), PG_GETARG_FLOAT8(2),
								  PG_GETARG_FLOAT8(3)) != SK_OK))
		report_rejected(PG_GETARG_FLOAT8(1), PG_GETARG_FLOAT8(2), PG_GETARG_FLOAT8(3));
	PG_RETURN_POINTER(s);
}

Datum
outcome_score_combine(PG_FUNCTION_ARGS)
{
	sk_three_way_state *a = PG_ARGISNULL(0) ? NULL : (sk_three_way_state *) PG_GETARG_POINTER(0);
	sk_three_way_state *b = PG_ARGISNULL(1) ? NULL : (sk_three_way_state *) PG_GETARG_POINTER(1);

	if (b == NULL)
	{
		if (a == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(a);
	}
	if (a == NULL)
		a = new_state(fcinfo, "outcome_score_combine");
	sk_three_way_merge(a, b);
	PG_RETURN_POINTER(a);
}

FLAT_STATE_SERIAL_FUNCTIONS(outcome_score, sk_three_way_state)

Datum
outcome_score_final(PG_FUNCTION_ARGS)
{
	sk_three_way_state empty;
	sk_three_way_result r;
	TupleDesc	desc;
	Datum		values[6];
	bool		nulls[6] = {false};

	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "outcome_score: return type must be a row type");
	desc = BlessTupleDesc(desc);
	sk_three_way_init(&empty);
	sk_three_way_result_of(PG_ARGISNULL(0) ? &empty
						   : (sk_three_way_state *) PG_GETARG_POINTER(0), &r);
	values[0] = Int64GetDatum(r.n);
	put_float8_or_null(values, nulls, 1, r.log_loss);
	put_float8_or_null(values, nulls, 2, r.rps);
	put_float8_or_null(values, nulls, 3, r.brier);
	put_float8_or_null(values, nulls, 4, r.draw_rate);
	put_float8_or_null(values, nulls, 5, r.predicted_draw_rate);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}
