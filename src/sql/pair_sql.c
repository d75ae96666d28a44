/*
 * pair_sql.c - the pair forms of the predictions of the systems that rate
 * teams (OpenSkill, TrueSkill, team Glicko-1, o!TR): the chance that
 * player beats opponent, or that they draw, is the teams form's answer for
 * a match of two one-player teams.  A pair function is its teams function
 * called with ARRAY[player, opponent] in place of its first two arguments
 * and its other arguments passed through, so the two forms cannot differ.
 */
#include "sql/skill.h"

#include "utils/lsyscache.h"

/* The teams forms (openskill_sql.c, trueskill_sql.c, team_glicko_sql.c, otr_sql.c). */
extern Datum openskill_predict_win(PG_FUNCTION_ARGS);
extern Datum openskill_predict_draw(PG_FUNCTION_ARGS);
extern Datum trueskill_predict_win_with_draws(PG_FUNCTION_ARGS);
extern Datum trueskill_predict_draw(PG_FUNCTION_ARGS);
extern Datum team_glicko_predict_win(PG_FUNCTION_ARGS);
extern Datum team_glicko_predict_draw(PG_FUNCTION_ARGS);
extern Datum otr_predict_win(PG_FUNCTION_ARGS);

PG_FUNCTION_INFO_V1(openskill_predict_win_pair);
PG_FUNCTION_INFO_V1(openskill_predict_draw_pair);
PG_FUNCTION_INFO_V1(trueskill_predict_win_pair);
PG_FUNCTION_INFO_V1(trueskill_predict_draw_pair);
PG_FUNCTION_INFO_V1(team_glicko_predict_win_pair);
PG_FUNCTION_INFO_V1(team_glicko_predict_draw_pair);
PG_FUNCTION_INFO_V1(otr_predict_win_pair);

/*
 * The teams function's own call info (its own fn_extra cache; fn_expr is
 * the pair call's, whose first argument has the element type the teams
 * function reads) and the element type of the pair's array.
 */
typedef struct PairCall
{
	FmgrInfo	teams;
	Oid			elemtype;
	int16		typlen;
	bool		typbyval;
	char		typalign;
} PairCall;

/*
 * Calls teams_fn on ARRAY[arg 0, arg 1] and arguments 2.. as its 1..;
 * first_element: its result is the float8[] of each team's chance, of
 * which the first (player's) is the answer; otherwise its result is.
 */
static Datum
pair_as_teams(FunctionCallInfo fcinfo, PGFunction teams_fn, bool first_element)
{
	PairCall   *call = (PairCall *) fcinfo->flinfo->fn_extra;
	LOCAL_FCINFO(inner, FUNC_MAX_ARGS);
	Datum		pair[2];
	Datum		result;
	int			i;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(1))
		PG_RETURN_NULL();
	if (call == NULL)
	{
		call = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(PairCall));
		call->teams = *fcinfo->flinfo;
		call->teams.fn_addr = teams_fn;
		call->teams.fn_nargs = fcinfo->flinfo->fn_nargs - 1;
		call->teams.fn_extra = NULL;
		call->elemtype = get_fn_expr_argtype(fcinfo->flinfo, 0);
		if (!OidIsValid(call->elemtype))
			elog(ERROR, "could not determine the type of argument 1");
		get_typlenbyvalalign(call->elemtype, &call->typlen, &call->typbyval, &call->typalign);
		fcinfo->flinfo->fn_extra = call;
	}
	pair[0] = PG_GETARG_DATUM(0);
	pair[1] = PG_GETARG_DATUM(1);
	InitFunctionCallInfoData(*inner, &call->teams, PG_NARGS() - 1, PG_GET_COLLATION(),
							 fcinfo->context, NULL);
	inner->args[0].value = PointerGetDatum(construct_array(pair, 2, call->elemtype, call->typlen,
														   call->typbyval, call->typalign));
	inner->args[0].isnull = false;
	for (i = 2; i < PG_NARGS(); i++)
		inner->args[i - 1] = fcinfo->args[i];
	result = teams_fn(inner);
	if (inner->isnull)
		PG_RETURN_NULL();
	if (first_element)
		PG_RETURN_FLOAT8(float8_array_values(DatumGetArrayTypeP(result), "result", &i)[0]);
	return result;
}

/* One SQL entry point per pair form, answered through its teams form. */
#define PAIR_ENTRY_POINT(name, teams_fn, first_element) \
	Datum name(PG_FUNCTION_ARGS) { return pair_as_teams(fcinfo, teams_fn, first_element); }

PAIR_ENTRY_POINT(openskill_predict_win_pair, openskill_predict_win, true)
PAIR_ENTRY_POINT(openskill_predict_draw_pair, openskill_predict_draw, false)
PAIR_ENTRY_POINT(trueskill_predict_win_pair, trueskill_predict_win_with_draws, true)
PAIR_ENTRY_POINT(trueskill_predict_draw_pair, trueskill_predict_draw, false)
PAIR_ENTRY_POINT(team_glicko_predict_win_pair, team_glicko_predict_win, true)
PAIR_ENTRY_POINT(team_glicko_predict_draw_pair, team_glicko_predict_draw, false)
PAIR_ENTRY_POINT(otr_predict_win_pair, otr_predict_win, true)
