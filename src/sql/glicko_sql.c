/*
 * glicko_sql.c - SQL functions of Glicko-1 and Glicko-2 on skill.glicko.
 *
 * Glicko-1 ignores vol and passes it through (it may be NULL); Glicko-2
 * requires it.
 */
#include "sql/skill.h"

#include "sql/draw_args.h"
#include "core/glicko.h"
#include "core/glicko2.h"
#include "core/pair_z.h"
#include "engine/glicko2_convergence.h"

PG_FUNCTION_INFO_V1(glicko_update);
PG_FUNCTION_INFO_V1(glicko_decay);
PG_FUNCTION_INFO_V1(glicko_expected);
PG_FUNCTION_INFO_V1(glicko_predict_win);
PG_FUNCTION_INFO_V1(glicko_predict_draw);
PG_FUNCTION_INFO_V1(glicko_c);
PG_FUNCTION_INFO_V1(glicko2_update);
PG_FUNCTION_INFO_V1(glicko2_expected);
PG_FUNCTION_INFO_V1(glicko2_decay);

/* The games of one rating period, split into the arrays the core takes. */
typedef struct RatingPeriod
{
	int			n;
	double	   *opp_rating;
	double	   *opp_rd;
	const double *scores;
} RatingPeriod;

static void
read_period(FunctionCallInfo fcinfo, CompositeType *type, RatingPeriod *period)
{
	GlickoValue *opponents;
	int			n_scores,
				i;

	composite_init_arg(fcinfo, 1, type);
	opponents = glicko_array_read(type, PG_GETARG_ARRAYTYPE_P(1), "opponents", &period->n);
	period->scores = float8_array_values(PG_GETARG_ARRAYTYPE_P(2), "scores", &n_scores);
	check_same_length("opponents", period->n, "scores", n_scores);
	check_scores("scores", period->scores, n_scores);

	period->opp_rating = palloc(sizeof(double) * Max(period->n, 1));
	period->opp_rd = palloc(sizeof(double) * Max(period->n, 1));
	for (i = 0; i < period->n; i++)
	{
		period->opp_rating[i] = opponents[i].rating;
		period->opp_rd[i] = opponents[i].rd;
	}
}

static void
read_player(FunctionCallInfo fcinfo, int argno, CompositeType *type, const char *arg,
			bool opponent, GlickoValue *value)
{
	composite_init_arg(fcinfo, argno, type);
	glicko_read(type, PG_GETARG_HEAPTUPLEHEADER(argno), arg, opponent, value);
}

/* Argument 0, a Glicko-2 player: a glicko with its volatility. */
static void
read_glicko2_player(FunctionCallInfo fcinfo, CompositeType *type, GlickoValue *player)
{
	read_player(fcinfo, 0, type, "player", false, player);
	if (player->vol_null)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("player.vol must not be NULL"),
				 errdetail("Glicko-2 needs the player's volatility; skill.glicko() defaults it to 0.06.")));
}

/* glicko_update(player, opponents[], scores[]): Glicko-1 step 2. */
Datum
glicko_update(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	GlickoValue player;
	RatingPeriod period;

	read_player(fcinfo, 0, &cache->glicko, "player", false, &player);
	read_period(fcinfo, &cache->glicko, &period);
	report_core_status(sk_glicko_rate(player.rating, player.rd, period.n,
									  period.opp_rating, period.opp_rd, period.scores,
									  &player.rating, &player.rd),
					   "glicko_update");
	PG_RETURN_DATUM(glicko_build(&cache->glicko, &player));
}

/* glicko_decay(player, periods, c, rd_max): Glicko-1 step 1. */
Datum
glicko_decay(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	GlickoValue player;
	double		periods = nonnegative_arg(fcinfo, 1, "periods");
	double		c = nonnegative_arg(fcinfo, 2, "c");
	double		rd_max = positive_arg(fcinfo, 3, "rd_max");

	read_player(fcinfo, 0, &cache->glicko, "player", false, &player);
	report_core_status(sk_glicko_decay(player.rd, periods, c, rd_max, &player.rd),
					   "glicko_decay");
	PG_RETURN_DATUM(glicko_build(&cache->glicko, &player));
}

/* glicko_c(rd_typical, periods_to_max, rd_max): c for glicko_decay. */
Datum
glicko_c(PG_FUNCTION_ARGS)
{
	double		rd_typical = positive_arg(fcinfo, 0, "rd_typical");
	double		periods = positive_arg(fcinfo, 1, "periods_to_max");
	double		rd_max = positive_arg(fcinfo, 2, "rd_max");
	double		c;

	if (rd_typical > rd_max)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("rd_typical must not exceed rd_max")));
	report_core_status(sk_glicko_c_from_periods(rd_typical, periods, rd_max, &c),
					   "glicko_c");
	PG_RETURN_FLOAT8(check_result_finite(c));
}

