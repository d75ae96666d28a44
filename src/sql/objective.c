/*
 * objective.c - the option objective of evaluate and fit (objective.h).
 */
#include "sql/objective.h"
#include "sql/jsonb_args.h"

bool
jsonb_objective(const JsonbValue *v, const char *caller)
{
	if (v->type != jbvString || !(jsonb_string_is(v, "binary") || jsonb_string_is(v, "three_way")))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"objective\" of %s must be \"binary\" or \"three_way\"", caller)));
	return jsonb_string_is(v, "three_way");
}

void
report_no_draws(const char *caller, const char *system)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("objective \"three_way\" of %s needs draws in the rows or a draw model", caller),
			 system
			 ? errdetail("No scored match is a draw and system \"%s\" has no draw model: its three-way score would be the binary one, a draw being predicted never and seen never.", system)
			 : errdetail("No scored match is a draw and the system has no draw model: its three-way score would be the binary one, a draw being predicted never and seen never."),
			 errhint("Set the system's option \"draw_model\" (\"threshold\" with \"draw_margin\", for example), or score with objective \"binary\".")));
}
