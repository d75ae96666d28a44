/*
 * queue_sql.c - skill.form_matches: propose matches from the tickets a
 * matchmaker has claimed from its queue table.
 *
 * The tickets come as parallel arrays (array_agg over the claimed rows):
 * an id of any type with a sort order, a party rating, a party size, and
 * the ticket's current window beta (skill.window_beta of its wait), with
 * optional further terms (a 2-D float8[], one row per ticket and one column
 * per term).  This file reads and checks them; the search itself is the
 * core's (core/queue.c, which describes it), and each match it forms comes
 * back here to be returned as rows.
 */
#include "sql/skill.h"

#include <float.h>
#include <math.h>

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/timestamp.h"

#include "core/matchmaking.h"
#include "core/queue.h"
#include "sql/ids.h"
#include "sql/musigma.h"

PG_FUNCTION_INFO_V1(form_matches);
PG_FUNCTION_INFO_V1(form_matches_musigma);

/* Arguments of skill.form_matches, in order. */
enum
{
	ARG_TICKET_IDS,
	ARG_RATINGS,
	ARG_PARTY_SIZES,
	ARG_BETAS,
	ARG_N_TEAMS,
	ARG_TEAM_SIZE,
	ARG_SKILL_WEIGHT,
	ARG_SKILL_FLOOR,
	ARG_TERMS,
	ARG_TERM_SPREADS,
	ARG_TERM_WEIGHTS,
	ARG_TERM_FLOORS,
	ARG_STRENGTHS,
	ARG_PARTY_BONUS,
	N_ARGS
};

/* A float8[] argument of exactly n finite elements (NULL elements allowed if nulls_ok). */
static double *
float8_list_read(ArrayType *array, const char *arg, int n, bool nulls_ok, bool *isnull)
{
	Datum	   *elems;
	bool	   *nulls;
	double	   *values = palloc(sizeof(double) * Max(n, 1));
	int			count = array_length_1d(array, arg),
				i;
	char		name[NAMEDATALEN + 16];

	if (count != n)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("%s must have one element per term", arg),
				 errdetail("There are %d terms and %d elements.", n, count)));
	if (n == 0)
		return values;
	deconstruct_array(array, FLOAT8OID, sizeof(float8), FLOAT8PASSBYVAL,
					  TYPALIGN_DOUBLE, &elems, &nulls, &count);
	for (i = 0; i < n; i++)
	{
		snprintf(name, sizeof(name), "%s[%d]", arg, ARR_LBOUND(array)[0] + i);
		isnull[i] = nulls[i];
		if (nulls[i])
		{
			if (!nulls_ok)
				ereport(ERROR,
						(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
						 errmsg("%s must not be NULL", name)));
			values[i] = 0.0;
			continue;
		}
		values[i] = DatumGetFloat8(elems[i]);
		check_finite(name, values[i]);
	}
	return values;
}

static void
check_count(const char *arg, int count, int n)
{
	check_same_length("ticket_ids", n, arg, count);
}

/* The per-ticket terms: a 2-D array n x n_terms (a 1-D array is one term). */
static const double *
terms_read(ArrayType *array, int n, int *n_terms)
{
	int			ndim = ARR_NDIM(array);
	int			rows,
				cols,
				i;
	const double *values;

	if (ndim > 2)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("terms must have one or two dimensions"),
				 errdetail("Give one row per ticket and one column per term.")));
	rows = ndim == 0 ? 0 : ARR_DIMS(array)[0];
	cols = ndim == 2 ? ARR_DIMS(array)[1] : (ndim == 1 ? 1 : 0);
	if (rows != n)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("terms must have one row per ticket"),
				 errdetail("There are %d tickets and %d rows.", n, rows)));
	if (array_contains_nulls(array))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("terms must not contain NULL elements")));
	values = (const double *) ARR_DATA_PTR(array);
	for (i = 0; i < rows * cols; i++)
		if (!isfinite(values[i]))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("terms must hold finite numbers"),
					 errdetail("Ticket %d, term %d is %g.", i / cols + 1, i % cols + 1, values[i])));
	*n_terms = cols;
	return values;
}

/*
 * Reads and checks the scoring arguments into pool->weight/floors/spread
 * (skill first; pool->n_terms is known).
 */
