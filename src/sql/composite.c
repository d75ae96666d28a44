/*
 * composite.c - reading and building skill.rating and skill.glicko values.
 *
 * Type facts (OID, TupleDesc, storage) are looked up once per call site and
 * kept in fn_extra, so a query rating a million rows does one lookup.
 */
#include "sql/pg_internals.h"

#include <math.h>

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/typcache.h"

CallCache *
call_cache(FunctionCallInfo fcinfo)
{
	if (fcinfo->flinfo->fn_extra == NULL)
		fcinfo->flinfo->fn_extra = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt,
														  sizeof(CallCache));
	return (CallCache *) fcinfo->flinfo->fn_extra;
}

/*
 * The number of fields when every one is a float8 (and none dropped), else
 * -1: worked out once per call site, so each value read or built checks
 * its type's shape (check_float8_fields) with one comparison.
 */
static int
float8_field_count(TupleDesc desc)
{
	int			i;

	for (i = 0; i < desc->natts; i++)
		if (TupleDescAttr(desc, i)->atttypid != FLOAT8OID || TupleDescAttr(desc, i)->attisdropped)
			return -1;
	return desc->natts;
}

/*
 * typid may be a domain over a composite (skill.rating and skill.glicko are
 * checked domains over skill.rating_value and skill.glicko_value): typid is
 * kept as given, for the element type of arrays, and the TupleDesc is the
 * composite's.  Values built here carry the composite's type id, as every
 * domain value does.
 */
void
composite_init(CompositeType *type, Oid typid, MemoryContext mcxt)
{
	TupleDesc	desc = lookup_rowtype_tupdesc_domain(typid, -1, false);
	MemoryContext old = MemoryContextSwitchTo(mcxt);

	type->desc = CreateTupleDescCopy(desc);
	MemoryContextSwitchTo(old);
	ReleaseTupleDesc(desc);
	type->float8_natts = float8_field_count(type->desc);
	type->typid = typid;
	get_typlenbyvalalign(typid, &type->typlen, &type->typbyval, &type->typalign);
}

/* The composite type of the result, or of its elements for an array result. */
void
composite_init_result(FunctionCallInfo fcinfo, CompositeType *type)
{
	Oid			rettype;
	Oid			elemtype;

	if (OidIsValid(type->typid))
		return;
	rettype = get_fn_expr_rettype(fcinfo->flinfo);
	if (!OidIsValid(rettype))
		rettype = get_func_rettype(fcinfo->flinfo->fn_oid);
	elemtype = get_element_type(rettype);
	composite_init(type, OidIsValid(elemtype) ? elemtype : rettype,
				   fcinfo->flinfo->fn_mcxt);
}

/* The composite type of an argument, or of its elements for an array. */
void
composite_init_arg(FunctionCallInfo fcinfo, int argno, CompositeType *type)
{
	Oid			argtype;
	Oid			elemtype;

	if (OidIsValid(type->typid))
		return;
	argtype = get_fn_expr_argtype(fcinfo->flinfo, argno);
	if (!OidIsValid(argtype))
		elog(ERROR, "could not determine the type of argument %d", argno + 1);
	elemtype = get_element_type(argtype);
	composite_init(type, OidIsValid(elemtype) ? elemtype : argtype,
				   fcinfo->flinfo->fn_mcxt);
}

/*
 * The extension's composite types are its own, but their owner can still
 * ALTER TYPE them: one whose fields are no longer those the C code reads
 * and writes is refused here rather than read or written past its end.
 */
void
composite_altered(Oid typid)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATATYPE_MISMATCH),
			 errmsg("type %s does not have the fields the skill extension defines for it",
					format_type_be(typid)),
			 errdetail("The type was altered after CREATE EXTENSION skill."),
			 errhint("Alter it back, or drop and create the extension again.")));
	pg_unreachable();
}

/* Refuses type unless its fields are natts float8s, as skill.rating's and skill.glicko's are. */
static inline void
check_float8_fields(const CompositeType *type, int natts)
{
	if (type->float8_natts != natts)
		composite_altered(type->typid);
}

/* A composite whose fields are natts float8s (NULL ones 0 in values). */
void
composite_read(CompositeType *type, HeapTupleHeader tuple, int natts,
			   double *values, bool *nulls)
{
	HeapTupleData tmp;
	Datum		datums[4];
	int			i;

	Assert(natts <= lengthof(datums));
	check_float8_fields(type, natts);
	tmp.t_len = HeapTupleHeaderGetDatumLength(tuple);
	ItemPointerSetInvalid(&tmp.t_self);
	tmp.t_tableOid = InvalidOid;
	tmp.t_data = tuple;
	heap_deform_tuple(&tmp, type->desc, datums, nulls);
	for (i = 0; i < natts; i++)
		values[i] = nulls[i] ? 0.0 : DatumGetFloat8(datums[i]);
}

Datum
composite_build(CompositeType *type, int natts, const double *values, const bool *nulls)
{
	Datum		datums[4];
	bool		isnull[4];
	int			i;

	Assert(natts <= lengthof(datums));
	check_float8_fields(type, natts);
	for (i = 0; i < natts; i++)
	{
		isnull[i] = nulls ? nulls[i] : false;
		if (!isnull[i])
			check_result_finite(values[i]);
		datums[i] = Float8GetDatum(values[i]);
	}
	return HeapTupleGetDatum(heap_form_tuple(type->desc, datums, isnull));
}