/*
 * The update's expected score of player against opponent, which counts only
 * the opponent's RD: by expected, Glicko-1's or Glicko-2's.
 */
static Datum
update_expected(FunctionCallInfo fcinfo, double (*expected) (double, double, double))
{
	CallCache  *cache = call_cache(fcinfo);
	GlickoValue player,
				opponent;

	read_player(fcinfo, 0, &cache->glicko, "player", false, &player);
	read_player(fcinfo, 1, &cache->glicko, "opponent", true, &opponent);
	PG_RETURN_FLOAT8(expected(player.rating, opponent.rating, opponent.rd));
}

/* glicko_expected(player, opponent): E with the opponent's RD (Glicko-1). */
Datum
glicko_expected(PG_FUNCTION_ARGS)
{
	return update_expected(fcinfo, sk_glicko_expected);
}

/*
 * glicko_predict_win and glicko_predict_draw (player, opponent, draw_model,
 * draw_margin, draw_nu): the chance player wins, or of a draw, both RDs
 * counted.  Glicko-2 ratings are stored on the Glicko-1 scale, where its
 * formula is the same, so the glicko2_ functions call these too.  Without
 * a draw model the chance of winning is sk_glicko_win_probability's.
 */
static Datum
glicko_predict(FunctionCallInfo fcinfo, bool want_draw)
{
	CallCache  *cache;
	GlickoValue player,
				opponent;
	DrawArgs	model;
	double		win,
				draw,
				loss;

	if (required_arg_null(fcinfo, DRAW_ARGS_OPTIONAL(3)))
		PG_RETURN_NULL();
	cache = call_cache(fcinfo);
	read_player(fcinfo, 0, &cache->glicko, "player", true, &player);
	read_player(fcinfo, 1, &cache->glicko, "opponent", true, &opponent);
	draw_args_read(fcinfo, 2, 3, false, want_draw, &model);
	if (model.model == SK_DRAW_NONE)
		PG_RETURN_FLOAT8(want_draw ? 0.0 :
						 sk_glicko_win_probability(player.rating, player.rd,
												   opponent.rating, opponent.rd));
	draw_args_probs(&model, false,
					sk_glicko_z(player.rating, player.rd, opponent.rating, opponent.rd),
					&win, &draw, &loss);
	PG_RETURN_FLOAT8(want_draw ? draw : win);
}

WIN_AND_DRAW_ENTRY_POINTS(glicko_predict_win, glicko_predict_draw, glicko_predict)

/* glicko2_update(player, opponents[], scores[], tau, epsilon). */
Datum
glicko2_update(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	GlickoValue player;
	RatingPeriod period;
	double		tau = positive_arg(fcinfo, 3, "tau");
	double		epsilon = positive_arg(fcinfo, 4, "epsilon");
	sk_glicko2	in,
				out;

	read_glicko2_player(fcinfo, &cache->glicko, &player);
	read_period(fcinfo, &cache->glicko, &period);

	in.rating = player.rating;
	in.rd = player.rd;
	in.vol = player.vol;
	report_core_status(glicko2_converged(sk_glicko2_rate(&in, period.n, period.opp_rating, period.opp_rd,
														 period.scores, tau, epsilon, &out),
										 "glicko2_update", NULL, tau, epsilon),
					   "glicko2_update");
	player.rating = out.rating;
	player.rd = out.rd;
	player.vol = out.vol;
	PG_RETURN_DATUM(glicko_build(&cache->glicko, &player));
}

/* glicko2_expected(player, opponent): E on the Glicko-2 scale. */
Datum
glicko2_expected(PG_FUNCTION_ARGS)
{
	return update_expected(fcinfo, sk_glicko2_expected);
}

/*
 * glicko2_decay(player, periods): the RD after periods sat out, each
 * growing phi to sqrt(phi^2 + vol^2) (Glicko-2 step 6 for a player who did
 * not compete), as the replays grow an idle player's RD; rating and vol
 * are unchanged.
 */
Datum
glicko2_decay(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	GlickoValue player;
	double		periods = nonnegative_arg(fcinfo, 1, "periods");

	read_glicko2_player(fcinfo, &cache->glicko, &player);
	player.rd = sk_glicko2_idle_rd(player.rd, player.vol, periods);
	check_result_finite(player.rd);
	PG_RETURN_DATUM(glicko_build(&cache->glicko, &player));
}
