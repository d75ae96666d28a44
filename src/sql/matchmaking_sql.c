/*
 * matchmaking_sql.c - SQL functions around match making: TrueSkill match
 * quality, party ratings, the widening skill window, and team balancing.
 * The queue matcher (form_matches) is in queue_sql.c.
 */
#include "sql/skill.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "datatype/timestamp.h"
#include "utils/timestamp.h"

#include "core/matchmaking.h"
#include "sql/musigma.h"
#include "sql/teams.h"
#include "core/trueskill.h"

PG_FUNCTION_INFO_V1(party_rating);
PG_FUNCTION_INFO_V1(party_rating_musigma);
PG_FUNCTION_INFO_V1(window_beta);
PG_FUNCTION_INFO_V1(balance_teams);
PG_FUNCTION_INFO_V1(balance_gap);

/*
 * The party rating of the members in argument 0:
 * (max_w max mu + med_w median mu)/(max_w + med_w) - k mean sigma.
 * NULL members take fallback (mu, sigma) if given, else are refused.
 */
static double
party_rating_of(FunctionCallInfo fcinfo, double max_w, double med_w, double deviations,
				const double *fallback)
{
	CallCache  *cache = call_cache(fcinfo);
	double	   *mu,
			   *sigma,
				result;
	int			n;
	sk_status	st;

	composite_init_arg(fcinfo, 0, &cache->rating);
	n = rating_list_read_or(&cache->rating, PG_GETARG_ARRAYTYPE_P(0), "members", fallback,
							&mu, &sigma);
	if (n == 0)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("members must hold at least one player")));
	st = sk_mm_party_rating(n, mu, sigma, max_w, med_w, deviations, &result,
							palloc(sk_mm_party_rating_workspace_size(n)));
	if (st == SK_ERR_OVERFLOW)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("party_rating: the members' ratings are too extreme: the party's rating is not a finite number"),
				 errdetail("The weighted mu, less the deviations times the mean sigma, leaves the range of a double.")));
	report_core_status(st, "party_rating");
	return check_result_finite(result);
}

