/*
 * scoring_sql.c - the aggregates skill.prediction_score and
 * skill.calibration_table over (p, outcome [, buckets]) rows.  The state is
 * the core's fixed-size sk_score_state (core/scoring.c): one pass, constant
 * memory, and partial states combine exactly, so both aggregates run in
 * parallel.  Rows with a NULL p or outcome are skipped.
 */
#include "sql/skill.h"
#include "sql/flat_state.h"

#include <math.h>

#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/typcache.h"

#include "core/scoring.h"

PG_FUNCTION_INFO_V1(prediction_score_step);
PG_FUNCTION_INFO_V1(prediction_score_combine);
PG_FUNCTION_INFO_V1(prediction_score_serialize);
PG_FUNCTION_INFO_V1(prediction_score_deserialize);
PG_FUNCTION_INFO_V1(prediction_score_final);
PG_FUNCTION_INFO_V1(calibration_table_final);

static sk_score_state *
new_state(MemoryContext mcxt, int buckets)
{
	sk_score_state *s = MemoryContextAlloc(mcxt, sizeof(sk_score_state));

	if (sk_score_init(s, buckets) != SK_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("buckets must be between 1 and %d", SK_SCORE_MAX_BUCKETS)));
	return s;
}

static MemoryContext
aggregate_context(FunctionCallInfo fcinfo, const char *name)
{
	MemoryContext aggcontext;

	if (!AggCheckCallContext(fcinfo, &aggcontext))
		elog(ERROR, "%s called in non-aggregate context", name);
	return aggcontext;
}

pg_noreturn static void
report_rejected(double p, double o)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 isfinite(p) && p >= 0 && p <= 1
			 ? errmsg("outcome must be 0, 0.5 or 1, not %g", o)
			 : errmsg("p must be a probability between 0 and 1, not %g", p),
			 errdetail("An outcome is 1 when the side p is for won, 0 when it lost, 0.5 for a draw.")));
}

/* The first row: a new state (only the aggregate machinery hands one back). */
static pg_noinline sk_score_state *
first_state(FunctionCallInfo fcinfo, int buckets)
{
	return new_state(aggregate_context(fcinfo, "prediction_score_step"), buckets);
}

/* step(state, p, outcome [, buckets]); called for every row, so kept short. */
Datum
prediction_score_step(PG_FUNCTION_ARGS)
{
	int			buckets = 10;
	sk_score_state *s;

	if (PG_NARGS() > 3)
	{
		check_not_null_arg(fcinfo, 3, "buckets");
		buckets = PG_GETARG_INT32(3);
	}
	s = PG_ARGISNULL(0) ? first_state(fcinfo, buckets) : (sk_score_state *) PG_GETARG_POINTER(0);
	if (unlikely(s->buckets != buckets))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("buckets must be the same on every row"),
				 errdetail("It was %d and is now %d.", s->buckets, buckets)));
	if (!PG_ARGISNULL(1) && !PG_ARGISNULL(2) &&
		unlikely(sk_score_add(s, PG_GETARG_FLOAT8(1), PG_GETARG_FLOAT8(2)) != SK_OK))
		report_rejected(PG_GETARG_FLOAT8(1), PG_GETARG_FLOAT8(2));
	PG_RETURN_POINTER(s);
}

Datum
prediction_score_combine(PG_FUNCTION_ARGS)
{
	MemoryContext aggcontext = aggregate_context(fcinfo, "prediction_score_combine");
	sk_score_state *a = PG_ARGISNULL(0) ? NULL : (sk_score_state *) PG_GETARG_POINTER(0);
	sk_score_state *b = PG_ARGISNULL(1) ? NULL : (sk_score_state *) PG_GETARG_POINTER(1);

	if (b == NULL)
	{
		if (a == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(a);
	}
	if (a == NULL)
	{
		a = new_state(aggcontext, b->buckets);
		memcpy(a, b, sizeof(sk_score_state));
		PG_RETURN_POINTER(a);
	}
	if (sk_score_merge(a, b) != SK_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("buckets must be the same on every row")));
	PG_RETURN_POINTER(a);
}

FLAT_STATE_SERIAL_FUNCTIONS(prediction_score, sk_score_state)

Datum
prediction_score_final(PG_FUNCTION_ARGS)
{
	sk_score_result r;
	sk_score_state *s;
	TupleDesc	desc;
	Datum		values[7];
	bool		nulls[7] = {false};

	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "prediction_score: return type must be a row type");
	desc = BlessTupleDesc(desc);
	/* no rows: the scores of an empty state (too large for the stack) */
	s = PG_ARGISNULL(0) ? new_state(CurrentMemoryContext, 10)
		: (sk_score_state *) PG_GETARG_POINTER(0);
	sk_score_result_of(s, &r);
	values[0] = Int64GetDatum(r.n);
	put_float8_or_null(values, nulls, 1, r.log_loss);
	put_float8_or_null(values, nulls, 2, r.brier);
	put_float8_or_null(values, nulls, 3, r.accuracy);
	put_float8_or_null(values, nulls, 4, r.ece);
	put_float8_or_null(values, nulls, 5, r.slope);
	put_float8_or_null(values, nulls, 6, r.intercept);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}

/* The buckets as skill.calibration_bucket[]: (bucket, n, mean_predicted, observed). */
Datum
calibration_table_final(PG_FUNCTION_ARGS)
{
	sk_score_state *s;
	TupleDesc	desc;
	Oid			elem_type;
	int16		typlen;
	bool		typbyval;
	char		typalign;
	Datum	   *elems;
	int			b;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	s = (sk_score_state *) PG_GETARG_POINTER(0);
	elem_type = get_element_type(get_fn_expr_rettype(fcinfo->flinfo));
	desc = BlessTupleDesc(lookup_rowtype_tupdesc_copy(elem_type, -1));
	elems = palloc(sizeof(Datum) * s->buckets);
	for (b = 0; b < s->buckets; b++)
	{
		Datum		values[4];
		bool		nulls[4] = {false};
		int64_t		n;
		double		mean_p,
					mean_o;

		sk_score_bucket(s, b, &n, &mean_p, &mean_o);
		values[0] = Int32GetDatum(b + 1);
		values[1] = Int64GetDatum(n);
		put_float8_or_null(values, nulls, 2, mean_p);
		put_float8_or_null(values, nulls, 3, mean_o);
		elems[b] = HeapTupleGetDatum(heap_form_tuple(desc, values, nulls));
	}
	get_typlenbyvalalign(elem_type, &typlen, &typbyval, &typalign);
	PG_RETURN_ARRAYTYPE_P(construct_array(elems, s->buckets, elem_type, typlen, typbyval,
										  typalign));
}
