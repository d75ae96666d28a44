/*
 * trueskill_sql.c - SQL functions of the TrueSkill family.
 *
 * The math is in src/core/trueskill.c (trueskill 0.4.5 behaviour); this file
 * reads and checks the arguments, calls the core and builds the results.
 *
 * NULL handling: trueskill_rate and trueskill_quality are not STRICT,
 * because NULL ranks (list order) and NULL weights (everyone played the
 * whole match) are meaningful.  Their tunables are checked first, so a NULL
 * or out-of-range tunable is an error whatever the ratings are; then NULL
 * team_ratings give a NULL result, as a STRICT function would.
 * trueskill_win_probability and trueskill_expose are STRICT.
 */
#include "sql/skill.h"

#include <math.h>

#include "sql/draw_args.h"
#include "sql/teams.h"
#include "core/links.h"
#include "core/pair_z.h"
#include "core/trueskill.h"

PG_FUNCTION_INFO_V1(trueskill_rate);
PG_FUNCTION_INFO_V1(trueskill_quality);
PG_FUNCTION_INFO_V1(match_quality);
PG_FUNCTION_INFO_V1(trueskill_win_probability);
PG_FUNCTION_INFO_V1(trueskill_predict_win);
PG_FUNCTION_INFO_V1(trueskill_expose);
PG_FUNCTION_INFO_V1(trueskill_predict_win_with_draws);
PG_FUNCTION_INFO_V1(trueskill_predict_draw);

/* Workspaces up to this size are kept in fn_extra between calls. */
#define TS_CACHED_WORK_MAX	(64 * 1024)

/*
 * Per-call-site cache in fn_extra (allocated in fn_mcxt): the skill.rating
 * type facts and a scratch buffer for the core, so a query rating a million
 * matches does one type lookup and no per-call workspace allocation.
 */
typedef struct TrueSkillCache
{
	CompositeType rating;
	void	   *work;			/* work_size bytes, or NULL */
	size_t		work_size;
} TrueSkillCache;

static TrueSkillCache *
ts_cache(FunctionCallInfo fcinfo, int rating_argno)
{
	TrueSkillCache *cache = (TrueSkillCache *) fcinfo->flinfo->fn_extra;

	if (cache == NULL)
	{
		cache = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(TrueSkillCache));
		fcinfo->flinfo->fn_extra = cache;
	}
	composite_init_arg(fcinfo, rating_argno, &cache->rating);
	return cache;
}

/*
 * Scratch space for the core: the cached buffer, grown to the largest match
 * seen, or a palloc in the call's context for huge matches.
 */
static void *
ts_workspace(FunctionCallInfo fcinfo, TrueSkillCache *cache, const TeamMatch *match)
{
	size_t		need = sk_ts_workspace_size(match->n_teams, match->n_players);

	if (need == 0)				/* team_match_read already rejected this */
		elog(ERROR, "invalid TrueSkill match size: %d teams, %d players",
			 match->n_teams, match->n_players);
	if (need > TS_CACHED_WORK_MAX)
		return palloc(need);
	if (need > cache->work_size)
	{
		if (cache->work != NULL)
			pfree(cache->work);
		cache->work = MemoryContextAlloc(fcinfo->flinfo->fn_mcxt, need);
		cache->work_size = need;
	}
	return cache->work;
}

static void
check_draw_probability(double value)
{
	check_finite("draw_probability", value);
	if (!(value >= 0.0 && value < 1.0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("draw_probability must be at least 0 and less than 1"),
				 errdetail("It is the share of matches between two even teams that end in a draw.")));
}

/* The name of player i's element of a per-player array, e.g. weights[2][1]. */
static void
player_element_name(const TeamMatch *match, int player, const char *arg,
					char *name, size_t size)
{
	int			slot,
				i = 0;

	for (slot = 0; slot < match->n_slots; slot++)
	{
		if (match->slot_is_null[slot])
			continue;
		if (i++ == player)
			break;
	}
	if (match->ndim == 2)
		snprintf(name, size, "%s[%d][%d]", arg,
				 match->lbs[0] + slot / match->dims[1],
				 match->lbs[1] + slot % match->dims[1]);
	else
		snprintf(name, size, "%s[%d]", arg, match->lbs[0] + slot);
}

