/*
 * status.c - text for the core's result codes.
 */
#include <stddef.h>

#include "status.h"

const char *
sk_status_message(sk_status status)
{
	switch (status)
	{
		case SK_OK:
			return "ok";
		case SK_ERR_NOT_FINITE:
			return "input is not a finite number";
		case SK_ERR_RANGE:
			return "parameter out of range";
		case SK_ERR_SIZE:
			return "wrong number of teams, players or values";
		case SK_ERR_NO_MEMORY:
			return "out of memory";
		case SK_ERR_NO_CONVERGENCE:
			return "iteration did not converge";
		case SK_ERR_OVERFLOW:
			return "the result is not a finite number";
	}
	return "unknown status";
}

void		(*sk_interrupt_hook) (void) = NULL;
