/*
 * team_glicko_sql.c - SQL functions of team Glicko-1 (the project's
 * "reading C" of shared/seeds/team-glicko1.txt, see core/team_glicko.h).
 *
 * A match is a skill.glicko[] of two teams: a 2-D array with one team per
 * row (a shorter team padded with NULL elements), or a 1-D array of two
 * players (1 v 1).  Results keep the argument's shape.  vol is not used by
 * Glicko-1: it passes through unchanged (and may be NULL).
 */
#include "sql/skill.h"
#include "sql/teams.h"

#include "sql/draw_args.h"
#include "core/pair_z.h"
#include "core/team_glicko.h"

PG_FUNCTION_INFO_V1(team_glicko_rating);
PG_FUNCTION_INFO_V1(team_glicko_rate);
PG_FUNCTION_INFO_V1(team_glicko_quality);
PG_FUNCTION_INFO_V1(team_glicko_predict_win);
PG_FUNCTION_INFO_V1(team_glicko_predict_draw);

/* Two teams of skill.glicko values in the core's flat layout. */
typedef struct GlickoTeams
{
	int			n_players;
	int			team_start[3];
	double	   *rating;			/* n_players, row-major array order */
	double	   *rd;
	GlickoValue *player;		/* n_players: vol to pass through */
	/* The shape of the argument, to give results the same one. */
	int			ndim;
	int			dims[2];
	int			lbs[2];
	int			n_slots;
	bool	   *slot_is_null;
} GlickoTeams;

static void
not_two_teams(const char *arg, int n_teams)
{
	ereport(ERROR,
			(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
			 errmsg("%s must hold exactly 2 teams", arg),
			 errdetail("It holds %d; team Glicko-1 rates one team against another.", n_teams)));
}

/* One player of a 2-team match: its glicko kept (vol passes through). */
typedef struct GlickoTeamsReading
{
	GlickoTeams *teams;
	CompositeType *type;
} GlickoTeamsReading;

static void
glicko_team_player_read(void *ctx, Datum elem, const char *name, int i)
{
	GlickoTeamsReading *reading = ctx;
	GlickoTeams *teams = reading->teams;

	glicko_read(reading->type, DatumGetHeapTupleHeader(elem), name, false, &teams->player[i]);
	teams->rating[i] = teams->player[i].rating;
	teams->rd[i] = teams->player[i].rd;
}

/* Reads and checks a 2-team match (every player's rd > 0, finite values). */
static void
glicko_teams_read(CompositeType *type, ArrayType *array, const char *arg,
				  GlickoTeams *teams)
{
	TeamShape	shape;
	GlickoTeamsReading reading = {teams, type};
	Datum	   *elems;
	bool	   *nulls;
	int			n_slots;

	team_shape_read(array, arg, &shape);
	if (shape.dims[0] != 2)
		not_two_teams(arg, shape.dims[0]);
	teams->ndim = shape.ndim;
	memcpy(teams->dims, shape.dims, sizeof(shape.dims));
	memcpy(teams->lbs, shape.lbs, sizeof(shape.lbs));

	deconstruct_array(array, type->typid, type->typlen, type->typbyval,
					  type->typalign, &elems, &nulls, &n_slots);
	teams->n_slots = n_slots;
	teams->slot_is_null = nulls;
	teams->rating = palloc(sizeof(double) * n_slots);
	teams->rd = palloc(sizeof(double) * n_slots);
	teams->player = palloc(sizeof(GlickoValue) * n_slots);
	teams->n_players = team_players_read(&shape, arg, elems, nulls, teams->team_start,
										 glicko_team_player_read, &reading);
}

/*
 * team_glicko_rating(team skill.glicko[]) -> skill.glicko: the team's
 * rating mean R_i + b(RD_team) and RD_team = sqrt(mean RD_i^2); vol NULL.
 */
Datum
team_glicko_rating(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	ArrayType  *array = PG_GETARG_ARRAYTYPE_P(0);
	Datum	   *elems;
	bool	   *nulls;
	double	   *rating,
			   *rd;
	GlickoValue result;
	int			n,
				i;
	char		name[NAMEDATALEN + 16];

	composite_init_arg(fcinfo, 0, &cache->glicko);
	n = array_length_1d(array, "team");
	if (n == 0)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("team must hold at least one player")));
	deconstruct_array(array, cache->glicko.typid, cache->glicko.typlen,
					  cache->glicko.typbyval, cache->glicko.typalign,
					  &elems, &nulls, &n);
	rating = palloc(sizeof(double) * n);
	rd = palloc(sizeof(double) * n);
	for (i = 0; i < n; i++)
	{
		GlickoValue v;

		snprintf(name, sizeof(name), "team[%d]", ARR_LBOUND(array)[0] + i);
		if (nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("%s must not be NULL", name)));
		glicko_read(&cache->glicko, DatumGetHeapTupleHeader(elems[i]), name, false, &v);
		rating[i] = v.rating;
		rd[i] = v.rd;
	}
	report_core_status(sk_tg_team_rating(n, rating, rd, &result.rating, &result.rd),
					   "team_glicko_rating");
	result.vol = 0.0;
	result.vol_null = true;
	/* The argument's element type is the result type: one cache entry. */
	PG_RETURN_DATUM(glicko_build(&cache->glicko, &result));
}