static void
scoring_read(FunctionCallInfo fcinfo, sk_queue *pool)
{
	double	   *weight,
			   *floors,
			   *spread;
	double		sum;
	bool	   *isnull;
	int			k = pool->n_terms,
				t;

	weight = palloc(sizeof(double) * (k + 1));
	floors = palloc(sizeof(double) * (k + 1));
	spread = palloc(sizeof(double) * Max(k, 1));
	isnull = palloc(sizeof(bool) * Max(k, 1));
	weight[0] = PG_GETARG_FLOAT8(ARG_SKILL_WEIGHT);
	floors[0] = PG_GETARG_FLOAT8(ARG_SKILL_FLOOR);
	check_nonnegative("skill_weight", weight[0]);
	check_finite("skill_floor", floors[0]);
	for (t = 0; t < k; t++)
	{
		weight[1 + t] = 1.0;
		floors[1 + t] = -DBL_MAX;
		spread[t] = NAN;
	}
	if (k > 0 && !PG_ARGISNULL(ARG_TERM_SPREADS))
	{
		double	   *v = float8_list_read(PG_GETARG_ARRAYTYPE_P(ARG_TERM_SPREADS),
										 "term_spreads", k, true, isnull);

		for (t = 0; t < k; t++)
			if (!isnull[t])
			{
				char		name[32];

				snprintf(name, sizeof(name), "term_spreads[%d]", t + 1);
				check_positive(name, v[t]);
				spread[t] = v[t];
			}
	}
	if (k > 0 && !PG_ARGISNULL(ARG_TERM_WEIGHTS))
	{
		double	   *v = float8_list_read(PG_GETARG_ARRAYTYPE_P(ARG_TERM_WEIGHTS),
										 "term_weights", k, false, isnull);

		for (t = 0; t < k; t++)
		{
			char		name[32];

			snprintf(name, sizeof(name), "term_weights[%d]", t + 1);
			check_nonnegative(name, v[t]);
			weight[1 + t] = v[t];
		}
	}
	if (k > 0 && !PG_ARGISNULL(ARG_TERM_FLOORS))
	{
		double	   *v = float8_list_read(PG_GETARG_ARRAYTYPE_P(ARG_TERM_FLOORS),
										 "term_floors", k, true, isnull);

		for (t = 0; t < k; t++)
			if (!isnull[t])
				floors[1 + t] = v[t];
	}
	sum = 0.0;
	for (t = 0; t <= k; t++)
		sum += weight[t];
	if (!(sum > 0.0) || !isfinite(sum))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("skill_weight and term_weights must not all be zero")));
	pool->weight = weight;
	pool->floors = floors;
	pool->spread = spread;
}

/* The scalar settings, checked even when there are no tickets. */
static bool
settings_read(FunctionCallInfo fcinfo, sk_queue *q)
{
	if (!PG_ARGISNULL(ARG_N_TEAMS))
	{
		q->n_teams = PG_GETARG_INT32(ARG_N_TEAMS);
		if (q->n_teams < 2)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("n_teams must be at least 2")));
	}
	if (!PG_ARGISNULL(ARG_TEAM_SIZE))
	{
		q->team_size = PG_GETARG_INT32(ARG_TEAM_SIZE);
		if (q->team_size < 1)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("team_size must be at least 1")));
	}
	if (!PG_ARGISNULL(ARG_N_TEAMS) && !PG_ARGISNULL(ARG_TEAM_SIZE) &&
		(int64) q->n_teams * q->team_size > SK_MM_BALANCE_MAX_PLAYERS)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("a match must hold at most %d players", SK_MM_BALANCE_MAX_PLAYERS),
				 errdetail("n_teams * team_size is %lld.",
						   (long long) q->n_teams * q->team_size)));
	/* terms and their settings, and strengths, may be NULL: "not given". */
	return !required_arg_null(fcinfo, OPTIONAL_ARG(ARG_TERMS) | OPTIONAL_ARG(ARG_TERM_SPREADS) |
							  OPTIONAL_ARG(ARG_TERM_WEIGHTS) | OPTIONAL_ARG(ARG_TERM_FLOORS) |
							  OPTIONAL_ARG(ARG_STRENGTHS));
}

