/*
 * objective.h - the option objective of skill.evaluate and skill.fit:
 * what a two-team match's prediction is scored by.
 *
 *   binary     the expected score (win + draw/2) against the outcome 1,
 *              0.5 or 0, by log-loss (a draw costs at least ln 2)
 *   three_way  the chances of a win, a draw and a loss (the draw model's;
 *              without one the expected score and no draw), by -ln of the
 *              chance of what happened
 */
#ifndef SKILL_SQL_OBJECTIVE_H
#define SKILL_SQL_OBJECTIVE_H

#include "engine/pg_compat.h"

#include "utils/jsonb.h"

/* Whether the option's value v is "three_way" (else "binary"); an error naming caller otherwise. */
extern bool jsonb_objective(const JsonbValue *v, const char *caller);

/*
 * evaluate's objective: "binary", "three_way", or an array of one or both
 * (both scored in one call); which are scored into *binary and *three_way;
 * an error naming caller otherwise.
 */
extern void jsonb_objectives(const JsonbValue *v, const char *caller, bool *binary,
							 bool *three_way);

/*
 * The error of a three-way score with neither a draw among the scored
 * matches nor a draw model (of system, when not NULL): it would be the
 * binary score under another name.
 */
pg_noreturn extern void report_no_draws(const char *caller, const char *system);

#endif