void
check_party_weights(const char *max_arg, double max_w, const char *med_arg, double med_w,
					const char *deviations_arg, double deviations)
{
	check_nonnegative(max_arg, max_w);
	check_nonnegative(med_arg, med_w);
	if (!(max_w + med_w > 0.0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s and %s must not both be zero", max_arg, med_arg)));
	check_nonnegative(deviations_arg, deviations);
}

/* party_rating(members, max_mu_weight, med_mu_weight, ordinal_deviations) */
Datum
party_rating(PG_FUNCTION_ARGS)
{
	double		max_w = PG_GETARG_FLOAT8(1);
	double		med_w = PG_GETARG_FLOAT8(2);
	double		deviations = PG_GETARG_FLOAT8(3);

	check_party_weights("max_mu_weight", max_w, "med_mu_weight", med_w,
						"ordinal_deviations", deviations);
	PG_RETURN_FLOAT8(party_rating_of(fcinfo, max_w, med_w, deviations, NULL));
}

/*
 * party_rating(members, data_point jsonb): the weights and ordinal
 * deviations of an IMS queue's musigma data point (musigma.h); a NULL
 * member is an unrated player with the data point's mu and sigma.
 */
Datum
party_rating_musigma(PG_FUNCTION_ARGS)
{
	MusigmaConfig config;
	double		fallback[2];

	musigma_read(PG_GETARG_JSONB_P(1), "data_point", &config);
	fallback[0] = config.mu;
	fallback[1] = config.sigma;
	PG_RETURN_FLOAT8(party_rating_of(fcinfo, config.max_mu_weight, config.med_mu_weight,
									 config.ordinal_deviations, fallback));
}

/*
 * An interval as seconds.  A day counts 86400 s (what subtracting two
 * timestamps gives; it ignores daylight-saving shifts, like interval
 * arithmetic on timestamptz does not).  Months are refused: they have no
 * fixed length, and a wait computed as now() - enqueued_at never has them.
 */
double
interval_seconds(const Interval *span, const char *arg)
{
	if (span->month != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must not have a month or year part", arg),
				 errdetail("A month has no fixed length; give days, hours, minutes or seconds (now() - enqueued_at gives those).")));
	return (double) span->day * SECS_PER_DAY + (double) span->time / USECS_PER_SEC;
}

/*
 * window_beta(waited, max_beta, buckets, bucket_duration): the IMS widening
 * skill window.  A negative wait counts as no wait.
 */
Datum
window_beta(PG_FUNCTION_ARGS)
{
	double		waited = interval_seconds(PG_GETARG_INTERVAL_P(0), "waited");
	double		max_beta = positive_arg(fcinfo, 1, "max_beta");
	int32		buckets = PG_GETARG_INT32(2);
	double		duration = interval_seconds(PG_GETARG_INTERVAL_P(3), "bucket_duration");
	double		beta;

	if (buckets < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("buckets must be at least 1")));
	if (!(duration > 0.0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bucket_duration must be greater than zero")));
	report_core_status(sk_mm_window_beta(waited, max_beta, buckets, duration, &beta, NULL),
					   "window_beta");
	PG_RETURN_FLOAT8(beta);
}

/* Strength of each player for balancing: mu - z sigma (skill.ordinal). */
static double *
strengths_read(FunctionCallInfo fcinfo, ArrayType *ratings, double z, int *n_out)
{
	CallCache  *cache = call_cache(fcinfo);
	double	   *mu,
			   *sigma;
	int			n,
				i;

	check_finite("z", z);
	composite_init_arg(fcinfo, 0, &cache->rating);
	n = rating_list_read(&cache->rating, ratings, "ratings", &mu, &sigma);
	for (i = 0; i < n; i++)
	{
		mu[i] -= z * sigma[i];
		if (!isfinite(mu[i]))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("ratings[%d]: mu - z*sigma overflows", i + 1)));
	}
	*n_out = n;
	return mu;
}

/*
 * The parties argument as the core's party ids: players with equal values
 * share a party (the id of its first player), NULL means solo (-1).
 * Checks that no party is larger than a team.
 */
static int *
parties_read(ArrayType *array, int n_players, int team_size)
{
	Datum	   *elems;
	bool	   *nulls;
	int		   *party = palloc(sizeof(int) * Max(n_players, 1));
	int		   *count = palloc0(sizeof(int) * Max(n_players, 1));
	int			n = array_length_1d(array, "parties");
	int			i,
				j;

	check_same_length("ratings", n_players, "parties", n);
	if (n == 0)
		return party;
	deconstruct_array(array, INT4OID, sizeof(int32), true, TYPALIGN_INT,
					  &elems, &nulls, &n);
	for (i = 0; i < n; i++)
	{
		party[i] = -1;
		if (nulls[i])
			continue;
		for (j = 0; j <= i; j++)
			if (!nulls[j] && DatumGetInt32(elems[j]) == DatumGetInt32(elems[i]))
				break;
		party[i] = j;
		count[j]++;
	}
	for (i = 0; i < n; i++)
		if (count[i] > team_size)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("party %d in parties is larger than a team",
							DatumGetInt32(elems[i])),
					 errdetail("It has %d players; a team holds %d.", count[i], team_size)));
	return party;
}

/*
 * balance_teams(ratings, n_teams, parties, z) -> int[]: a team number
 * (1-based, in order of first appearance) per player.  Not STRICT because
 * parties may be NULL; a NULL in any other argument gives NULL.
 */
