/*
 * openskill_sql.c - SQL functions of the OpenSkill (Weng-Lin) family.
 *
 *	skill.pl_rate, bt_full_rate, bt_part_rate, tm_full_rate, tm_part_rate
 *		rate one match (team_ratings in, new ratings out in the same shape);
 *	skill.<model>_predict_win / _predict_draw / _predict_rank
 *		the reference computes these the same way for every model, so the
 *		five SQL names of each share one C function here.
 *
 * The glue checks every argument (messages name the SQL argument), lays the
 * teams out flat for the core (teams.c), calls src/core/openskill.c and
 * builds the result.  Per call site it caches, in fn_extra, the skill.rating
 * type facts, the core's scratch buffer and predict_rank's row descriptor,
 * so rating a table of matches does no catalog lookup and no scratch
 * allocation per row.
 */
#include "sql/skill.h"

#include "funcapi.h"
#include "miscadmin.h"
#include "utils/tuplestore.h"

#include "core/links.h"
#include "core/openskill.h"
#include "sql/teams.h"

PG_FUNCTION_INFO_V1(pl_rate);
PG_FUNCTION_INFO_V1(bt_full_rate);
PG_FUNCTION_INFO_V1(bt_part_rate);
PG_FUNCTION_INFO_V1(tm_full_rate);
PG_FUNCTION_INFO_V1(tm_part_rate);
PG_FUNCTION_INFO_V1(openskill_predict_win);
PG_FUNCTION_INFO_V1(openskill_predict_draw);
PG_FUNCTION_INFO_V1(openskill_predict_rank);

/* Argument positions shared by every *_rate function. */
#define ARG_TEAM_RATINGS	0
#define ARG_RANKS			1
#define ARG_SCORES			2
#define ARG_WEIGHTS			3
#define ARG_BETA			4
#define ARG_KAPPA			5
#define ARG_TAU				6
#define ARG_LIMIT_SIGMA		7
#define ARG_BALANCE			8
#define ARG_MARGIN			9
#define ARG_WEIGHT_BOUNDS	10
/* ... then the model's own: epsilon (TM), window_size (Part). */
#define ARG_MODEL_FIRST		11

/* Argument positions of the predict_* functions (all STRICT). */
#define PARG_TEAM_RATINGS	0
#define PARG_BETA			1
#define PARG_KAPPA			2
#define PARG_BALANCE		3

/*
 * A scratch buffer up to this size stays in fn_extra for the next call;
 * a bigger one (a match of thousands of players) is allocated per call so
 * it does not outlive the query's need for it.
 */
#define OS_CACHED_WORK_MAX	(64 * 1024)

typedef struct OsCache
{
	CompositeType rating;		/* skill.rating, the element type */
	void	   *work;			/* core scratch, in fn_mcxt */
	Size		work_size;
	TupleDesc	rank_desc;		/* predict_rank's rows, in fn_mcxt */
} OsCache;

static OsCache *
os_cache(FunctionCallInfo fcinfo, ArrayType *team_ratings)
{
	OsCache    *cache = (OsCache *) fcinfo->flinfo->fn_extra;

	if (cache == NULL)
	{
		cache = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(OsCache));
		fcinfo->flinfo->fn_extra = cache;
	}
	/* The array says its element type: no need for the call expression. */
	if (!OidIsValid(cache->rating.typid))
		composite_init(&cache->rating, ARR_ELEMTYPE(team_ratings),
					   fcinfo->flinfo->fn_mcxt);
	return cache;
}

/* Scratch space for the core, reused across calls when small. */
static void *
os_workspace(FunctionCallInfo fcinfo, OsCache *cache, const TeamMatch *match)
{
	Size		size = sk_os_workspace_size(match->n_teams, match->n_players);

	if (size == 0)
		elog(ERROR, "openskill: no workspace size for %d teams of %d players",
			 match->n_teams, match->n_players);
	if (size <= cache->work_size)
		return cache->work;
	if (size > OS_CACHED_WORK_MAX)
		return MemoryContextAllocExtended(CurrentMemoryContext, size,
										  MCXT_ALLOC_HUGE);
	if (cache->work != NULL)
		pfree(cache->work);
	cache->work = MemoryContextAlloc(fcinfo->flinfo->fn_mcxt, size);
	cache->work_size = size;
	return cache->work;
}

