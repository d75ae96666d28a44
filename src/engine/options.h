/*
 * options.h - declarative replay options.
 *
 * Each family declares its options once, in a table of OptionSpec: name,
 * kind, default, bounds and help text.  Parsing the options jsonb, the
 * bound checks with their error messages, the hint that lists valid names,
 * and skill.replay_options() (which the README's tables and the SQL
 * defaults are tested against) are all driven from that table.
 */
#ifndef SKILL_ENGINE_OPTIONS_H
#define SKILL_ENGINE_OPTIONS_H

#include "engine/pg_compat.h"

#include <math.h>

#include "datatype/timestamp.h"
#include "utils/jsonb.h"

typedef enum OptionKind
{
	OPTION_NUMBER,				/* a finite float8 */
	OPTION_COUNT,				/* a whole number of at least 1 */
	OPTION_BOOL,				/* true or false, kept as 1 or 0 */
	OPTION_TIMES,				/* an array of ascending timestamps: the value is
								 * their count, the list is in lists[i] */
	OPTION_CHOICE,				/* one of the names in choices: the value is its
								 * index (default_value the default's) */
	OPTION_TIMESTAMP,			/* a timestamp string: the value is its
								 * microseconds since 2000-01-01 UTC */
	OPTION_INTERVAL				/* an interval string ("1 year"): the value is
								 * its length in microseconds (a month 30
								 * days, a year 365.25), 0 when not given */
} OptionKind;

/* How a number is bounded: at the low end, then at the high end. */
typedef enum OptionBound
{
	BOUND_NONE,
	BOUND_INCLUSIVE,			/* value >= low / value <= high */
	BOUND_EXCLUSIVE				/* value > low / value < high */
} OptionBound;

typedef struct OptionSpec
{
	const char *name;
	OptionKind	kind;
	double		default_value;
	OptionBound low_bound;
	double		low;
	OptionBound high_bound;
	double		high;
	const char *help;
	const char *const *choices;	/* OPTION_CHOICE: the names, NULL-terminated */
	int			inherits;		/* OPTION_CONTEXT: the index of the option it stands in for */
} OptionSpec;

/* Shorthands for the common bounds of a number option. */
#define OPTION_ANY(name, def, help) \
	{name, OPTION_NUMBER, def, BOUND_NONE, 0, BOUND_NONE, 0, help}
#define OPTION_POSITIVE(name, def, help) \
	{name, OPTION_NUMBER, def, BOUND_EXCLUSIVE, 0, BOUND_NONE, 0, help}
#define OPTION_NONNEGATIVE(name, def, help) \
	{name, OPTION_NUMBER, def, BOUND_INCLUSIVE, 0, BOUND_NONE, 0, help}
#define OPTION_FLAG(name, def, help) \
	{name, OPTION_BOOL, def, BOUND_NONE, 0, BOUND_NONE, 0, help}
#define OPTION_SHARE(name, def, help) \
	{name, OPTION_NUMBER, def, BOUND_INCLUSIVE, 0, BOUND_INCLUSIVE, 1, help}
#define OPTION_TIMESTAMPS(name, help) \
	{name, OPTION_TIMES, 0, BOUND_NONE, 0, BOUND_NONE, 0, help}
#define OPTION_NAMED(name, choices, help) \
	{name, OPTION_CHOICE, 0, BOUND_NONE, 0, BOUND_NONE, 0, help, choices}

#define OPTION_EVERY(name, help) \
	{name, OPTION_INTERVAL, 0, BOUND_NONE, 0, BOUND_NONE, 0, help}
/*
 * context_<base>, a number whose default is option base's value (NaN until
 * given; base_index is base's index in the table): the context ratings'
 * options of the match details (family_api.h), bounded below at 0 like the
 * option they stand in for.
 */
#define OPTION_CONTEXT(base_index, base, low_bound, help) \
	{"context_" base, OPTION_NUMBER, NAN, low_bound, 0, BOUND_NONE, 0, \
	help " (default: " base ")", NULL, base_index}

/* A family's table: specs[0 .. count-1]. */
typedef struct OptionTable
{
	const OptionSpec *specs;
	int			count;
} OptionTable;

/*
 * Fills values[i] with each option's default, then with the value given in
 * options (NULL: none), and checks every bound.  caller names the SQL
 * function in messages.  lists[i] receives the timestamps of an
 * OPTION_TIMES option (palloc'd; NULL when not given).
 */
extern void options_read(const OptionTable *table, Jsonb *options, const char *caller,
						 double *values, TimestampTz **lists);

/* Checks every value against its option's bounds (options_read does). */
extern void options_check(const OptionTable *table, const char *caller, const double *values);

/* The index of the option called name, or -1. */
extern int	options_index(const OptionTable *table, const char *name);

/* "a, b, c": a NULL-terminated list of names, joined (palloc'd). */
extern char *options_join(const char *const *names);

/* "a, b, c": the names, in table order (palloc'd). */
extern char *options_names(const OptionTable *table);

#endif
