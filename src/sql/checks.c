/*
 * checks.c - argument rules shared by every SQL function.
 *
 * Each check raises an ERROR whose message names the offending argument, so
 * a user sees "scores[2] must be between 0 and 1", not a bare failure.
 * Comparisons are written so NaN fails them too, but finiteness is checked
 * first to give NaN and Infinity their own message.
 */
#include "sql/skill.h"

#include "engine/sqlstate.h"

#include "funcapi.h"
#include "utils/builtins.h"

#include <math.h>

void
check_finite(const char *arg, double value)
{
	if (!isfinite(value))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be a finite number", arg),
				 errdetail("NaN and infinite values are not allowed.")));
}

/*
 * Last line of defence for results: a finite input far outside any real
 * rating (1e300) can still overflow inside a model; refuse it rather than
 * store NaN or Infinity.  Returns the value, to wrap a result in.
 */
double
check_result_finite(double value)
{
	if (!isfinite(value))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("the result is not a finite number"),
				 errdetail("The input ratings are too extreme to compute in double precision.")));
	return value;
}

/*
 * C results are not re-checked by the executor against the domain, so a
 * result must meet the type's rule here: a spread that underflowed to 0
 * (sigma 5e-324 times a factor below 1) is out of range like an overflow.
 */
void
check_result_spread(const char *field, double spread, bool zero_allowed)
{
	check_result_finite(spread);
	if (!(spread > 0.0 || (zero_allowed && spread == 0.0)))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("the result's %s is not %s zero", field,
						zero_allowed ? "at least" : "greater than"),
				 errdetail("The input ratings are too extreme to compute in double precision.")));
}

/* Raise "ARG must RULE" (22023) unless ok; ok is false for NaN too. */
static void
refuse_unless(bool ok, const char *arg, const char *rule)
{
	if (!ok)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must %s", arg, rule)));
}

void
check_positive(const char *arg, double value)
{
	check_finite(arg, value);
	refuse_unless(value > 0.0, arg, "be greater than zero");
}

void
check_nonnegative(const char *arg, double value)
{
	check_finite(arg, value);
	refuse_unless(value >= 0.0, arg, "not be negative");
}

/*
 * Argument n as a float8, checked by check (finite_arg, positive_arg and
 * nonnegative_arg in skill.h): a function's usual first lines in one call.
 */
double
float8_arg(FunctionCallInfo fcinfo, int n, const char *arg,
		   void (*check) (const char *arg, double value))
{
	double		value = PG_GETARG_FLOAT8(n);

	check(arg, value);
	return value;
}

void
check_score(const char *arg, double value)
{
	check_finite(arg, value);
	if (!(value >= 0.0 && value <= 1.0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be between 0 and 1", arg),
				 errdetail("A score is 1 for a win, 0.5 for a draw and 0 for a loss.")));
}

void
check_same_length(const char *arg_a, int len_a, const char *arg_b, int len_b)
{
	if (len_a != len_b)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("%s and %s must have the same length", arg_a, arg_b),
				 errdetail("%s has %d elements, %s has %d.",
						   arg_a, len_a, arg_b, len_b)));
}

/* Every element of a scores array must be a game score in [0, 1]. */
void
check_scores(const char *arg, const double *scores, int count)
{
	char		name[NAMEDATALEN + 16];
	int			i;

	for (i = 0; i < count; i++)
	{
		snprintf(name, sizeof(name), "%s[%d]", arg, i + 1);
		check_score(name, scores[i]);
	}
}

/*
 * The NULL rule of the functions that are not STRICT (README, Errors): they
 * are not STRICT only because some arguments may be NULL to mean "not
 * given" (bit n of optional set: argument n); a NULL in any other argument
 * gives a NULL result (no rows from a set-returning function), as STRICT
 * would.
 */
bool
required_arg_null(FunctionCallInfo fcinfo, uint32 optional)
{
	int			i;

	for (i = 0; i < PG_NARGS(); i++)
		if (PG_ARGISNULL(i) && (optional & OPTIONAL_ARG(i)) == 0)
			return true;
	return false;
}

/*
 * Where a NULL cannot mean "no result": an aggregate's setting passed with
 * every row (buckets, ridge), and an argument needed only in some calls
 * (the per-server arrays of place_matches, when server_ids is given).
 */
void
check_not_null_arg(FunctionCallInfo fcinfo, int argno, const char *arg)
{
	if (PG_ARGISNULL(argno))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s must not be NULL", arg)));
}

/* The same for a set-returning function: true after setting up no rows. */
bool
required_arg_null_srf(FunctionCallInfo fcinfo, uint32 optional)
{
	if (!required_arg_null(fcinfo, optional))
		return false;
	InitMaterializedSRF(fcinfo, 0);
	return true;
}

/* A core's status other than SK_OK as an ERROR, SQLSTATE by engine/sqlstate.h. */
void
report_core_status(sk_status status, const char *what)
{
	if (status != SK_OK)
		core_status_error(status, what);
}

/* The link argument of the *_predict_win functions: its core code. */
int
check_link(const char *arg, text *value)
{
	static const char *const names[] = {"family", "logistic", "normal"};
	char	   *s = text_to_cstring(value);
	int			i;

	for (i = 0; i < lengthof(names); i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("%s must be one of: family, logistic, normal", arg),
			 errdetail("\"%s\" is none of them.", s)));
	return 0;					/* not reached */
}