/* ---------------------------------------------------------------- rate */

/* weight_bounds: NULL (use weights raw) or {lower, upper}, both > 0. */
static void
read_weight_bounds(FunctionCallInfo fcinfo, sk_os_params *p)
{
	const double *bounds;
	int			n;

	if (PG_ARGISNULL(ARG_WEIGHT_BOUNDS))
	{
		p->use_weight_bounds = 0;
		return;
	}
	bounds = float8_array_values(PG_GETARG_ARRAYTYPE_P(ARG_WEIGHT_BOUNDS),
								 "weight_bounds", &n);
	if (n != 2)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("weight_bounds must have 2 elements"),
				 errdetail("Give {lower, upper}, the range each team's weights are rescaled to, or NULL to use the weights as given.")));
	check_positive("weight_bounds[1]", bounds[0]);
	check_positive("weight_bounds[2]", bounds[1]);
	/* Reversed bounds would turn the weights' order around. */
	if (bounds[0] > bounds[1])
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("weight_bounds must be {lower, upper} with lower <= upper, not {%g, %g}",
						bounds[0], bounds[1])));
	p->use_weight_bounds = 1;
	p->weight_lo = bounds[0];
	p->weight_hi = bounds[1];
}

/*
 * Weights: finite (team_weights_read), and > 0 when used raw (they divide
 * an update) or >= 0 when rescaled to weight_bounds (only their order and
 * spread matter), as openskill.py and the core allow.
 */
static void
check_weights(const TeamMatch *match, const double *weights, bool raw)
{
	int			t,
				k;

	for (t = 0; t < match->n_teams; t++)
		for (k = match->team_start[t]; k < match->team_start[t + 1]; k++)
		{
			if (raw ? weights[k] > 0.0 : weights[k] >= 0.0)
				continue;
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 raw ? errmsg("weights must be greater than zero when weight_bounds is NULL")
					 : errmsg("weights must not be negative"),
					 errdetail("Player %d of team %d has weight %g.",
							   k - match->team_start[t] + 1, t + 1, weights[k])));
		}
}

/*
 * The body of every *_rate function.  Not STRICT: ranks, scores, weights
 * and weight_bounds may be NULL (not given); a NULL team_ratings gives
 * NULL; any other NULL is an error.
 */
static Datum
openskill_rate(FunctionCallInfo fcinfo, sk_os_model model, const char *fname)
{
	sk_os_params params;
	sk_os_match m;
	TeamMatch	match;
	ArrayType  *team_ratings;
	OsCache    *cache;
	int			argno = ARG_MODEL_FIRST;

	/* ranks, scores, weights and weight_bounds may be NULL: "not given". */
	if (required_arg_null(fcinfo, OPTIONAL_ARG(ARG_RANKS) | OPTIONAL_ARG(ARG_SCORES) |
						  OPTIONAL_ARG(ARG_WEIGHTS) | OPTIONAL_ARG(ARG_WEIGHT_BOUNDS)))
		PG_RETURN_NULL();

	sk_os_default_params(&params, model);
	params.beta = PG_GETARG_FLOAT8(ARG_BETA);
	check_positive("beta", params.beta);
	params.kappa = PG_GETARG_FLOAT8(ARG_KAPPA);
	check_positive("kappa", params.kappa);
	params.tau = PG_GETARG_FLOAT8(ARG_TAU);
	check_nonnegative("tau", params.tau);
	params.limit_sigma = PG_GETARG_BOOL(ARG_LIMIT_SIGMA);
	params.balance = PG_GETARG_BOOL(ARG_BALANCE);
	params.margin = PG_GETARG_FLOAT8(ARG_MARGIN);
	check_nonnegative("margin", params.margin);
	read_weight_bounds(fcinfo, &params);
	if (model == SK_OS_TM_FULL || model == SK_OS_TM_PART)
	{
		params.epsilon = PG_GETARG_FLOAT8(argno);
		check_nonnegative("epsilon", params.epsilon);
		argno++;
	}
	if (model == SK_OS_BT_PART || model == SK_OS_TM_PART)
	{
		params.window_size = PG_GETARG_INT32(argno);
		if (params.window_size < 1)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("window_size must be at least 1"),
					 errdetail("Each team is compared with the teams up to window_size places above and below it.")));
	}

	team_ratings = PG_GETARG_ARRAYTYPE_P(ARG_TEAM_RATINGS);
	cache = os_cache(fcinfo, team_ratings);
	team_match_read(&cache->rating, team_ratings, "team_ratings", &match);

	m = (sk_os_match) {TEAM_MATCH_FIELDS(match)};
	if (!PG_ARGISNULL(ARG_RANKS) && !PG_ARGISNULL(ARG_SCORES))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("ranks and scores must not both be given"),
				 errdetail("Give ranks (lower is better), or scores (higher is better), or neither (the teams' order, first best).")));
	if (!PG_ARGISNULL(ARG_RANKS))
		m.ranks = team_values_read(PG_GETARG_ARRAYTYPE_P(ARG_RANKS), "ranks", &match);
	if (!PG_ARGISNULL(ARG_SCORES))
		m.scores = team_values_read(PG_GETARG_ARRAYTYPE_P(ARG_SCORES), "scores", &match);
	if (!PG_ARGISNULL(ARG_WEIGHTS))
	{
		double	   *weights = team_weights_read(PG_GETARG_ARRAYTYPE_P(ARG_WEIGHTS),
												"weights", &match);

		check_weights(&match, weights, !params.use_weight_bounds);
		m.weights = weights;
	}

	/* New ratings overwrite the flat copies in place (the core allows it). */
	report_core_status(sk_os_rate(&params, &m, match.mu, match.sigma,
						 os_workspace(fcinfo, cache, &match)),
			  fname);
	PG_RETURN_ARRAYTYPE_P(team_match_build(&cache->rating, &match,
										   match.mu, match.sigma));
}

