/*
 * sqlstate.h - the one bridge from the core's status codes (core/status.h)
 * to SQLSTATEs: every place that raises a core's status, in the glue, the
 * engine and the families, takes its SQLSTATE from core_sqlstate.
 *
 *   SK_ERR_OVERFLOW        22003 numeric_value_out_of_range
 *   SK_ERR_NOT_FINITE      22003 numeric_value_out_of_range
 *   SK_ERR_RANGE           22023 invalid_parameter_value
 *   SK_ERR_SIZE            2202E array_subscript_error
 *   SK_ERR_NO_CONVERGENCE  22000 data_exception
 *   SK_ERR_NO_MEMORY       53200 out_of_memory
 *
 * The callers check every argument before calling a core, naming the
 * argument in their own message (22023 for a NaN, infinite or out-of-range
 * one), so a core's SK_ERR_NOT_FINITE means a value computed on the way
 * (a rating an earlier match or period left beyond double range) is not
 * finite: 22003, as an overflowing result.  An iteration that hits its
 * safety limit (Glicko-2's volatility) has valid, finite input and no
 * result out of range: neither 22023 nor 22003, but the general
 * data_exception.  Callers that know what a status means for their
 * arguments (a collinear fit, parties that cannot be split) raise their
 * own message first.
 */
#ifndef SKILL_ENGINE_SQLSTATE_H
#define SKILL_ENGINE_SQLSTATE_H

#include "engine/pg_compat.h"

#include "core/status.h"

/* The SQLSTATE of status (not SK_OK). */
extern int	core_sqlstate(sk_status status);

/* Raises status (not SK_OK) as an ERROR "<what>: <the status's text>". */
pg_noreturn extern void core_status_error(sk_status status, const char *what);

#endif
