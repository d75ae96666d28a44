/*
 * otr_sql.c - skill.otr_rate_match (an o!TR tournament match, core/otr.c),
 * otr_initial_rating and otr_decay.  Their options are declared once in
 * families/otr_options.c, shared with otr_replay and otr_history.
 */
#include "sql/skill.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/timestamp.h"

#include "core/openskill.h"
#include "core/otr.h"
#include "families/otr_options.h"
#include "sql/teams.h"

PG_FUNCTION_INFO_V1(otr_rate_match);

/* The scores: a 2-D float8[], one row per game, one column per player. */
static double *
scores_read(ArrayType *array, int n_players, int *n_games)
{
	Datum	   *elems;
	bool	   *nulls;
	double	   *scores;
	int			count,
				i;

	if (ARR_NDIM(array) == 0)
	{
		*n_games = 0;
		return palloc(sizeof(double));
	}
	if (ARR_NDIM(array) != 2)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("scores must be a 2-D array, one row per game and one column per player"),
				 errdetail("It has %d dimensions.", ARR_NDIM(array))));
	if (ARR_DIMS(array)[1] != n_players)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("scores must have one column per rating"),
				 errdetail("There are %d ratings and %d columns.", n_players, ARR_DIMS(array)[1])));
	*n_games = ARR_DIMS(array)[0];
	deconstruct_array(array, FLOAT8OID, sizeof(float8), FLOAT8PASSBYVAL, TYPALIGN_DOUBLE,
					  &elems, &nulls, &count);
	scores = palloc(sizeof(double) * Max(count, 1));
	for (i = 0; i < count; i++)
	{
		scores[i] = nulls[i] ? NAN : DatumGetFloat8(elems[i]);
		if (!nulls[i] && !isfinite(scores[i]))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("scores[%d][%d] must be a finite number", i / n_players + 1,
							i % n_players + 1)));
	}
	for (i = 0; i < *n_games; i++)
	{
		int			j,
					played = 0;

		for (j = 0; j < n_players; j++)
			played += !isnan(scores[i * n_players + j]);
		if (played == 0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("game %d has no score at all", i + 1),
					 errdetail("Every row of scores is a game; a player who did not play it has NULL.")));
	}
	return scores;
}

/* otr_rate_match(ratings skill.rating[], scores float8[], options jsonb) */
Datum
otr_rate_match(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	ArrayType  *ratings;
	sk_otr_params params;
	double	   *mu,
			   *sigma,
			   *scores;
	Datum	   *out;
	int			n,
				n_games,
				i;

	if (required_arg_null(fcinfo, OPTIONAL_ARG(2)))
		PG_RETURN_NULL();
	otr_read_rate_params(PG_ARGISNULL(2) ? NULL : PG_GETARG_JSONB_P(2), "otr_rate_match", &params);
	ratings = PG_GETARG_ARRAYTYPE_P(0);
	composite_init_arg(fcinfo, 0, &cache->rating);
	n = rating_list_read(&cache->rating, ratings, "ratings", &mu, &sigma);
	if (n == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(cache->rating.typid));
	scores = scores_read(PG_GETARG_ARRAYTYPE_P(1), n, &n_games);
	report_core_status(sk_otr_rate_match(&params, n, n_games, mu, sigma, scores, mu, sigma,
										 palloc(sk_otr_workspace_size(n))),
					   "otr_rate_match");
	composite_init_result(fcinfo, &cache->rating);
	out = palloc(sizeof(Datum) * n);
	for (i = 0; i < n; i++)
		out[i] = rating_build(&cache->rating, mu[i], sigma[i]);
	PG_RETURN_ARRAYTYPE_P(construct_array(out, n, cache->rating.typid, cache->rating.typlen,
										  cache->rating.typbyval, cache->rating.typalign));
}

PG_FUNCTION_INFO_V1(otr_initial_rating);
PG_FUNCTION_INFO_V1(otr_initial_rating_ms);
PG_FUNCTION_INFO_V1(otr_decay);

/* (m, s) of ln(rank) per ruleset: otr-processor's initial rating constants. */
typedef struct RulesetConstants
{
	const char *name;
	double		m;
	double		s;
} RulesetConstants;

static const RulesetConstants rulesets[] = {
	{"osu", 9.99, 1.77}, {"taiko", 7.28, 1.6}, {"catch", 6.85, 1.62},
	{"mania4k", 8.02, 1.54}, {"mania_other", 8.02, 1.54}, {"mania7k", 6.11, 1.59},
};

static double
initial_rating(int32 rank, double m, double s)
{
	if (rank < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("rank must be at least 1, not %d", rank)));
	return sk_otr_initial_rating(rank, m, s);
}

