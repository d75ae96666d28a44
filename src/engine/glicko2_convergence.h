/*
 * glicko2_convergence.h - the error for a Glicko-2 volatility iteration
 * that did not converge, naming the tau and epsilon it ran with.
 */
#ifndef SKILL_ENGINE_GLICKO2_CONVERGENCE_H
#define SKILL_ENGINE_GLICKO2_CONVERGENCE_H

#include "postgres.h"

#include "core/status.h"

/*
 * status, unless it is SK_ERR_NO_CONVERGENCE: then an error (22023)
 * "caller: ..." or, with a player, "caller could not rate player N: ...",
 * whose detail gives tau and epsilon and whose hint says which values
 * cannot work.
 */
extern sk_status glicko2_converged(sk_status status, const char *caller, const int64 *player,
								   double tau, double epsilon);

#endif
