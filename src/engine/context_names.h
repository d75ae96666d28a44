/*
 * context_names.h - a match detail's context (surface, map, venue) is
 * text in SQL and a small id in the engine: this dictionary gives each
 * distinct name the next id, 0, 1, 2, ...  Its callers (the rows query
 * reader, the aggregates) own one for the life of their replay.
 */
#ifndef SKILL_ENGINE_CONTEXT_NAMES_H
#define SKILL_ENGINE_CONTEXT_NAMES_H

#include "engine/pg_compat.h"

typedef struct ContextNames ContextNames;

extern ContextNames *context_names_create(MemoryContext mcxt);

/* The id of name (len bytes, not NUL-terminated), given one if new. */
extern int32 context_names_id(ContextNames *names, const char *name, int len);

#endif
