/*
 * option_number.h - a jsonb option's number as a float8, with an error
 * naming the option when it does not fit one.
 */
#ifndef SKILL_ENGINE_OPTION_NUMBER_H
#define SKILL_ENGINE_OPTION_NUMBER_H

#include "engine/pg_compat.h"

#include "utils/numeric.h"

/*
 * n as a float8; 22003 "option "name" of caller is out of range for a
 * float8" when it overflows one (1e400), instead of numeric_float8's error
 * quoting the number's every digit.  A number too small for a float8
 * (1e-400) reads as 0, which the option's bounds then judge, as the other
 * jsonb arguments read it (sql/jsonb_args.c).
 */
extern double option_number(Numeric n, const char *name, const char *caller);

#endif