/* One SQL entry point per model, each naming itself in errors. */
#define OPENSKILL_RATE_ENTRY(name, model) \
	Datum name(PG_FUNCTION_ARGS) { return openskill_rate(fcinfo, model, #name); }

OPENSKILL_RATE_ENTRY(pl_rate, SK_OS_PLACKETT_LUCE)
OPENSKILL_RATE_ENTRY(bt_full_rate, SK_OS_BT_FULL)
OPENSKILL_RATE_ENTRY(bt_part_rate, SK_OS_BT_PART)
OPENSKILL_RATE_ENTRY(tm_full_rate, SK_OS_TM_FULL)
OPENSKILL_RATE_ENTRY(tm_part_rate, SK_OS_TM_PART)

/* ------------------------------------------------------------ predict_* */

/* Reads team_ratings, beta, kappa, balance; returns the core's scratch. */
static void *
predict_setup(FunctionCallInfo fcinfo, sk_os_params *params, TeamMatch *match)
{
	ArrayType  *team_ratings = PG_GETARG_ARRAYTYPE_P(PARG_TEAM_RATINGS);
	OsCache    *cache;

	/* predict_* use only beta, kappa and balance; the model is irrelevant. */
	sk_os_default_params(params, SK_OS_PLACKETT_LUCE);
	params->beta = PG_GETARG_FLOAT8(PARG_BETA);
	check_positive("beta", params->beta);
	params->kappa = PG_GETARG_FLOAT8(PARG_KAPPA);
	check_positive("kappa", params->kappa);
	params->balance = PG_GETARG_BOOL(PARG_BALANCE);

	cache = os_cache(fcinfo, team_ratings);
	team_match_read(&cache->rating, team_ratings, "team_ratings", match);
	return os_workspace(fcinfo, cache, match);
}

/*
 * Each team's chance of winning, in team order, summing to 1: openskill's
 * own (link 'family'), or the logistic or normal curve in the mu
 * difference (core/links.c).
 */
Datum
openskill_predict_win(PG_FUNCTION_ARGS)
{
	sk_os_params params;
	TeamMatch	match;
	void	   *work = predict_setup(fcinfo, &params, &match);
	double	   *prob = palloc(sizeof(double) * match.n_teams);
	int			link = PG_NARGS() > 4 ? check_link("link", PG_GETARG_TEXT_PP(4)) : SK_LINK_FAMILY;
	int			t;

	if (link != SK_LINK_FAMILY)
		report_core_status(sk_link_match_probs((sk_link) link, match.n_teams, match.team_start,
											   match.mu, match.sigma, params.beta, 0, prob,
											   palloc(sizeof(double) * 2 * match.n_teams)),
						   "predict_win");
	else
		report_core_status(sk_os_predict_win(&params, match.n_teams, match.team_start,
									match.mu, match.sigma, prob, work),
				  "predict_win");
	for (t = 0; t < match.n_teams; t++)
		check_result_finite(prob[t]);
	PG_RETURN_ARRAYTYPE_P(float8_array_build(prob, match.n_teams));
}

/*
 * The chance that the match is drawn: openskill's own (link 'family'), or
 * the same draw margin with the logistic or normal curve of
 * openskill_predict_win's link (core/links.c).
 */
Datum
openskill_predict_draw(PG_FUNCTION_ARGS)
{
	sk_os_params params;
	TeamMatch	match;
	void	   *work = predict_setup(fcinfo, &params, &match);
	int			link = PG_NARGS() > 4 ? check_link("link", PG_GETARG_TEXT_PP(4)) : SK_LINK_FAMILY;
	double		prob;

	if (link != SK_LINK_FAMILY)
		report_core_status(sk_link_match_draw((sk_link) link, match.n_teams, match.team_start,
											  match.mu, match.sigma, params.beta, 0,
											  sk_os_draw_margin(params.beta, match.team_start[match.n_teams]),
											  &prob, palloc(sizeof(double) * 2 * match.n_teams)),
						   "predict_draw");
	else
		report_core_status(sk_os_predict_draw(&params, match.n_teams, match.team_start,
											  match.mu, match.sigma, &prob, work),
						   "predict_draw");
	PG_RETURN_FLOAT8(check_result_finite(prob));
}

/*
 * One row per team, in team order: (team, rank, probability), where team is
 * the team's subscript in team_ratings, rank its predicted place
 * (competition ranking) and probability its chance of winning.
 */
Datum
openskill_predict_rank(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	sk_os_params params;
	TeamMatch	match;
	OsCache    *cache;
	void	   *work;
	int		   *rank;
	double	   *prob;
	MemoryContext old;
	Tuplestorestate *store;
	int			t;

	if (rsinfo == NULL || !IsA(rsinfo, ReturnSetInfo) ||
		(rsinfo->allowedModes & SFRM_Materialize) == 0)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("predict_rank must be called where a set is allowed"),
				 errdetail("Call it in FROM: SELECT * FROM skill.pl_predict_rank(...).")));

	work = predict_setup(fcinfo, &params, &match);
	cache = (OsCache *) fcinfo->flinfo->fn_extra;
	rank = palloc(sizeof(int) * match.n_teams);
	prob = palloc(sizeof(double) * match.n_teams);
	report_core_status(sk_os_predict_rank(&params, match.n_teams, match.team_start,
								 match.mu, match.sigma, rank, prob, work),
			  "predict_rank");

	if (cache->rank_desc == NULL)
	{
		TupleDesc	desc;

		if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
			elog(ERROR, "predict_rank: return type must be a row type");
		old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
		cache->rank_desc = CreateTupleDescCopy(desc);
		MemoryContextSwitchTo(old);
	}

	/*
	 * The executor may free the setDesc it is handed, so it gets its own
	 * copy; the store lives as long as the query.
	 */
	old = MemoryContextSwitchTo(rsinfo->econtext->ecxt_per_query_memory);
	store = tuplestore_begin_heap(false, false, work_mem);
	rsinfo->setDesc = CreateTupleDescCopy(cache->rank_desc);
	MemoryContextSwitchTo(old);
	for (t = 0; t < match.n_teams; t++)
	{
		Datum		values[3];
		bool		nulls[3] = {false, false, false};

		values[0] = Int32GetDatum(match.lbs[0] + t);
		values[1] = Int32GetDatum(rank[t]);
		values[2] = Float8GetDatum(check_result_finite(prob[t]));
		tuplestore_putvalues(store, cache->rank_desc, values, nulls);
	}
	rsinfo->returnMode = SFRM_Materialize;
	rsinfo->setResult = store;
	return (Datum) 0;
}