/* Partial-play weights: the shape of team_ratings, each in [0, 1]. */
static const double *
weights_read(FunctionCallInfo fcinfo, int argno, const TeamMatch *match)
{
	double	   *weights;
	int			i;

	if (PG_ARGISNULL(argno))
		return NULL;
	weights = team_weights_read(PG_GETARG_ARRAYTYPE_P(argno), "weights", match);
	for (i = 0; i < match->n_players; i++)
	{
		if (!(weights[i] >= 0.0 && weights[i] <= 1.0))
		{
			char		name[NAMEDATALEN + 32];

			player_element_name(match, i, "weights", name, sizeof(name));
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s must be between 0 and 1", name),
					 errdetail("A weight is the fraction of the match the player took part in.")));
		}
	}
	return weights;
}

/*
 * Two teams whose weights are all zero did not play, so nothing compares
 * them: quality's matrix is singular, and rate (which raises each weight to
 * min_delta, as trueskill 0.4.5 does) would explain the result by a
 * performance gap divided by min_delta, moving mu by thousands.  One idle
 * team is allowed: it performs 0 (quality) or min_delta times its players'
 * performances (rate).
 */
static void
check_idle_teams(const sk_ts_match *m)
{
	int			t,
				i,
				idle = 0;

	if (m->weights == NULL)
		return;
	for (t = 0; t < m->n_teams; t++)
	{
		bool		plays = false;

		for (i = m->team_start[t]; i < m->team_start[t + 1]; i++)
			plays |= m->weights[i] != 0.0;
		if (!plays && ++idle == 2)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("weights must not be all zero for more than one team"),
					 errdetail("The teams are compared by their performances; two teams that did not play cannot be compared.")));
	}
}

/*
 * trueskill_rate(team_ratings, ranks, weights, mu, sigma, beta, tau,
 * draw_probability, min_delta): new ratings after one match, in the shape
 * of team_ratings.  mu and sigma are the environment's prior: the update
 * does not use them, but they are checked like every tunable.
 */
Datum
trueskill_rate(PG_FUNCTION_ARGS)
{
	sk_ts_params p;
	sk_ts_match m;
	TeamMatch	match;
	TrueSkillCache *cache;
	const double *ranks = NULL;
	sk_status	status;

	/* ranks and weights may be NULL: "not given". */
	if (required_arg_null(fcinfo, OPTIONAL_ARG(1) | OPTIONAL_ARG(2)))
		PG_RETURN_NULL();
	p.mu = PG_GETARG_FLOAT8(3);
	p.sigma = PG_GETARG_FLOAT8(4);
	p.beta = PG_GETARG_FLOAT8(5);
	p.tau = PG_GETARG_FLOAT8(6);
	p.draw_probability = PG_GETARG_FLOAT8(7);
	p.min_delta = PG_GETARG_FLOAT8(8);
	check_finite("mu", p.mu);
	check_positive("sigma", p.sigma);
	check_positive("beta", p.beta);
	check_nonnegative("tau", p.tau);
	check_draw_probability(p.draw_probability);
	check_positive("min_delta", p.min_delta);

	cache = ts_cache(fcinfo, 0);
	team_match_read(&cache->rating, PG_GETARG_ARRAYTYPE_P(0), "team_ratings", &match);
	if (!PG_ARGISNULL(1))
		ranks = team_values_read(PG_GETARG_ARRAYTYPE_P(1), "ranks", &match);

	/* the model gives a draw zero probability when draw_probability is 0 */
	if (ranks != NULL && p.draw_probability == 0.0)
	{
		int			a,
					b;

		for (a = 0; a < match.n_teams; a++)
			for (b = a + 1; b < match.n_teams; b++)
				if (ranks[a] == ranks[b])
					ereport(ERROR,
							(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
							 errmsg("ranks has a draw (teams %d and %d), which draw_probability 0 rules out",
									a + 1, b + 1),
							 errdetail("Give draw_probability > 0 to rate draws.")));
	}

	m = (sk_ts_match) {TEAM_MATCH_FIELDS(match), .ranks = ranks,
		.weights = weights_read(fcinfo, 2, &match)};

	check_idle_teams(&m);

	/* results overwrite the flat inputs (the core allows it) */
	status = sk_ts_rate(&p, &m, match.mu, match.sigma,
						ts_workspace(fcinfo, cache, &match));
	if (status != SK_OK)
		report_core_status(status, "trueskill_rate");
	PG_RETURN_ARRAYTYPE_P(team_match_build(&cache->rating, &match, match.mu, match.sigma));
}

