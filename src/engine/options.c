/*
 * options.c - parsing and checking a family's declared options (options.h).
 */
#include "engine/options.h"

#include <limits.h>
#include <math.h>

#include "lib/stringinfo.h"
#include "utils/fmgrprotos.h"
#include "utils/numeric.h"

int
options_index(const OptionTable *table, const char *name)
{
	int			i;

	for (i = 0; i < table->count; i++)
		if (strcmp(table->specs[i].name, name) == 0)
			return i;
	return -1;
}

static const OptionSpec *
find_option(const OptionTable *table, const char *key)
{
	int			i = options_index(table, key);

	return i < 0 ? NULL : &table->specs[i];
}

char *
options_names(const OptionTable *table)
{
	StringInfoData buf;
	int			i;

	initStringInfo(&buf);
	for (i = 0; i < table->count; i++)
		appendStringInfo(&buf, "%s%s", i > 0 ? ", " : "", table->specs[i].name);
	return buf.data;
}

/* The jsonb value as the option's kind wants it (type errors only). */
static double
option_value(const OptionSpec *spec, JsonbValue *value, const char *caller)
{
	double		number;

	if (spec->kind == OPTION_BOOL)
	{
		if (value->type != jbvBool)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"%s\" of %s must be true or false", spec->name, caller)));
		return value->val.boolean ? 1.0 : 0.0;
	}
	if (value->type != jbvNumeric)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"%s\" of %s must be a number", spec->name, caller)));
	number = DatumGetFloat8(DirectFunctionCall1(numeric_float8,
												NumericGetDatum(value->val.numeric)));
	if (spec->kind == OPTION_COUNT && !(number >= 1 && number <= INT_MAX && number == floor(number)))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"%s\" of %s must be a whole number of at least 1",
						spec->name, caller)));
	return number;
}

static void
bound_error(const OptionSpec *spec, const char *caller, const char *rule, double limit)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("option \"%s\" of %s must %s %g", spec->name, caller, rule, limit)));
}

/* The messages for a bound at zero keep the words the checks used before. */
static void
check_bounds(const OptionSpec *spec, const char *caller, double v)
{
	if (spec->kind != OPTION_NUMBER)
		return;
	if (!isfinite(v))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"%s\" of %s must be a finite number", spec->name, caller),
				 errdetail("NaN and infinite values are not allowed.")));
	if (spec->low_bound == BOUND_EXCLUSIVE && !(v > spec->low))
	{
		if (spec->low == 0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"%s\" of %s must be greater than zero", spec->name, caller)));
		bound_error(spec, caller, "be greater than", spec->low);
	}
	if (spec->low_bound == BOUND_INCLUSIVE && !(v >= spec->low))
	{
		if (spec->low == 0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"%s\" of %s must not be negative", spec->name, caller)));
		bound_error(spec, caller, "be at least", spec->low);
	}
	if (spec->high_bound == BOUND_EXCLUSIVE && !(v < spec->high))
		bound_error(spec, caller, "be less than", spec->high);
	if (spec->high_bound == BOUND_INCLUSIVE && !(v <= spec->high))
		bound_error(spec, caller, "be at most", spec->high);
}

void
options_read(const OptionTable *table, Jsonb *options, const char *caller, double *values)
{
	int			i;

	for (i = 0; i < table->count; i++)
		values[i] = table->specs[i].default_value;

	if (options != NULL)
	{
		JsonbIterator *it;
		JsonbValue	v;
		JsonbIteratorToken token;
		const OptionSpec *spec = NULL;

		if (!JB_ROOT_IS_OBJECT(options))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("options of %s must be a JSON object", caller),
					 errhint("For example '{\"beta\": 5, \"tau\": 0}'.")));
		it = JsonbIteratorInit(&options->root);
		while ((token = JsonbIteratorNext(&it, &v, true)) != WJB_DONE)
		{
			if (token == WJB_KEY)
			{
				char	   *key = pnstrdup(v.val.string.val, v.val.string.len);

				spec = find_option(table, key);
				if (spec == NULL)
					ereport(ERROR,
							(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
							 errmsg("unknown option \"%s\" for %s", key, caller),
							 errhint("Valid options are: %s.", options_names(table))));
			}
			else if (token == WJB_VALUE)
				values[spec - table->specs] = option_value(spec, &v, caller);
		}
	}
	options_check(table, caller, values);
}

void
options_check(const OptionTable *table, const char *caller, const double *values)
{
	int			i;

	for (i = 0; i < table->count; i++)
		check_bounds(&table->specs[i], caller, values[i]);
}
