/*
 * pairwise_sql.c - the teams forms of the two-player systems' predictions:
 * skill.elo_predict_win, elo_normal_predict_win, glicko_predict_win and
 * glicko2_predict_win (and the *_predict_draw of those with a draw model)
 * over team_ratings, a match's teams.  A team match is played as games
 * between every pair of players on different teams (core/pairwise.h), as
 * the replays and histories rate and predict it, so these give what
 * <prefix>_history predicts for the match.
 *
 * team_ratings is a 2-D array with one team per row (a shorter team padded
 * with NULL elements) or a 1-D array of one player per team: float8 for
 * Elo, skill.glicko for Glicko-1/2.  With a draw model (two teams only)
 * the chances of winning are the chances of winning outright, at the
 * logit of the first team's chance, as the replays' draw models take it.
 */
#include "sql/skill.h"
#include "sql/teams.h"

#include "catalog/pg_type.h"

#include "sql/draw_args.h"
#include "core/adjust.h"
#include "core/elo.h"
#include "core/glicko.h"

PG_FUNCTION_INFO_V1(elo_predict_win_teams);
PG_FUNCTION_INFO_V1(elo_predict_draw_teams);
PG_FUNCTION_INFO_V1(elo_normal_predict_win_teams);
PG_FUNCTION_INFO_V1(glicko_predict_win_teams);
PG_FUNCTION_INFO_V1(glicko_predict_draw_teams);

/* A match's teams in the core's flat layout; rd is NULL for Elo. */
typedef struct PairwiseTeams
{
	int			n_teams;
	int		   *team_start;		/* n_teams + 1 offsets */
	double	   *rating;			/* one per player, row-major array order */
	double	   *rd;
} PairwiseTeams;

/* One player of team_ratings: a float8 rating, or a skill.glicko one. */
typedef struct PairwiseReading
{
	PairwiseTeams *teams;
	CompositeType *glicko;		/* NULL for float8 elements */
} PairwiseReading;

static void
pairwise_player_read(void *ctx, Datum elem, const char *name, int i)
{
	PairwiseReading *reading = ctx;
	PairwiseTeams *teams = reading->teams;

	if (reading->glicko != NULL)
	{
		GlickoValue value;

		glicko_read(reading->glicko, DatumGetHeapTupleHeader(elem), name, true, &value);
		teams->rating[i] = value.rating;
		teams->rd[i] = value.rd;
	}
	else
	{
		teams->rating[i] = DatumGetFloat8(elem);
		check_finite(name, teams->rating[i]);
	}
}

/*
 * Reads team_ratings (argument 0): float8 elements, or skill.glicko ones
 * when glicko is not NULL.  At least 2 teams, none empty, finite ratings.
 */
static void
pairwise_teams_read(FunctionCallInfo fcinfo, CompositeType *glicko, PairwiseTeams *teams)
{
	ArrayType  *array = PG_GETARG_ARRAYTYPE_P(0);
	TeamShape	shape;
	PairwiseReading reading = {teams, glicko};
	int			n_slots;
	Datum	   *elems;
	bool	   *nulls;

	team_shape_read(array, "team_ratings", &shape);
	teams->n_teams = shape.dims[0];
	if (teams->n_teams < 2)
		too_few_teams("team_ratings", teams->n_teams);
	if (glicko != NULL)
	{
		composite_init_arg(fcinfo, 0, glicko);
		deconstruct_array(array, glicko->typid, glicko->typlen, glicko->typbyval,
						  glicko->typalign, &elems, &nulls, &n_slots);
	}
	else
		deconstruct_array(array, FLOAT8OID, sizeof(float8), FLOAT8PASSBYVAL,
						  TYPALIGN_DOUBLE, &elems, &nulls, &n_slots);
	teams->team_start = palloc(sizeof(int) * (teams->n_teams + 1));
	teams->rating = palloc(sizeof(double) * n_slots);
	teams->rd = glicko != NULL ? palloc(sizeof(double) * n_slots) : NULL;
	team_players_read(&shape, "team_ratings", elems, nulls, teams->team_start,
					  pairwise_player_read, &reading);
}

