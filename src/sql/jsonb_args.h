/*
 * jsonb_args.h - reading settings out of a jsonb options argument, with
 * errors that name the setting.
 */
#ifndef SKILL_SQL_JSONB_ARGS_H
#define SKILL_SQL_JSONB_ARGS_H

#include "engine/pg_compat.h"

#include "datatype/timestamp.h"
#include "utils/jsonb.h"

/* The value of key in a jsonb object, or NULL. */
extern JsonbValue *object_get(Jsonb *object, const char *key);
extern JsonbValue *container_get(JsonbContainer *object, const char *key);

/*
 * The object (or array) a nested value holds; an error naming what if v is
 * something else.
 */
extern JsonbContainer *jsonb_object_value(JsonbValue *v, const char *what);
extern JsonbContainer *jsonb_array_value(JsonbValue *v, const char *what);

/* Whether v is the string s (false for a value of another type). */
extern bool jsonb_string_is(const JsonbValue *v, const char *s);

/* A float8 as a jsonb number, with float8's shortest exact digits. */
extern JsonbValue *jsonb_from_float8(double value);

/* An error unless j is an object; what names it. */
extern void check_object(Jsonb *j, const char *what);
/* Every key of the object must be one of keys[0..n); the error names caller. */
extern void check_known_keys(Jsonb *object, const char *const *keys, int n, const char *caller);
/* The same for a nested object, named by its path (a misspelt key is an error). */
extern void check_known_object_keys(JsonbContainer *object, const char *const *keys, int n,
									const char *path);

/* A number that fits a float8 (22003 naming what if it does not). */
extern double jsonb_number(JsonbValue *v, const char *what);

/*
 * The number at key of object, or fallback when the key is absent or JSON
 * null; errors name path.key.
 */
extern double jsonb_number_or(JsonbContainer *object, const char *path, const char *key,
							  double fallback);

/* A whole number in [low, high]. */
extern int	jsonb_whole(JsonbValue *v, const char *what, int low, int high);

/* A timestamp string such as "2020-01-01 00:00+00" (give the offset). */
extern TimestampTz jsonb_timestamptz(JsonbValue *v, const char *what);

#endif
