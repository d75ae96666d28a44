/*
 * placement_sql.c - placing new players from match statistics: the
 * aggregate skill.placement_fit(features, target [, ridge]) fits a least
 * squares model (core/regression.c: centred co-moments, one pass, partial
 * states merge exactly, so it runs in parallel), and
 * skill.placement_predict(model, features) applies it.
 */
#include "sql/skill.h"

#include <math.h>

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/typcache.h"

#include "core/regression.h"

PG_FUNCTION_INFO_V1(placement_fit_step);
PG_FUNCTION_INFO_V1(placement_fit_combine);
PG_FUNCTION_INFO_V1(placement_fit_serialize);
PG_FUNCTION_INFO_V1(placement_fit_deserialize);
PG_FUNCTION_INFO_V1(placement_fit_final);
PG_FUNCTION_INFO_V1(placement_predict);

/* The aggregate's state: the ridge (one value for all rows) and the core's. */
typedef struct FitState
{
	double		ridge;
	sk_reg_state reg;			/* variable size: last */
} FitState;

static Size
fit_state_size(int p)
{
	return offsetof(FitState, reg) + sk_reg_state_size(p);
}

/* step(state, features float8[], target float8 [, ridge float8]) */
Datum
placement_fit_step(PG_FUNCTION_ARGS)
{
	FitState   *s = PG_ARGISNULL(0) ? NULL : (FitState *) PG_GETARG_POINTER(0);
	double		ridge = 0.0;
	const double *x;
	int			p;

	if (PG_NARGS() > 3)
	{
		check_not_null_arg(fcinfo, 3, "ridge");
		ridge = PG_GETARG_FLOAT8(3);
	}
	if (PG_ARGISNULL(1) || PG_ARGISNULL(2))
	{
		/* rows with a NULL are skipped; before the first row the state stays NULL */
		if (s == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(s);
	}
	x = float8_array_values(PG_GETARG_ARRAYTYPE_P(1), "features", &p);
	check_finite("target", PG_GETARG_FLOAT8(2));
	if (s == NULL)
	{
		MemoryContext aggcontext;

		if (!AggCheckCallContext(fcinfo, &aggcontext))
			elog(ERROR, "placement_fit_step called in non-aggregate context");
		if (p < 1 || p > SK_REG_MAX_FEATURES)
			ereport(ERROR,
					(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
					 errmsg("features must hold 1 to %d values, not %d", SK_REG_MAX_FEATURES, p)));
		check_nonnegative("ridge", ridge);
		s = MemoryContextAlloc(aggcontext, fit_state_size(p));
		s->ridge = ridge;
		sk_reg_init(&s->reg, p);
	}
	if (p != s->reg.p)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("features must have the same length on every row"),
				 errdetail("The first row has %d, this one %d.", s->reg.p, p)));
	if (ridge != s->ridge)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("ridge must be the same on every row")));
	report_core_status(sk_reg_add(&s->reg, x, PG_GETARG_FLOAT8(2)), "placement_fit");
	PG_RETURN_POINTER(s);
}

Datum
placement_fit_combine(PG_FUNCTION_ARGS)
{
	FitState   *a = PG_ARGISNULL(0) ? NULL : (FitState *) PG_GETARG_POINTER(0);
	FitState   *b = PG_ARGISNULL(1) ? NULL : (FitState *) PG_GETARG_POINTER(1);
	MemoryContext aggcontext;

	if (!AggCheckCallContext(fcinfo, &aggcontext))
		elog(ERROR, "placement_fit_combine called in non-aggregate context");
	if (b == NULL)
	{
		if (a == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(a);
	}
	if (a == NULL)
	{
		a = MemoryContextAlloc(aggcontext, fit_state_size(b->reg.p));
		memcpy(a, b, fit_state_size(b->reg.p));
		PG_RETURN_POINTER(a);
	}
	if (a->reg.p != b->reg.p || a->ridge != b->ridge)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("features and ridge must be the same on every row")));
	report_core_status(sk_reg_merge(&a->reg, &b->reg), "placement_fit");
	PG_RETURN_POINTER(a);
}

