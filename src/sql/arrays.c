/*
 * arrays.c - reading and building float8[] arguments and results.
 */
#include "sql/skill.h"

#include <math.h>

#include "catalog/pg_type.h"

/* Number of elements of a 1-D (or empty) array; anything else is an error. */
int
array_length_1d(ArrayType *array, const char *arg)
{
	if (ARR_NDIM(array) == 0)
		return 0;
	if (ARR_NDIM(array) != 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("%s must be a one-dimensional array", arg),
				 errdetail("It has %d dimensions.", ARR_NDIM(array))));
	return ARR_DIMS(array)[0];
}

/*
 * The elements of a 1-D float8[] without copying: a float8 array with no
 * NULLs stores its doubles contiguously and aligned.  Every element must be
 * finite.
 */
const double *
float8_array_values(ArrayType *array, const char *arg, int *count)
{
	const double *values;
	int			n = array_length_1d(array, arg);
	int			i;

	Assert(ARR_ELEMTYPE(array) == FLOAT8OID);
	if (array_contains_nulls(array))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s must not contain NULL elements", arg)));

	values = (const double *) ARR_DATA_PTR(array);
	for (i = 0; i < n; i++)
	{
		if (!isfinite(values[i]))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s[%d] must be a finite number",
							arg, ARR_LBOUND(array)[0] + i),
					 errdetail("NaN and infinite values are not allowed.")));
	}
	*count = n;
	return values;
}

ArrayType *
float8_array_build(const double *values, int count)
{
	Datum	   *datums = palloc(sizeof(Datum) * Max(count, 1));
	int			i;

	for (i = 0; i < count; i++)
		datums[i] = Float8GetDatum(values[i]);
	return construct_array(datums, count, FLOAT8OID, sizeof(float8),
						   FLOAT8PASSBYVAL, TYPALIGN_DOUBLE);
}

/*
 * "arg[k]" for element i (k counts from the array's lower bound) into buf,
 * for messages; a NULL element is an error naming it.
 */
void
array_element_name(char *buf, size_t size, const char *arg, ArrayType *array, int i,
				   bool isnull)
{
	snprintf(buf, size, "%s[%d]", arg, ARR_LBOUND(array)[0] + i);
	if (isnull)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s must not be NULL", buf)));
}

/*
 * Arguments a and b as float8 arrays of one length (an error naming both
 * where they differ): the paired arrays of opponents and scores, ratings
 * and ranks.  Returns the length.
 */
int
paired_float8_args(FunctionCallInfo fcinfo, int a, const char *arg_a, const double **values_a,
				   int b, const char *arg_b, const double **values_b)
{
	int			n_a,
				n_b;

	*values_a = float8_array_values(PG_GETARG_ARRAYTYPE_P(a), arg_a, &n_a);
	*values_b = float8_array_values(PG_GETARG_ARRAYTYPE_P(b), arg_b, &n_b);
	check_same_length(arg_a, n_a, arg_b, n_b);
	return n_a;
}
