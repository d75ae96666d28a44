/*
 * jsonb_args.h - reading settings out of a jsonb options argument, with
 * errors that name the setting.
 */
#ifndef SKILL_SQL_JSONB_ARGS_H
#define SKILL_SQL_JSONB_ARGS_H

#include "postgres.h"

#include "datatype/timestamp.h"
#include "utils/jsonb.h"

/* The value of key in a jsonb object, or NULL. */
extern JsonbValue *object_get(Jsonb *object, const char *key);

/* An error unless j is an object; what names it. */
extern void check_object(Jsonb *j, const char *what);

extern double jsonb_number(JsonbValue *v, const char *what);

/* A whole number in [low, high]. */
extern int	jsonb_whole(JsonbValue *v, const char *what, int low, int high);

/* A timestamp string such as "2020-01-01 00:00+00" (give the offset). */
extern TimestampTz jsonb_timestamptz(JsonbValue *v, const char *what);

#endif