/*
 * team_glicko_rate(teams, score, scale, rd_max) -> skill.glicko[]: every
 * player's new rating and RD after one match; score is the first team's.
 */
Datum
team_glicko_rate(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	ArrayType  *array = PG_GETARG_ARRAYTYPE_P(0);
	double		score = PG_GETARG_FLOAT8(1);
	sk_tg_params params;
	GlickoTeams teams;
	double	   *new_rating,
			   *new_rd;
	Datum	   *datums;
	int			slot,
				i = 0;

	params.scale = PG_GETARG_FLOAT8(2);
	params.rd_max = PG_GETARG_FLOAT8(3);
	check_score("score", score);
	check_positive("scale", params.scale);
	check_positive("rd_max", params.rd_max);
	composite_init_arg(fcinfo, 0, &cache->glicko);
	glicko_teams_read(&cache->glicko, array, "teams", &teams);

	new_rating = palloc(sizeof(double) * teams.n_players);
	new_rd = palloc(sizeof(double) * teams.n_players);
	report_core_status(sk_tg_rate(&params, 2, teams.team_start, teams.rating, teams.rd,
								  score, new_rating, new_rd),
					   "team_glicko_rate");

	datums = palloc(sizeof(Datum) * teams.n_slots);
	for (slot = 0; slot < teams.n_slots; slot++)
	{
		GlickoValue v;

		if (teams.slot_is_null[slot])
		{
			datums[slot] = (Datum) 0;
			continue;
		}
		v = teams.player[i];
		v.rating = new_rating[i];
		v.rd = new_rd[i];
		datums[slot] = glicko_build(&cache->glicko, &v);
		i++;
	}
	PG_RETURN_ARRAYTYPE_P(construct_md_array(datums, teams.slot_is_null, teams.ndim,
											 teams.dims, teams.lbs, cache->glicko.typid,
											 cache->glicko.typlen, cache->glicko.typbyval,
											 cache->glicko.typalign));
}

/*
 * match_quality(teams skill.glicko[]) -> float8: the note's
 * Q = 1/(1 + (d_eff/400)^2 + (RD_combined/400)^2).
 */
Datum
team_glicko_quality(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	GlickoTeams teams;
	double		quality;

	composite_init_arg(fcinfo, 0, &cache->glicko);
	glicko_teams_read(&cache->glicko, PG_GETARG_ARRAYTYPE_P(0), "teams", &teams);
	report_core_status(sk_tg_quality(2, teams.team_start, teams.rating, teams.rd,
									 &quality, NULL, NULL),
					   "match_quality");
	PG_RETURN_FLOAT8(quality);
}

/*
 * team_glicko_predict_win and team_glicko_predict_draw (team_ratings,
 * draw_model, draw_margin, draw_nu): each team's chance of winning, or the
 * chance of a draw.  Without a draw model the chances of winning are the
 * update's E_A and E_B normalised, E_A / (E_A + E_B), as
 * team_glicko_history predicts; a draw model takes its logit ln(E_A / E_B)
 * as z and gives the chances of winning outright.
 */
static Datum
team_glicko_predict(FunctionCallInfo fcinfo, bool want_draw)
{
	CallCache  *cache;
	GlickoTeams teams;
	DrawArgs	model;
	double		e_a,
				e_b,
				z,
				chance[2],
				draw;

	if (required_arg_null(fcinfo, DRAW_ARGS_OPTIONAL(2)))
		PG_RETURN_NULL();
	cache = call_cache(fcinfo);
	composite_init_arg(fcinfo, 0, &cache->glicko);
	glicko_teams_read(&cache->glicko, PG_GETARG_ARRAYTYPE_P(0), "team_ratings", &teams);
	draw_args_read(fcinfo, 1, 2, false, want_draw, &model);
	if (model.model == SK_DRAW_NONE)
	{
		report_core_status(sk_tg_expected(2, teams.team_start, teams.rating, teams.rd,
										  &e_a, &e_b),
						   "team_glicko_predict_win");
		chance[0] = e_a / (e_a + e_b);
		chance[1] = e_b / (e_a + e_b);
		draw = 0.0;
	}
	else
	{
		report_core_status(sk_tg_z(2, teams.team_start, teams.rating, teams.rd, &z),
						   want_draw ? "team_glicko_predict_draw" : "team_glicko_predict_win");
		draw_args_probs(&model, false, z, &chance[0], &draw, &chance[1]);
	}
	if (want_draw)
		PG_RETURN_FLOAT8(draw);
	PG_RETURN_ARRAYTYPE_P(float8_array_build(chance, 2));
}

WIN_AND_DRAW_ENTRY_POINTS(team_glicko_predict_win, team_glicko_predict_draw, team_glicko_predict)