/*
 * otr_initial_rating(rank int, ruleset text): NULL rank (an unranked player)
 * gives the fallback 1000; a NULL ruleset gives NULL.
 */
Datum
otr_initial_rating(PG_FUNCTION_ARGS)
{
	char	   *ruleset;
	int			i;

	if (required_arg_null(fcinfo, OPTIONAL_ARG(0)))
		PG_RETURN_NULL();
	ruleset = text_to_cstring(PG_GETARG_TEXT_PP(1));
	for (i = 0; i < lengthof(rulesets); i++)
		if (strcmp(ruleset, rulesets[i].name) == 0)
			break;
	if (i == lengthof(rulesets))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("unknown ruleset \"%s\"", ruleset),
				 errhint("Rulesets are osu, taiko, catch, mania4k, mania7k and mania_other.")));
	if (PG_ARGISNULL(0))
		PG_RETURN_FLOAT8(1000.0);
	PG_RETURN_FLOAT8(initial_rating(PG_GETARG_INT32(0), rulesets[i].m, rulesets[i].s));
}

/* otr_initial_rating(rank int, m float8, s float8) */
Datum
otr_initial_rating_ms(PG_FUNCTION_ARGS)
{
	double		m = finite_arg(fcinfo, 1, "m");
	double		s = positive_arg(fcinfo, 2, "s");

	PG_RETURN_FLOAT8(initial_rating(PG_GETARG_INT32(0), m, s));
}

/* otr_decay(r, last_match, at, peak, options) */
Datum
otr_decay(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	sk_otr_decay_params p;
	double		mu,
				sigma,
				peak;
	TimestampTz last_match,
				at;
	int			i;

	for (i = 0; i < 3; i++)
		if (PG_ARGISNULL(i))
			PG_RETURN_NULL();
	otr_read_decay_params(PG_ARGISNULL(4) ? NULL : PG_GETARG_JSONB_P(4), "otr_decay", &p);
	composite_init_arg(fcinfo, 0, &cache->rating);
	rating_read(&cache->rating, PG_GETARG_HEAPTUPLEHEADER(0), "r", &mu, &sigma);
	last_match = PG_GETARG_TIMESTAMPTZ(1);
	at = PG_GETARG_TIMESTAMPTZ(2);
	if (TIMESTAMP_NOT_FINITE(last_match) || TIMESTAMP_NOT_FINITE(at))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("last_match and at must be finite times")));
	if (at < last_match)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("at must not be before last_match")));
	peak = PG_ARGISNULL(3) ? mu : PG_GETARG_FLOAT8(3);
	check_finite("peak", peak);
	report_core_status(sk_otr_decay(&p, mu, sigma, peak, last_match, at, &mu, &sigma), "otr_decay");
	composite_init_result(fcinfo, &cache->rating);
	PG_RETURN_DATUM(rating_build(&cache->rating, mu, sigma));
}

PG_FUNCTION_INFO_V1(otr_predict_win);

/*
 * otr_predict_win(team_ratings skill.rating[], options jsonb): each team's
 * chance of winning a game, OpenSkill's Plackett-Luce predict_win with the
 * options' beta and kappa, as otr_history predicts a game's players (one
 * per team).
 */
Datum
otr_predict_win(PG_FUNCTION_ARGS)
{
	CallCache  *cache;
	sk_otr_params otr;
	sk_os_params params;
	TeamMatch	match;
	double	   *prob;
	int			t;

	if (required_arg_null(fcinfo, OPTIONAL_ARG(1)))
		PG_RETURN_NULL();
	otr_read_rate_params(PG_ARGISNULL(1) ? NULL : PG_GETARG_JSONB_P(1), "otr_predict_win", &otr);
	cache = call_cache(fcinfo);
	composite_init_arg(fcinfo, 0, &cache->rating);
	team_match_read(&cache->rating, PG_GETARG_ARRAYTYPE_P(0), "team_ratings", &match);
	sk_os_default_params(&params, SK_OS_PLACKETT_LUCE);
	params.beta = otr.beta;
	params.kappa = otr.kappa;
	prob = palloc(sizeof(double) * match.n_teams);
	report_core_status(sk_os_predict_win(&params, match.n_teams, match.team_start, match.mu,
										 match.sigma, prob,
										 palloc(sk_os_workspace_size(match.n_teams,
																	 match.n_players))),
					   "otr_predict_win");
	for (t = 0; t < match.n_teams; t++)
		check_result_finite(prob[t]);
	PG_RETURN_ARRAYTYPE_P(float8_array_build(prob, match.n_teams));
}
