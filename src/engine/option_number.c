/*
 * option_number.c - a jsonb option's number as a float8 (option_number.h).
 */
#include "engine/option_number.h"

#include <math.h>

#include "utils/builtins.h"

double
option_number(Numeric n, const char *name, const char *caller)
{
	double		d = DatumGetFloat8(DirectFunctionCall1(numeric_float8_no_overflow,
													   NumericGetDatum(n)));

	if (isinf(d))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("option \"%s\" of %s is out of range for a float8", name, caller),
				 errdetail("A float8 holds magnitudes up to about 1.8e308.")));
	return d;
}