/*
 * TrueSkill's match quality: the chance of a draw relative to an even
 * match, of team_ratings (argument 0) with the weights and beta at the
 * given arguments.  match_quality(team_ratings, beta, weights) is the name;
 * trueskill_quality(team_ratings, weights, beta) its alias, with its own
 * argument order.
 */
static Datum
ts_quality(FunctionCallInfo fcinfo, int weights_argno, int beta_argno, const char *caller)
{
	sk_ts_params p;
	sk_ts_match m;
	TeamMatch	match;
	TrueSkillCache *cache;
	double		quality;
	sk_status	status;

	/* weights may be NULL: "not given". */
	if (required_arg_null(fcinfo, OPTIONAL_ARG(weights_argno)))
		PG_RETURN_NULL();
	sk_ts_default_params(&p);
	p.beta = PG_GETARG_FLOAT8(beta_argno);
	check_positive("beta", p.beta);

	cache = ts_cache(fcinfo, 0);
	team_match_read(&cache->rating, PG_GETARG_ARRAYTYPE_P(0), "team_ratings", &match);

	m = (sk_ts_match) {TEAM_MATCH_FIELDS(match), .weights = weights_read(fcinfo, weights_argno, &match)};

	check_idle_teams(&m);

	status = sk_ts_quality(&p, &m, &quality, ts_workspace(fcinfo, cache, &match));
	if (status != SK_OK)
		report_core_status(status, caller);
	PG_RETURN_FLOAT8(quality);
}

Datum
match_quality(PG_FUNCTION_ARGS)
{
	return ts_quality(fcinfo, 2, 1, "match_quality");
}

Datum
trueskill_quality(PG_FUNCTION_ARGS)
{
	return ts_quality(fcinfo, 1, 2, "trueskill_quality");
}

/* trueskill_win_probability(team_ratings, beta): chance the first of two teams wins. */
Datum
trueskill_win_probability(PG_FUNCTION_ARGS)
{
	double		beta = positive_arg(fcinfo, 1, "beta");
	sk_ts_match m;
	TeamMatch	match;
	TrueSkillCache *cache;
	double		prob;

	cache = ts_cache(fcinfo, 0);
	team_match_read(&cache->rating, PG_GETARG_ARRAYTYPE_P(0), "team_ratings", &match);
	if (match.n_teams != 2)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("team_ratings must hold exactly 2 teams"),
				 errdetail("It holds %d; the win probability compares the first team with the second.",
						   match.n_teams)));

	m = (sk_ts_match) {TEAM_MATCH_FIELDS(match)};
	report_core_status(sk_ts_win_probability(beta, &m, &prob),
					   "trueskill_win_probability");
	PG_RETURN_FLOAT8(prob);
}

/*
 * trueskill_predict_win(team_ratings, beta, link): each team's chance of
 * winning, in team order: for two teams TrueSkill's
 * Phi(diff / sqrt(n beta^2 + sum sigma^2)), for more the normalised
 * pairwise form the histories use; or through a logistic or normal link.
 */
Datum
trueskill_predict_win(PG_FUNCTION_ARGS)
{
	double		beta = positive_arg(fcinfo, 1, "beta");
	int			link = check_link("link", PG_GETARG_TEXT_PP(2));
	TeamMatch	match;
	TrueSkillCache *cache;
	double	   *prob;
	double	   *work;

	cache = ts_cache(fcinfo, 0);
	team_match_read(&cache->rating, PG_GETARG_ARRAYTYPE_P(0), "team_ratings", &match);
	prob = palloc(sizeof(double) * match.n_teams);
	work = palloc(sizeof(double) * 2 * match.n_teams);
	if (link == SK_LINK_FAMILY && match.n_teams == 2)
	{
		sk_ts_match m = {TEAM_MATCH_FIELDS(match)};

		report_core_status(sk_ts_win_probability(beta, &m, &prob[0]), "trueskill_predict_win");
		prob[1] = 1.0 - prob[0];
	}
	else if (link == SK_LINK_FAMILY)	/* more teams: as the histories, beta^2 per team */
		report_core_status(sk_link_match_probs(SK_LINK_NORMAL, match.n_teams, match.team_start,
											   match.mu, match.sigma, beta, 0, prob, work),
						   "trueskill_predict_win");
	else
		report_core_status(sk_link_match_probs((sk_link) link, match.n_teams, match.team_start,
											   match.mu, match.sigma, beta, 1, prob, work),
						   "trueskill_predict_win");
	PG_RETURN_ARRAYTYPE_P(float8_array_build(prob, match.n_teams));
}

