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

/* The error of a value of evaluate's objective that names no objective, or one twice. */
pg_noreturn static void
report_bad_objectives(const char *caller, const char *why)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("option \"objective\" of %s must be \"binary\", \"three_way\" or an array of both", caller),
			 why ? errdetail("%s", why) : 0));
}

void
jsonb_objectives(const JsonbValue *v, const char *caller, bool *binary, bool *three_way)
{
	JsonbContainer *array;
	int			n,
				i;

	*binary = *three_way = false;
	if (v->type == jbvString)
	{
		if (!(jsonb_string_is(v, "binary") || jsonb_string_is(v, "three_way")))
			report_bad_objectives(caller, NULL);
		*three_way = jsonb_string_is(v, "three_way");
		*binary = !*three_way;
		return;
	}
	if (v->type != jbvBinary || !JsonContainerIsArray(v->val.binary.data))
		report_bad_objectives(caller, NULL);
	array = v->val.binary.data;
	n = JsonContainerSize(array);
	if (n == 0)
		report_bad_objectives(caller, "The array is empty.");
	for (i = 0; i < n; i++)
	{
		JsonbValue *e = getIthJsonbValueFromContainer(array, i);
		bool	   *which = jsonb_string_is(e, "binary") ? binary
			: jsonb_string_is(e, "three_way") ? three_way : NULL;

		if (which == NULL)
			report_bad_objectives(caller, NULL);
		if (*which)
			report_bad_objectives(caller, "An objective is named twice.");
		*which = true;
	}
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