/* The per-ticket arrays: ratings, strengths, betas, party sizes, terms. */
static void
tickets_read(FunctionCallInfo fcinfo, sk_queue *q, int n)
{
	ArrayType  *sizes = PG_GETARG_ARRAYTYPE_P(ARG_PARTY_SIZES);
	int			count,
				i;

	q->n = n;
	q->rating = float8_array_values(PG_GETARG_ARRAYTYPE_P(ARG_RATINGS), "ratings", &count);
	check_count("ratings", count, n);
	q->strength = NULL;
	if (!PG_ARGISNULL(ARG_STRENGTHS))
	{
		q->strength = float8_array_values(PG_GETARG_ARRAYTYPE_P(ARG_STRENGTHS), "strengths",
										  &count);
		check_count("strengths", count, n);
	}
	q->beta = float8_array_values(PG_GETARG_ARRAYTYPE_P(ARG_BETAS), "betas", &count);
	check_count("betas", count, n);
	count = array_length_1d(sizes, "party_sizes");
	check_count("party_sizes", count, n);
	if (array_contains_nulls(sizes))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("party_sizes must not contain NULL elements")));
	q->size = (const int *) ARR_DATA_PTR(sizes);
	q->n_terms = 0;
	q->term = NULL;
	if (!PG_ARGISNULL(ARG_TERMS))
		q->term = terms_read(PG_GETARG_ARRAYTYPE_P(ARG_TERMS), n, &q->n_terms);
	scoring_read(fcinfo, q);
	q->party_bonus = PG_NARGS() > ARG_PARTY_BONUS ? PG_GETARG_FLOAT8(ARG_PARTY_BONUS) : 0.0;
	check_nonnegative("party_bonus", q->party_bonus);
	for (i = 0; i < n; i++)
	{
		char		name[32];

		snprintf(name, sizeof(name), "betas[%d]", i + 1);
		check_positive(name, q->beta[i]);
		if (q->size[i] < 1)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("party_sizes[%d] must be at least 1", i + 1)));
		if (q->size[i] > q->team_size)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("party_sizes[%d] must not exceed team_size", i + 1),
					 errdetail("A party of %d does not fit in a team of %d; parties play together.",
							   q->size[i], q->team_size)));
	}
}

/* Where the core's matches go: rows (match, team, ticket_id, score). */
typedef struct MatchSink
{
	ReturnSetInfo *rsinfo;
	const IdList *ids;
	int			n_teams;
	int			match_no;
} MatchSink;

/* One match: a row per ticket, team by team. */
static void
emit_match(void *ctx, int n_tickets, const int *tickets, const int *team, double score)
{
	MatchSink  *sink = ctx;
	int			t,
				m;

	sink->match_no++;
	for (t = 0; t < sink->n_teams; t++)
		for (m = 0; m < n_tickets; m++)
			if (team[m] == t)
			{
				Datum		values[4];
				bool		nulls[4] = {false, false, false, false};

				values[0] = Int32GetDatum(sink->match_no);
				values[1] = Int32GetDatum(t + 1);
				values[2] = sink->ids->ids[tickets[m]];
				values[3] = Float8GetDatum(score);
				tuplestore_putvalues(sink->rsinfo->setResult, sink->rsinfo->setDesc,
									 values, nulls);
			}
}

/*
 * form_matches(ticket_ids anyarray, ratings float8[], party_sizes int[],
 *				betas float8[], n_teams int, team_size int,
 *				skill_weight float8, skill_floor float8, terms float8[],
 *				term_spreads float8[], term_weights float8[], term_floors float8[],
 *				strengths float8[], party_bonus float8)
 * RETURNS TABLE (match int, team int, ticket_id anyelement, score float8)
 *
 * Not STRICT (the term arguments may be NULL); a NULL in a required
 * argument gives no rows, as a STRICT function would, so array_agg over
 * no claimed tickets (NULL) simply forms no match.
 */
Datum
form_matches(PG_FUNCTION_ARGS)
{
	sk_queue	q;
	IdList		ids;
	MatchSink	sink;

	InitMaterializedSRF(fcinfo, 0);
	memset(&q, 0, sizeof(q));
	if (!settings_read(fcinfo, &q))
		PG_RETURN_NULL();
	tickets_read(fcinfo, &q, array_length_1d(PG_GETARG_ARRAYTYPE_P(ARG_TICKET_IDS),
											  "ticket_ids"));
	if (q.n == 0)
		PG_RETURN_NULL();
	id_list_read(PG_GETARG_ARRAYTYPE_P(ARG_TICKET_IDS), PG_GET_COLLATION(),
				 "ticket_ids", "ticket id",
				 "Each ticket can be in one match only; claim each queue row once.", &ids);
	sink.rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	sink.ids = &ids;
	sink.n_teams = q.n_teams;
	sink.match_no = 0;
	report_core_status(sk_queue_form_matches(&q, palloc(sk_queue_workspace_size(&q)),
											 emit_match, &sink),
					   "form_matches");
	PG_RETURN_NULL();
}