/* trueskill_expose(r, mu, sigma): the leaderboard value r.mu - (mu/sigma)*r.sigma. */
Datum
trueskill_expose(PG_FUNCTION_ARGS)
{
	double		mu0 = finite_arg(fcinfo, 1, "mu");
	double		sigma0 = positive_arg(fcinfo, 2, "sigma");
	TrueSkillCache *cache;
	double		mu,
				sigma,
				result;

	cache = ts_cache(fcinfo, 0);
	rating_read(&cache->rating, PG_GETARG_HEAPTUPLEHEADER(0), "r", &mu, &sigma);
	result = sk_ts_expose(mu, sigma, mu0, sigma0);
	/* mu/sigma can overflow for a tiny prior sigma */
	if (!isfinite(result))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("trueskill_expose: the result overflows"),
				 errdetail("mu/sigma of the prior times r.sigma is too large for double precision.")));
	PG_RETURN_FLOAT8(result);
}

/*
 * trueskill_predict_win_with_draws and trueskill_predict_draw
 * (team_ratings, beta, link, draw_model, draw_probability, draw_margin,
 * draw_nu), SQL's trueskill_predict_win and trueskill_predict_draw: with a
 * draw model, the chances of exactly two teams at z = diff / c (a probit
 * z, or a logit with link 'logistic'); 'native' is the threshold model at
 * TrueSkill's own margin from draw_probability.  Without one,
 * trueskill_predict_win's answer (the "performs better" chances), and no
 * draw.
 */
static Datum
trueskill_predict_pair(FunctionCallInfo fcinfo, bool want_draw)
{
	sk_ts_params p;
	DrawArgs	model;
	int			link;
	TeamMatch	match;
	double		z,
				delta = 0.0,
				chance[3];

	if (required_arg_null(fcinfo, DRAW_ARGS_OPTIONAL(5)))
		PG_RETURN_NULL();
	draw_args_read(fcinfo, 3, 5, true, want_draw, &model);
	sk_ts_default_params(&p);
	p.draw_probability = PG_GETARG_FLOAT8(4);
	check_draw_probability(p.draw_probability);
	if (model.model == SK_DRAW_NONE && !want_draw)
		return trueskill_predict_win(fcinfo);
	p.beta = PG_GETARG_FLOAT8(1);
	link = check_link("link", PG_GETARG_TEXT_PP(2));
	check_positive("beta", p.beta);
	if (model.native && link == SK_LINK_LOGISTIC)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("draw_model 'native' needs link 'family' or 'normal'"),
				 errdetail("TrueSkill's draw margin is one of its normal model; with link 'logistic' use 'threshold' or 'davidson'.")));
	team_match_read(&ts_cache(fcinfo, 0)->rating, PG_GETARG_ARRAYTYPE_P(0), "team_ratings", &match);
	if (match.n_teams != 2)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("team_ratings must hold exactly 2 teams for a draw model"),
				 errdetail("It holds %d; a draw model gives the chances of a win, a draw and a loss between two teams.",
						   match.n_teams)));
	{
		sk_ts_match m = {TEAM_MATCH_FIELDS(match)};

		report_core_status(sk_ts_z(&p, &m, &z, model.native ? &delta : NULL),
						   want_draw ? "trueskill_predict_draw" : "trueskill_predict_win");
	}
	if (model.native)
		model.param = delta;
	if (model.model == SK_DRAW_NONE)
		PG_RETURN_FLOAT8(0.0);
	draw_args_probs(&model, link != SK_LINK_LOGISTIC, z, &chance[0], &chance[2], &chance[1]);
	if (want_draw)
		PG_RETURN_FLOAT8(chance[2]);
	PG_RETURN_ARRAYTYPE_P(float8_array_build(chance, 2));
}

WIN_AND_DRAW_ENTRY_POINTS(trueskill_predict_win_with_draws, trueskill_predict_draw, trueskill_predict_pair)
