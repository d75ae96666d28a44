/*
 * glicko2_convergence.h - the error for a Glicko-2 volatility iteration
 * that did not converge, naming the tau and epsilon it ran with.
 */
#ifndef SKILL_ENGINE_GLICKO2_CONVERGENCE_H
#define SKILL_ENGINE_GLICKO2_CONVERGENCE_H

#include "engine/pg_compat.h"

#include "core/status.h"

/*
 * status, unless it is SK_ERR_NO_CONVERGENCE: then the error
 * core_status_error raises ("caller: iteration did not converge", or with
 * a player "caller could not rate player N: ...", its SQLSTATE from
 * core_sqlstate), with a detail giving tau and epsilon and a hint saying
 * which values cannot work.
 */
extern sk_status glicko2_converged(sk_status status, const char *caller, const int64 *player,
								   double tau, double epsilon);

#endif
