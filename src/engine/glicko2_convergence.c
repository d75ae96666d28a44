/*
 * glicko2_convergence.c - the error for a Glicko-2 volatility iteration
 * that did not converge (glicko2_convergence.h).
 *
 * The iteration (Glickman's step 5, Illinois) stops when its bracket is
 * narrower than epsilon, so an epsilon finer than a double resolves near
 * ln(vol^2) never stops it; a tiny tau makes the function so steep that
 * the bracket barely moves.  Both hit the core's step limit, and the user
 * has to be told which numbers to change.
 */
#include "engine/glicko2_convergence.h"

#include "core/glicko2.h"
#include "engine/sqlstate.h"

sk_status
glicko2_converged(sk_status status, const char *caller, const int64 *player,
				  double tau, double epsilon)
{
	if (status != SK_ERR_NO_CONVERGENCE)
		return status;
	ereport(ERROR,
			(errcode(core_sqlstate(status)),
			 player != NULL
			 ? errmsg("%s could not rate player " INT64_FORMAT ": %s",
					  caller, *player, sk_status_message(status))
			 : errmsg("%s: %s", caller, sk_status_message(status)),
			 errdetail("It ran with tau %g and epsilon %g and stopped after %d steps.",
					   tau, epsilon, SK_GLICKO2_MAX_ITER),
			 errhint("An epsilon below about 1e-15 is finer than a double resolves, and a tau far below Glickman's 0.3 to 1.2 (under about 1e-10) makes the iteration too steep to finish; the defaults are tau 0.5 and epsilon 1e-6.")));
	return status;				/* not reached */
}