Datum
placement_fit_serialize(PG_FUNCTION_ARGS)
{
	FitState   *s = (FitState *) PG_GETARG_POINTER(0);
	Size		size = fit_state_size(s->reg.p);
	bytea	   *out = palloc(VARHDRSZ + size);

	SET_VARSIZE(out, VARHDRSZ + size);
	memcpy(VARDATA(out), s, size);
	PG_RETURN_BYTEA_P(out);
}

Datum
placement_fit_deserialize(PG_FUNCTION_ARGS)
{
	bytea	   *in = PG_GETARG_BYTEA_PP(0);
	Size		size = VARSIZE_ANY_EXHDR(in);
	FitState   *s = palloc(size);

	memcpy(s, VARDATA_ANY(in), size);
	if (size < offsetof(FitState, reg) + sizeof(sk_reg_state) || size != fit_state_size(s->reg.p))
		elog(ERROR, "placement_fit: bad serialized state");
	PG_RETURN_POINTER(s);
}

/* The model: (intercept, coefficients[], residual_sd, n, r2). */
Datum
placement_fit_final(PG_FUNCTION_ARGS)
{
	FitState   *s;
	TupleDesc	desc;
	double	   *coef;
	double		intercept,
				sd,
				r2;
	Datum		values[5];
	bool		nulls[5] = {false};
	sk_status	st;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	s = (FitState *) PG_GETARG_POINTER(0);
	coef = palloc(sizeof(double) * s->reg.p);
	st = sk_reg_solve(&s->reg, s->ridge, coef, &intercept, &sd, &r2,
					  palloc(sizeof(double) * s->reg.p * s->reg.p));
	if (st == SK_ERR_SIZE)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("placement_fit needs more rows than features plus one"),
				 errdetail("It has " INT64_FORMAT " rows and %d features.", s->reg.n, s->reg.p)));
	if (st == SK_ERR_RANGE)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the features of placement_fit are collinear"),
				 errhint("Drop a feature that is a combination of the others, or give a ridge > 0.")));
	report_core_status(st, "placement_fit");
	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "placement_fit: return type must be a row type");
	values[0] = Float8GetDatum(intercept);
	values[1] = PointerGetDatum(float8_array_build(coef, s->reg.p));
	values[2] = Float8GetDatum(sd);
	values[3] = Int64GetDatum(s->reg.n);
	values[4] = Float8GetDatum(r2);
	nulls[4] = isnan(r2);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(desc), values, nulls)));
}

/* placement_predict(m, features) -> skill.rating (prediction, residual_sd) */
Datum
placement_predict(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	HeapTupleHeader model = PG_GETARG_HEAPTUPLEHEADER(0);
	HeapTupleData tuple;
	TupleDesc	desc = lookup_rowtype_tupdesc(HeapTupleHeaderGetTypeId(model),
											  HeapTupleHeaderGetTypMod(model));
	bool		isnull[3];
	Datum		intercept,
				coefficients,
				sd;
	const double *coef,
			   *x;
	double		y;
	int			n_coef,
				p,
				i;

	tuple.t_len = HeapTupleHeaderGetDatumLength(model);
	tuple.t_data = model;
	intercept = heap_getattr(&tuple, 1, desc, &isnull[0]);
	coefficients = heap_getattr(&tuple, 2, desc, &isnull[1]);
	sd = heap_getattr(&tuple, 3, desc, &isnull[2]);
	ReleaseTupleDesc(desc);
	if (isnull[0] || isnull[1] || isnull[2])
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("m must have intercept, coefficients and residual_sd")));
	coef = float8_array_values(DatumGetArrayTypeP(coefficients), "m.coefficients", &n_coef);
	x = float8_array_values(PG_GETARG_ARRAYTYPE_P(1), "features", &p);
	check_same_length("features", p, "m.coefficients", n_coef);
	y = DatumGetFloat8(intercept);
	for (i = 0; i < p; i++)
		y += coef[i] * x[i];
	check_finite("the prediction", y);
	composite_init_result(fcinfo, &cache->rating);
	PG_RETURN_DATUM(rating_build(&cache->rating, y, DatumGetFloat8(sd)));
}
