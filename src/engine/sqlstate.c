/*
 * sqlstate.c - the core's status codes as SQLSTATEs (sqlstate.h).
 */
#include "engine/sqlstate.h"

int
core_sqlstate(sk_status status)
{
	switch (status)
	{
		case SK_OK:
			break;
		case SK_ERR_OVERFLOW:
		case SK_ERR_NOT_FINITE:
			return ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE;
		case SK_ERR_RANGE:
			return ERRCODE_INVALID_PARAMETER_VALUE;
		case SK_ERR_SIZE:
			return ERRCODE_ARRAY_SUBSCRIPT_ERROR;
		case SK_ERR_NO_CONVERGENCE:
			return ERRCODE_DATA_EXCEPTION;
		case SK_ERR_NO_MEMORY:
			return ERRCODE_OUT_OF_MEMORY;
	}
	elog(ERROR, "no SQLSTATE for core status %d", (int) status);
	return 0;					/* not reached */
}

void
core_status_error(sk_status status, const char *what)
{
	ereport(ERROR,
			(errcode(core_sqlstate(status)),
			 errmsg("%s: %s", what, sk_status_message(status)),
			 status == SK_ERR_OVERFLOW
			 ? errdetail("The inputs are finite but too extreme for double precision: a spread's square underflows to zero or a result overflows.")
			 : 0));
	pg_unreachable();
}