static void
field_not_null(bool isnull, const char *arg, const char *field)
{
	if (isnull)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s.%s must not be NULL", arg, field)));
}

/* A skill.rating: finite mu, finite sigma > 0. */
void
rating_read(CompositeType *type, HeapTupleHeader tuple, const char *arg,
			double *mu, double *sigma)
{
	double		values[2];
	bool		nulls[2];
	char		name[NAMEDATALEN + 16];

	composite_read(type, tuple, 2, values, nulls);
	/* The usual case first: names for messages cost a snprintf each. */
	if (!nulls[0] && !nulls[1] && isfinite(values[0]) && isfinite(values[1]) &&
		values[1] > 0.0)
	{
		*mu = values[0];
		*sigma = values[1];
		return;
	}
	field_not_null(nulls[0], arg, "mu");
	field_not_null(nulls[1], arg, "sigma");
	snprintf(name, sizeof(name), "%s.mu", arg);
	check_finite(name, values[0]);
	snprintf(name, sizeof(name), "%s.sigma", arg);
	check_positive(name, values[1]);
	*mu = values[0];
	*sigma = values[1];
}

Datum
rating_build(CompositeType *type, double mu, double sigma)
{
	double		values[2] = {mu, sigma};

	check_result_spread("sigma", sigma, false);
	return composite_build(type, 2, values, NULL);
}

/*
 * A skill.glicko: finite rating, rd > 0 (an opponent's rd may be 0: a rating
 * known exactly), vol > 0 or NULL (Glicko-1 does not use it).
 */
void
glicko_read(CompositeType *type, HeapTupleHeader tuple, const char *arg,
			bool opponent, GlickoValue *out)
{
	double		values[3];
	bool		nulls[3];
	char		name[NAMEDATALEN + 16];

	composite_read(type, tuple, 3, values, nulls);
	field_not_null(nulls[0], arg, "rating");
	field_not_null(nulls[1], arg, "rd");
	snprintf(name, sizeof(name), "%s.rating", arg);
	check_finite(name, values[0]);
	snprintf(name, sizeof(name), "%s.rd", arg);
	if (opponent)
		check_nonnegative(name, values[1]);
	else
		check_positive(name, values[1]);
	if (!nulls[2])
	{
		snprintf(name, sizeof(name), "%s.vol", arg);
		check_positive(name, values[2]);
	}
	out->rating = values[0];
	out->rd = values[1];
	out->vol = values[2];
	out->vol_null = nulls[2];
}

Datum
glicko_build(CompositeType *type, const GlickoValue *value)
{
	double		values[3] = {value->rating, value->rd, value->vol};
	bool		nulls[3] = {false, false, value->vol_null};

	check_result_spread("rd", value->rd, true);
	if (!value->vol_null)
		check_result_spread("vol", value->vol, false);
	return composite_build(type, 3, values, nulls);
}

/* A 1-D skill.glicko[] of opponents (each rd >= 0); NULL elements rejected. */
GlickoValue *
glicko_array_read(CompositeType *type, ArrayType *array, const char *arg, int *count)
{
	Datum	   *elems;
	bool	   *nulls;
	int			n = array_length_1d(array, arg);
	int			i;
	GlickoValue *out;
	char		name[NAMEDATALEN + 16];

	*count = n;
	if (n == 0)
		return NULL;
	deconstruct_array(array, type->typid, type->typlen, type->typbyval,
					  type->typalign, &elems, &nulls, &n);
	out = palloc(sizeof(GlickoValue) * n);
	for (i = 0; i < n; i++)
	{
		if ((i & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		array_element_name(name, sizeof(name), arg, array, i, nulls[i]);
		glicko_read(type, DatumGetHeapTupleHeader(elems[i]), name, true, &out[i]);
	}
	return out;
}

/*
 * A 1-D skill.rating[] with no NULL elements, read into mu/sigma (palloc'd,
 * at least one slot even when empty).
 */
int
rating_list_read(CompositeType *type, ArrayType *array, const char *arg,
				 double **mu_out, double **sigma_out)
{
	return rating_list_read_or(type, array, arg, NULL, mu_out, sigma_out);
}

/*
 * The same, a NULL element taking fallback (mu, sigma) when fallback is
 * given (an unrated player's default).
 */
int
rating_list_read_or(CompositeType *type, ArrayType *array, const char *arg,
					const double *fallback, double **mu_out, double **sigma_out)
{
	Datum	   *elems;
	bool	   *nulls;
	double	   *mu,
			   *sigma;
	int			n = array_length_1d(array, arg);
	int			i;
	char		name[NAMEDATALEN + 16];

	mu = palloc(sizeof(double) * Max(n, 1));
	sigma = palloc(sizeof(double) * Max(n, 1));
	if (n > 0)
	{
		deconstruct_array(array, type->typid, type->typlen, type->typbyval,
						  type->typalign, &elems, &nulls, &n);
		for (i = 0; i < n; i++)
		{
			if ((i & 0xFFFF) == 0)
				CHECK_FOR_INTERRUPTS();
			if (nulls[i] && fallback != NULL)
			{
				mu[i] = fallback[0];
				sigma[i] = fallback[1];
				continue;
			}
			array_element_name(name, sizeof(name), arg, array, i, nulls[i]);
			rating_read(type, DatumGetHeapTupleHeader(elems[i]), name, &mu[i], &sigma[i]);
		}
	}
	*mu_out = mu;
	*sigma_out = sigma;
	return n;
}
