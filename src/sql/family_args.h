/*
 * family_args.h - SQL arguments that name a rating family and a rows query
 * (skill.replay, skill.fit).
 */
#ifndef SKILL_SQL_FAMILY_ARGS_H
#define SKILL_SQL_FAMILY_ARGS_H

#include "engine/compact.h"
#include "sql/skill.h"

/* The family whose SQL prefix is name ("pl", "elo", ...), or an error. */
extern const ReplayFamily *family_arg(text *name);

/* The family's rating type of the extension's own schema (unset for Elo). */
extern void family_rating_type(FunctionCallInfo fcinfo, const ReplayFamily *family,
							   CompositeType *type);

/* Reads the rows query once into column arrays (in CurrentMemoryContext). */
extern CompactRows *compact_read_query(FunctionCallInfo fcinfo, const ReplayFamily *family,
									   text *query);

#endif