Datum
balance_teams(PG_FUNCTION_ARGS)
{
	int32		n_teams;
	double	   *strength;
	int		   *party;
	int		   *team;
	Datum	   *datums;
	double		gap,
				party_bonus;
	int			n,
				team_size,
				i;
	sk_status	st;

	/* parties may be NULL: "not given". */
	if (required_arg_null(fcinfo, OPTIONAL_ARG(2)))
		PG_RETURN_NULL();
	n_teams = PG_GETARG_INT32(1);
	if (n_teams < 2)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("n_teams must be at least 2")));
	strength = strengths_read(fcinfo, PG_GETARG_ARRAYTYPE_P(0), PG_GETARG_FLOAT8(3), &n);
	if (n > SK_MM_BALANCE_MAX_PLAYERS)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("ratings must hold at most %d players", SK_MM_BALANCE_MAX_PLAYERS)));
	if (n < n_teams || n % n_teams != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the number of players must be a positive multiple of n_teams"),
				 errdetail("There are %d players and %d teams; teams have equal head counts.",
						   n, n_teams)));
	team_size = n / n_teams;
	party = PG_ARGISNULL(2) ? NULL : parties_read(PG_GETARG_ARRAYTYPE_P(2), n, team_size);

	party_bonus = PG_NARGS() > 4 ? PG_GETARG_FLOAT8(4) : 0.0;
	check_nonnegative("party_bonus", party_bonus);
	team = palloc(sizeof(int) * n);
	st = sk_mm_balance_teams_bonus(n, strength, party, n_teams, team_size, party_bonus, team, &gap,
								   palloc(sk_mm_balance_workspace_size(n, n_teams)));
	if (st == SK_ERR_SIZE || st == SK_ERR_NO_CONVERGENCE)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("parties cannot be split into %d teams of %d players", n_teams, team_size),
				 errdetail("No way of keeping every party together fills the teams exactly.")));
	if (st == SK_ERR_OVERFLOW)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("balance_teams: the ratings%s are too extreme: the teams' summed strengths are not finite numbers",
						party_bonus > 0 ? " or party_bonus" : ""),
				 errdetail("Each player's strength is mu - z sigma; the teams' sums must stay within the range of a double.")));
	report_core_status(st, "balance_teams");

	datums = palloc(sizeof(Datum) * n);
	for (i = 0; i < n; i++)
		datums[i] = Int32GetDatum(team[i] + 1);
	PG_RETURN_ARRAYTYPE_P(construct_array(datums, n, INT4OID, sizeof(int32), true,
										  TYPALIGN_INT));
}

/*
 * balance_gap(ratings, teams, z) -> float8: the strongest minus the weakest
 * team's total strength (sum of mu - z sigma) for a given split.
 */
Datum
balance_gap(PG_FUNCTION_ARGS)
{
	ArrayType  *teams_array = PG_GETARG_ARRAYTYPE_P(1);
	Datum	   *elems;
	bool	   *nulls;
	double	   *strength,
			   *sum,
				lo = 0.0,
				hi = 0.0;
	int		   *label;
	int			n,
				n_labels = 0,
				n_teams,
				i,
				j;

	strength = strengths_read(fcinfo, PG_GETARG_ARRAYTYPE_P(0), PG_GETARG_FLOAT8(2), &n);
	n_teams = array_length_1d(teams_array, "teams");
	check_same_length("ratings", n, "teams", n_teams);
	if (n == 0)
		PG_RETURN_FLOAT8(0.0);
	deconstruct_array(teams_array, INT4OID, sizeof(int32), true, TYPALIGN_INT,
					  &elems, &nulls, &n_teams);
	label = palloc(sizeof(int) * n);
	sum = palloc0(sizeof(double) * n);
	for (i = 0; i < n; i++)
	{
		if (nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("teams must not contain NULL elements")));
		for (j = 0; j < n_labels; j++)
			if (label[j] == DatumGetInt32(elems[i]))
				break;
		if (j == n_labels)
			label[n_labels++] = DatumGetInt32(elems[i]);
		sum[j] += strength[i];
	}
	for (j = 0; j < n_labels; j++)
	{
		lo = j == 0 ? sum[j] : fmin(lo, sum[j]);
		hi = j == 0 ? sum[j] : fmax(hi, sum[j]);
	}
	if (!isfinite(hi - lo))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("team strengths are too large to compare")));
	PG_RETURN_FLOAT8(hi - lo);
}