/* Arguments of the data point form of skill.form_matches, in order. */
enum
{
	MARG_TICKET_IDS,
	MARG_RATINGS,
	MARG_PARTY_SIZES,
	MARG_N_TEAMS,
	MARG_TEAM_SIZE,
	MARG_DATA_POINT,
	MARG_WAITED
};

/*
 * Each ticket's window beta: the data point's fixed beta, or (with maxBeta,
 * buckets and bucketDuration) the widening window of its wait.
 */
static ArrayType *
musigma_betas(FunctionCallInfo fcinfo, const MusigmaConfig *config, int n)
{
	double	   *betas = palloc(sizeof(double) * Max(n, 1));
	int			i;

	if (config->widening)
	{
		ArrayType  *waited;
		Datum	   *elems;
		bool	   *nulls;
		int			count;

		if (PG_ARGISNULL(MARG_WAITED))
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("waited must be given when the data point has maxBeta"),
					 errdetail("The skill window widens with each ticket's wait, e.g. array_agg(now() - enqueued_at).")));
		waited = PG_GETARG_ARRAYTYPE_P(MARG_WAITED);
		check_count("waited", array_length_1d(waited, "waited"), n);
		deconstruct_array(waited, INTERVALOID, sizeof(Interval), false, TYPALIGN_DOUBLE,
						  &elems, &nulls, &count);
		for (i = 0; i < n; i++)
		{
			char		name[32];

			snprintf(name, sizeof(name), "waited[%d]", i + 1);
			if (nulls[i])
				ereport(ERROR,
						(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
						 errmsg("%s must not be NULL", name)));
			betas[i] = musigma_beta(config, interval_seconds(DatumGetIntervalP(elems[i]), name));
		}
	}
	else
		for (i = 0; i < n; i++)
			betas[i] = config->beta;
	return float8_array_build(betas, n);
}

/*
 * form_matches(ticket_ids anyarray, ratings float8[], party_sizes int[],
 *				n_teams int, team_size int, data_point jsonb,
 *				waited interval[] DEFAULT NULL)
 *
 * An IMS queue's musigma data point in place of betas, skill_weight and
 * skill_floor: the call is passed on to form_matches above with those
 * filled in (same flinfo and result set, so the result rows are the same).
 */
Datum
form_matches_musigma(PG_FUNCTION_ARGS)
{
	LOCAL_FCINFO(inner, N_ARGS);
	MusigmaConfig config;
	int			i;

	InitFunctionCallInfoData(*inner, fcinfo->flinfo, N_ARGS, fcinfo->fncollation,
							 fcinfo->context, fcinfo->resultinfo);
	for (i = 0; i < N_ARGS; i++)
	{
		inner->args[i].value = (Datum) 0;
		inner->args[i].isnull = true;
	}
	inner->args[ARG_TICKET_IDS] = fcinfo->args[MARG_TICKET_IDS];
	inner->args[ARG_RATINGS] = fcinfo->args[MARG_RATINGS];
	inner->args[ARG_PARTY_SIZES] = fcinfo->args[MARG_PARTY_SIZES];
	inner->args[ARG_N_TEAMS] = fcinfo->args[MARG_N_TEAMS];
	inner->args[ARG_TEAM_SIZE] = fcinfo->args[MARG_TEAM_SIZE];
	inner->args[ARG_PARTY_BONUS].value = Float8GetDatum(0.0);
	inner->args[ARG_PARTY_BONUS].isnull = false;
	if (!PG_ARGISNULL(MARG_DATA_POINT))
	{
		musigma_read(PG_GETARG_JSONB_P(MARG_DATA_POINT), "data_point", &config);
		inner->args[ARG_SKILL_WEIGHT].value = Float8GetDatum(config.weight);
		inner->args[ARG_SKILL_WEIGHT].isnull = false;
		inner->args[ARG_SKILL_FLOOR].value = Float8GetDatum(config.floor);
		inner->args[ARG_SKILL_FLOOR].isnull = false;
		if (!PG_ARGISNULL(MARG_TICKET_IDS))
		{
			inner->args[ARG_BETAS].value = PointerGetDatum(
				musigma_betas(fcinfo, &config,
							  array_length_1d(PG_GETARG_ARRAYTYPE_P(MARG_TICKET_IDS),
											  "ticket_ids")));
			inner->args[ARG_BETAS].isnull = false;
		}
	}
	return form_matches(inner);
}
