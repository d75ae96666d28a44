/*
 * jsonb_args.c - settings out of a jsonb options argument (jsonb_args.h).
 *
 * Functions here share a shape on purpose (read and check their own
 * arguments, call the core, build the result): each reads a different
 * signature, so there is no common argument layout to factor out.
 */
#include "sql/jsonb_args.h"

#include <math.h>

#include "utils/fmgrprotos.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"

JsonbValue *
object_get(Jsonb *object, const char *key)
{
	return getKeyJsonValueFromContainer(&object->root, key, strlen(key), NULL);
}

void
check_object(Jsonb *j, const char *what)
{
	if (!JB_ROOT_IS_OBJECT(j))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be a JSON object", what)));
}

double
jsonb_number(JsonbValue *v, const char *what)
{
	if (v->type != jbvNumeric)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be a number", what)));
	return DatumGetFloat8(DirectFunctionCall1(numeric_float8, NumericGetDatum(v->val.numeric)));
}

int
jsonb_whole(JsonbValue *v, const char *what, int low, int high)
{
	double		d = jsonb_number(v, what);

	if (!(d >= low && d <= high && d == floor(d)))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be a whole number from %d to %d", what, low, high)));
	return (int) d;
}

TimestampTz
jsonb_timestamptz(JsonbValue *v, const char *what)
{
	if (v->type != jbvString)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be a timestamp string such as \"2020-01-01 00:00+00\"", what)));
	return DatumGetTimestampTz(DirectFunctionCall3(timestamptz_in,
												   CStringGetDatum(pnstrdup(v->val.string.val,
																			v->val.string.len)),
												   ObjectIdGetDatum(InvalidOid),
												   Int32GetDatum(-1)));
}
