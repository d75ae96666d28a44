/*
 * elo_sql.c - SQL functions of the Elo family.
 */
#include "sql/skill.h"

#include "sql/draw_args.h"
#include "core/elo.h"
#include "core/pair_z.h"

PG_FUNCTION_INFO_V1(elo_expected);
PG_FUNCTION_INFO_V1(elo_predict_win);
PG_FUNCTION_INFO_V1(elo_predict_draw);
PG_FUNCTION_INFO_V1(elo_update);
PG_FUNCTION_INFO_V1(elo_update_period);
PG_FUNCTION_INFO_V1(elo_expected_normal);
PG_FUNCTION_INFO_V1(elo_update_normal);
PG_FUNCTION_INFO_V1(elo_k_factor);
PG_FUNCTION_INFO_V1(elo_rate);

/*
 * (rating_a, rating_b, spread): A's expected score by expected, on the
 * logistic (spread "scale") or normal (spread "s") curve.
 */
static Datum
pair_expected(FunctionCallInfo fcinfo, const char *spread_arg,
			  double (*expected) (double, double, double))
{
	double		rating_a = finite_arg(fcinfo, 0, "rating_a");
	double		rating_b = finite_arg(fcinfo, 1, "rating_b");

	PG_RETURN_FLOAT8(expected(rating_a, rating_b, positive_arg(fcinfo, 2, spread_arg)));
}

Datum
elo_expected(PG_FUNCTION_ARGS)
{
	return pair_expected(fcinfo, "scale", sk_elo_expected);
}

/*
 * elo_predict_win and elo_predict_draw (rating_a, rating_b, scale,
 * draw_model, draw_margin, draw_nu): A's chance of winning or of a draw.
 * Without a draw model the chance of winning is the expected score,
 * computed as elo_expected computes it.
 */
static Datum
elo_predict(FunctionCallInfo fcinfo, bool want_draw)
{
	double		rating_a,
				rating_b,
				scale,
				win,
				draw,
				loss;
	DrawArgs	model;

	if (required_arg_null(fcinfo, DRAW_ARGS_OPTIONAL(4)))
		PG_RETURN_NULL();
	rating_a = finite_arg(fcinfo, 0, "rating_a");
	rating_b = finite_arg(fcinfo, 1, "rating_b");
	scale = positive_arg(fcinfo, 2, "scale");
	draw_args_read(fcinfo, 3, 4, false, want_draw, &model);
	if (model.model == SK_DRAW_NONE)
		PG_RETURN_FLOAT8(want_draw ? 0.0 : sk_elo_expected(rating_a, rating_b, scale));
	draw_args_probs(&model, false, sk_elo_z(rating_a, rating_b, scale), &win, &draw, &loss);
	PG_RETURN_FLOAT8(want_draw ? draw : win);
}

WIN_AND_DRAW_ENTRY_POINTS(elo_predict_win, elo_predict_draw, elo_predict)

Datum
elo_expected_normal(PG_FUNCTION_ARGS)
{
	return pair_expected(fcinfo, "s", sk_elo_expected_normal);
}

/* Shared by the single-game updates: (rating, opponent, score, k, spread). */
static void
check_single_game(FunctionCallInfo fcinfo, const char *spread_arg)
{
	check_finite("rating", PG_GETARG_FLOAT8(0));
	check_finite("opponent", PG_GETARG_FLOAT8(1));
	check_score("score", PG_GETARG_FLOAT8(2));
	check_nonnegative("k", PG_GETARG_FLOAT8(3));
	check_positive(spread_arg, PG_GETARG_FLOAT8(4));
}

/*
 * One game (rating, opponent, score, k, spread): the logistic update
 * (spread "scale") or the normal-curve one (spread "s").
 */
static Datum
single_game_update(FunctionCallInfo fcinfo, bool normal)
{
	double		opponent = PG_GETARG_FLOAT8(1);
	double		score = PG_GETARG_FLOAT8(2);
	double		result;

	check_single_game(fcinfo, normal ? "s" : "scale");
	if (normal)
		report_core_status(sk_elo_rate_period_normal(PG_GETARG_FLOAT8(0), 1, &opponent,
													 &score, PG_GETARG_FLOAT8(3),
													 PG_GETARG_FLOAT8(4), &result),
						   "elo_normal_update");
	else
		report_core_status(sk_elo_rate_period(PG_GETARG_FLOAT8(0), 1, &opponent, &score,
											  PG_GETARG_FLOAT8(3), PG_GETARG_FLOAT8(4),
											  &result, NULL),
						   "elo_update");
	PG_RETURN_FLOAT8(check_result_finite(result));
}