/*
 * The answer from each team's chance of winning (prob, summing to 1) and
 * the draw arguments at draw_argno: without a draw model the chances
 * themselves (and no draw); with one, for two teams, the chances of
 * winning outright (or of a draw) at z = logit(prob[0]).
 */
static Datum
pairwise_answer(FunctionCallInfo fcinfo, const PairwiseTeams *teams, double *prob,
				int draw_argno, bool want_draw)
{
	DrawArgs	model;
	double		draw;

	draw_args_read(fcinfo, draw_argno, draw_argno + 1, false, want_draw, &model);
	if (model.model != SK_DRAW_NONE)
	{
		if (teams->n_teams != 2)
			ereport(ERROR,
					(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
					 errmsg("team_ratings must hold exactly 2 teams for a draw model"),
					 errdetail("It holds %d; a draw model gives the chances of a win, a draw and a loss between two teams.",
							   teams->n_teams)));
		draw_args_probs(&model, false, sk_adjust_unlink(false, prob[0]),
						&prob[0], &draw, &prob[1]);
	}
	else
		draw = 0.0;
	if (want_draw)
		PG_RETURN_FLOAT8(check_result_finite(draw));
	PG_RETURN_ARRAYTYPE_P(float8_array_build(prob, teams->n_teams));
}

/* (team_ratings float8[], scale, draw_model, draw_margin, draw_nu) */
static Datum
elo_predict_teams(FunctionCallInfo fcinfo, bool want_draw)
{
	PairwiseTeams teams;
	double		scale;
	double	   *prob;

	if (required_arg_null(fcinfo, DRAW_ARGS_OPTIONAL(3)))
		PG_RETURN_NULL();
	scale = positive_arg(fcinfo, 1, "scale");
	pairwise_teams_read(fcinfo, NULL, &teams);
	prob = palloc(sizeof(double) * teams.n_teams);
	sk_elo_predict_teams(teams.n_teams, teams.team_start, teams.rating, scale, prob);
	return pairwise_answer(fcinfo, &teams, prob, 2, want_draw);
}

WIN_AND_DRAW_ENTRY_POINTS(elo_predict_win_teams, elo_predict_draw_teams, elo_predict_teams)

/* elo_normal_predict_win(team_ratings float8[], s) */
Datum
elo_normal_predict_win_teams(PG_FUNCTION_ARGS)
{
	PairwiseTeams teams;
	double		s = positive_arg(fcinfo, 1, "s");
	double	   *prob;

	pairwise_teams_read(fcinfo, NULL, &teams);
	prob = palloc(sizeof(double) * teams.n_teams);
	sk_elo_normal_predict_teams(teams.n_teams, teams.team_start, teams.rating, s, prob);
	PG_RETURN_ARRAYTYPE_P(float8_array_build(prob, teams.n_teams));
}

/*
 * (team_ratings skill.glicko[], draw_model, draw_margin, draw_nu), for
 * Glicko-1 and Glicko-2 alike: Glicko-2 ratings are stored on the Glicko-1
 * scale, where its chance of winning is the same formula.
 */
static Datum
glicko_predict_teams(FunctionCallInfo fcinfo, bool want_draw)
{
	CallCache  *cache;
	PairwiseTeams teams;
	double	   *prob;

	if (required_arg_null(fcinfo, DRAW_ARGS_OPTIONAL(2)))
		PG_RETURN_NULL();
	cache = call_cache(fcinfo);
	pairwise_teams_read(fcinfo, &cache->glicko, &teams);
	prob = palloc(sizeof(double) * teams.n_teams);
	sk_glicko_predict_teams(teams.n_teams, teams.team_start, teams.rating, teams.rd, prob);
	return pairwise_answer(fcinfo, &teams, prob, 1, want_draw);
}

WIN_AND_DRAW_ENTRY_POINTS(glicko_predict_win_teams, glicko_predict_draw_teams, glicko_predict_teams)
