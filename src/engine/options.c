/*
 * options.c - parsing and checking a family's declared options (options.h).
 */
#include "engine/options.h"
#include "engine/option_number.h"

#include <limits.h>
#include <math.h>

#include "lib/stringinfo.h"
#include "utils/fmgrprotos.h"
#include "utils/timestamp.h"
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

char *
options_join(const char *const *names)
{
	StringInfoData buf;
	int			i;

	initStringInfo(&buf);
	for (i = 0; names[i] != NULL; i++)
		appendStringInfo(&buf, "%s%s", i > 0 ? ", " : "", names[i]);
	return buf.data;
}

/* An OPTION_CHOICE value: the index of its name among the choices. */
static double
option_choice(const OptionSpec *spec, JsonbValue *value, const char *caller)
{
	int			i;

	if (value->type == jbvString)
		for (i = 0; spec->choices[i] != NULL; i++)
			if (strlen(spec->choices[i]) == value->val.string.len &&
				strncmp(spec->choices[i], value->val.string.val, value->val.string.len) == 0)
				return i;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("option \"%s\" of %s must be one of: %s", spec->name, caller,
					options_join(spec->choices))));
	return 0;					/* not reached */
}

/*
 * interval_in on an option's text; its error, re-raised with the option's
 * name (no state is resumed after the catch: the error is raised again).
 */
static Interval *
read_interval(const OptionSpec *spec, const char *text, const char *caller)
{
	MemoryContext mcxt = CurrentMemoryContext;
	Interval   *span = NULL;

	PG_TRY();
	{
		span = DatumGetIntervalP(DirectFunctionCall3(interval_in, CStringGetDatum(text),
													 ObjectIdGetDatum(InvalidOid),
													 Int32GetDatum(-1)));
	}
	PG_CATCH();
	{
		ErrorData  *error;

		MemoryContextSwitchTo(mcxt);
		error = CopyErrorData();
		FlushErrorState();
		ereport(ERROR,
				(errcode(error->sqlerrcode),
				 errmsg("option \"%s\" of %s must be an interval such as \"1 year\", not \"%s\"",
						spec->name, caller, text),
				 errdetail("%s", error->message)));
	}
	PG_END_TRY();
	return span;
}

/*
 * An OPTION_INTERVAL value in microseconds: a positive interval, months
 * counted as 30 days and years as 365.25 (as EXTRACT(epoch) does).
 */
static double
option_interval(const OptionSpec *spec, JsonbValue *value, const char *caller)
{
	Interval   *span;
	double		usecs = 0;

	if (value->type == jbvString)
	{
		span = read_interval(spec, pnstrdup(value->val.string.val, value->val.string.len), caller);
		usecs = (double) span->time + (double) span->day * USECS_PER_DAY +
			(double) (span->month / MONTHS_PER_YEAR) * DAYS_PER_YEAR * USECS_PER_DAY +
			(double) (span->month % MONTHS_PER_YEAR) * DAYS_PER_MONTH * USECS_PER_DAY;
	}
	if (!(usecs > 0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"%s\" of %s must be a positive interval such as \"1 year\"",
						spec->name, caller)));
	return usecs;
}

/* The jsonb value as the option's kind wants it (type errors only). */
static double
option_value(const OptionSpec *spec, JsonbValue *value, const char *caller)
{
	double		number;

	if (spec->kind == OPTION_CHOICE)
		return option_choice(spec, value, caller);
	if (spec->kind == OPTION_TIMESTAMP)
	{
		if (value->type != jbvString)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"%s\" of %s must be a timestamp such as \"2019-01-01 00:00+00\"",
							spec->name, caller)));
		return (double) DatumGetTimestampTz(DirectFunctionCall3(timestamptz_in,
																CStringGetDatum(pnstrdup(value->val.string.val,
																						 value->val.string.len)),
																ObjectIdGetDatum(InvalidOid),
																Int32GetDatum(-1)));
	}
	if (spec->kind == OPTION_INTERVAL)
		return option_interval(spec, value, caller);
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
	number = option_number(value->val.numeric, spec->name, caller);
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
	if (isnan(v) && isnan(spec->default_value))
		return;					/* OPTION_CONTEXT, not given */
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

/*
 * An array of timestamp strings, ascending.  Strings without a UTC offset
 * are read in the session's TimeZone, so give the offset ("...+00").
 */
static TimestampTz *
option_times(const OptionSpec *spec, JsonbValue *array, const char *caller, double *count)
{
	JsonbIterator *it;
	JsonbValue	v;
	TimestampTz *times = NULL;
	int			n = 0,
				max = 0;

	if (array->type != jbvBinary || !JsonContainerIsArray(array->val.binary.data))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"%s\" of %s must be an array of timestamps", spec->name, caller),
				 errhint("For example [\"2026-01-01 00:00+00\", \"2026-04-01 00:00+00\"].")));
	it = JsonbIteratorInit(array->val.binary.data);
	(void) JsonbIteratorNext(&it, &v, true);	/* the array */
	while (JsonbIteratorNext(&it, &v, true) == WJB_ELEM)
	{
		if (v.type != jbvString)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"%s\" of %s must be an array of timestamps", spec->name, caller),
					 errhint("For example [\"2026-01-01 00:00+00\", \"2026-04-01 00:00+00\"].")));
		if (n == max)
		{
			max = Max(8, max * 2);
			times = times ? repalloc(times, sizeof(TimestampTz) * max)
				: palloc(sizeof(TimestampTz) * max);
		}
		times[n] = DatumGetTimestampTz(DirectFunctionCall3(timestamptz_in,
														   CStringGetDatum(pnstrdup(v.val.string.val, v.val.string.len)),
														   ObjectIdGetDatum(InvalidOid),
														   Int32GetDatum(-1)));
		if (n > 0 && times[n] <= times[n - 1])
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"%s\" of %s must be in ascending order", spec->name, caller)));
		n++;
	}
	*count = n;
	return times;
}

/* The keys of the options object, each a declared option. */
static void
read_object(const OptionTable *table, Jsonb *options, const char *caller, double *values,
			TimestampTz **lists)
{
	JsonbIterator *it = JsonbIteratorInit(&options->root);
	JsonbValue	v;

	(void) JsonbIteratorNext(&it, &v, true);	/* the object */
	while (JsonbIteratorNext(&it, &v, true) == WJB_KEY)
	{
		char	   *key = pnstrdup(v.val.string.val, v.val.string.len);
		const OptionSpec *spec = find_option(table, key);
		int			i;

		if (spec == NULL)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("unknown option \"%s\" for %s", key, caller),
					 errhint("Valid options are: %s.", options_names(table))));
		i = spec - table->specs;
		(void) JsonbIteratorNext(&it, &v, true);	/* its value */
		if (spec->kind == OPTION_TIMES)
			lists[i] = option_times(spec, &v, caller, &values[i]);
		else
			values[i] = option_value(spec, &v, caller);
	}
}

void
options_read(const OptionTable *table, Jsonb *options, const char *caller, double *values,
			 TimestampTz **lists)
{
	int			i;

	for (i = 0; i < table->count; i++)
	{
		values[i] = table->specs[i].default_value;
		if (table->specs[i].kind == OPTION_TIMES)
			lists[i] = NULL;
	}

	if (options != NULL)
	{
		if (!JB_ROOT_IS_OBJECT(options))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("options of %s must be a JSON object", caller),
					 errhint("For example '{\"beta\": 5, \"tau\": 0}'.")));
		read_object(table, options, caller, values, lists);
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