Datum
elo_update(PG_FUNCTION_ARGS)
{
	return single_game_update(fcinfo, false);
}

Datum
elo_update_normal(PG_FUNCTION_ARGS)
{
	return single_game_update(fcinfo, true);
}

/* elo_update(rating, opponents[], scores[], k, scale): one rating period. */
Datum
elo_update_period(PG_FUNCTION_ARGS)
{
	double		rating = finite_arg(fcinfo, 0, "rating");
	double		k = nonnegative_arg(fcinfo, 3, "k");
	double		scale = positive_arg(fcinfo, 4, "scale");
	const double *opponents;
	const double *scores;
	int			n_opponents = paired_float8_args(fcinfo, 1, "opponents", &opponents,
												 2, "scores", &scores);
	double		result;

	check_scores("scores", scores, n_opponents);
	report_core_status(sk_elo_rate_period(rating, n_opponents, opponents, scores,
										  k, scale, &result, NULL),
					   "elo_update");
	check_result_finite(result);
	PG_RETURN_FLOAT8(result);
}

/*
 * elo_k_factor(rating, games_played, thresholds[], ks[], provisional_games,
 * provisional_k): K by rating bracket, or the provisional K for new players.
 */
Datum
elo_k_factor(PG_FUNCTION_ARGS)
{
	double		rating = finite_arg(fcinfo, 0, "rating");
	int32		games_played = PG_GETARG_INT32(1);
	int32		provisional_games = PG_GETARG_INT32(4);
	double		provisional_k = nonnegative_arg(fcinfo, 5, "provisional_k");
	int			n_thresholds,
				n_ks,
				i;
	const double *thresholds;
	const double *ks;
	double		k;

	if (games_played < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("games_played must not be negative")));
	if (provisional_games < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("provisional_games must not be negative")));
	thresholds = float8_array_values(PG_GETARG_ARRAYTYPE_P(2), "thresholds", &n_thresholds);
	ks = float8_array_values(PG_GETARG_ARRAYTYPE_P(3), "ks", &n_ks);
	if (n_ks != n_thresholds + 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("ks must have one element more than thresholds"),
				 errdetail("thresholds has %d elements, ks has %d; ks[i] applies below thresholds[i], the last one from the last threshold up.",
						   n_thresholds, n_ks)));
	for (i = 1; i < n_thresholds; i++)
		if (thresholds[i] <= thresholds[i - 1])
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("thresholds must be in strictly ascending order")));
	for (i = 0; i < n_ks; i++)
		if (ks[i] < 0.0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("ks[%d] must not be negative", i + 1)));
	report_core_status(sk_elo_k_factor(rating, games_played, n_thresholds, thresholds,
									   ks, provisional_games, provisional_k, &k),
					   "elo_k_factor");
	PG_RETURN_FLOAT8(k);
}

/* elo_rate(ratings[], ranks[], k, scale): multiplayer Elo as pairwise games. */
Datum
elo_rate(PG_FUNCTION_ARGS)
{
	double		k = nonnegative_arg(fcinfo, 2, "k");
	double		scale = positive_arg(fcinfo, 3, "scale");
	const double *ratings;
	const double *ranks;
	int			n_ratings = paired_float8_args(fcinfo, 0, "ratings", &ratings, 1, "ranks", &ranks);
	double	   *result;
	int			i;

	if (n_ratings < 2)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("ratings must hold at least 2 players"),
				 errdetail("It has %d.", n_ratings)));
	result = palloc(sizeof(double) * n_ratings);
	report_core_status(sk_elo_rate_multi(n_ratings, ratings, ranks, k, scale, result),
					   "elo_rate");
	for (i = 0; i < n_ratings; i++)
		check_result_finite(result[i]);
	PG_RETURN_ARRAYTYPE_P(float8_array_build(result, n_ratings));
}
