/*
 * jsonb_args.c - settings out of a jsonb options argument (jsonb_args.h).
 *
 * Functions here share a shape on purpose (read and check their own
 * arguments, call the core, build the result): each reads a different
 * signature, so there is no common argument layout to factor out.
 */
#include "sql/jsonb_args.h"

#include <math.h>

#include "utils/float.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"

JsonbValue *
object_get(Jsonb *object, const char *key)
{
	return container_get(&object->root, key);
}

JsonbValue *
container_get(JsonbContainer *object, const char *key)
{
	return getKeyJsonValueFromContainer(object, key, strlen(key), NULL);
}

bool
jsonb_string_is(const JsonbValue *v, const char *s)
{
	return v->type == jbvString && v->val.string.len == (int) strlen(s) &&
		memcmp(v->val.string.val, s, v->val.string.len) == 0;
}

static JsonbContainer *
jsonb_container_value(JsonbValue *v, bool array, const char *what)
{
	if (v->type != jbvBinary ||
		!(array ? JsonContainerIsArray(v->val.binary.data)
		  : JsonContainerIsObject(v->val.binary.data)))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be a JSON %s", what, array ? "array" : "object")));
	return v->val.binary.data;
}

JsonbContainer *
jsonb_object_value(JsonbValue *v, const char *what)
{
	return jsonb_container_value(v, false, what);
}

JsonbContainer *
jsonb_array_value(JsonbValue *v, const char *what)
{
	return jsonb_container_value(v, true, what);
}

JsonbValue *
jsonb_from_float8(double value)
{
	JsonbValue *v = palloc(sizeof(JsonbValue));

	/* float8out's digits, as to_jsonb(float8) gives (float8_numeric rounds to 15). */
	v->type = jbvNumeric;
	v->val.numeric = DatumGetNumeric(DirectFunctionCall3(numeric_in,
														 CStringGetDatum(float8out_internal(value)),
														 ObjectIdGetDatum(InvalidOid),
														 Int32GetDatum(-1)));
	return v;
}

void
check_object(Jsonb *j, const char *what)
{
	if (!JB_ROOT_IS_OBJECT(j))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be a JSON object", what)));
}

/* v as a float8: false if it is not a number or too large for one. */
static bool
numeric_value(JsonbValue *v, double *d)
{
	if (v->type != jbvNumeric)
		return false;
	*d = DatumGetFloat8(DirectFunctionCall1(numeric_float8_no_overflow,
											NumericGetDatum(v->val.numeric)));
	return isfinite(*d);
}

double
jsonb_number(JsonbValue *v, const char *what)
{
	double		d;

	if (v->type != jbvNumeric)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be a number", what)));
	if (!numeric_value(v, &d))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("%s is out of range for a float8", what)));
	return d;
}

double
jsonb_number_or(JsonbContainer *object, const char *path, const char *key, double fallback)
{
	JsonbValue *v = container_get(object, key);

	double		d;

	if (v == NULL || v->type == jbvNull)
		return fallback;
	/* The name is built only for the error: this runs once per player. */
	if (numeric_value(v, &d))
		return d;
	return jsonb_number(v, psprintf("%s.%s", path, key));
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

/* The first key of object not in keys[0..n), or NULL; *len is its length. */
static const char *
unknown_key(JsonbContainer *object, const char *const *keys, int n, int *len)
{
	JsonbIterator *it = JsonbIteratorInit(object);
	JsonbValue	v;
	JsonbIteratorToken token;

	while ((token = JsonbIteratorNext(&it, &v, true)) != WJB_DONE)
	{
		int			k;

		if (token != WJB_KEY)
			continue;
		for (k = 0; k < n; k++)
			if (strlen(keys[k]) == v.val.string.len &&
				strncmp(keys[k], v.val.string.val, v.val.string.len) == 0)
				break;
		if (k == n)
		{
			*len = v.val.string.len;
			return v.val.string.val;
		}
	}
	return NULL;
}

/* "a, b, c" */
static char *
key_list(const char *const *keys, int n)
{
	StringInfoData names;
	int			k;

	initStringInfo(&names);
	for (k = 0; k < n; k++)
		appendStringInfo(&names, "%s%s", k > 0 ? ", " : "", keys[k]);
	return names.data;
}

void
check_known_keys(Jsonb *object, const char *const *keys, int n, const char *caller)
{
	int			len;
	const char *key = unknown_key(&object->root, keys, n, &len);

	if (key != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("unknown option \"%.*s\" for %s", len, key, caller),
				 errhint("Valid options are: %s.", key_list(keys, n))));
}

void
check_known_object_keys(JsonbContainer *object, const char *const *keys, int n,
						const char *path)
{
	int			len;
	const char *key = unknown_key(object, keys, n, &len);

	if (key != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s has an unknown key \"%.*s\"", path, len, key),
				 errhint("Valid keys are: %s.", key_list(keys, n))));
}
