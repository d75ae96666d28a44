/*
 * lifecycle_sql.c - a player's life around the matches, at read time:
 * inactivity decay, season soft resets and divisions.  The formulas are
 * the core's (core/growth.c), the same the replays apply with their
 * sigma_per_day / rd_per_day and season options.  Time comes in as an
 * interval (never now()), so every function is IMMUTABLE and gives the
 * same answer in every TimeZone.
 */
#include "sql/skill.h"

#include "access/htup_details.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "core/growth.h"
#include "core/placement.h"

PG_FUNCTION_INFO_V1(rating_decay);
PG_FUNCTION_INFO_V1(elo_decay);
PG_FUNCTION_INFO_V1(season_reset_rating);
PG_FUNCTION_INFO_V1(season_reset_glicko);
PG_FUNCTION_INFO_V1(season_reset_elo);
PG_FUNCTION_INFO_V1(division);
PG_FUNCTION_INFO_V1(performance_rating);
PG_FUNCTION_INFO_V1(calibration_search);

#define SECONDS_PER_DAY 86400.0

/*
 * An interval argument in days: extract(epoch from it) / 86400 (a day is
 * 86,400 s; a month 30 days, as extract(epoch) counts it).  Negative is an
 * error.
 */
static double
interval_days(FunctionCallInfo fcinfo, int argno, const char *arg)
{
	double		seconds = DatumGetFloat8(DirectFunctionCall2(interval_part,
															 CStringGetTextDatum("epoch"),
															 PG_GETARG_DATUM(argno)));

	if (!(seconds >= 0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must not be negative", arg)));
	return seconds / SECONDS_PER_DAY;
}

static void
check_keep(double keep)
{
	check_finite("keep", keep);
	if (!(keep >= 0.0 && keep <= 1.0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("keep must be between 0 and 1"),
				 errdetail("keep is the share of the distance from the start rating a season keeps.")));
}

/* rating_decay(r, idle, sigma_per_day, max_sigma): sigma grown by idle days. */
Datum
rating_decay(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	double		mu,
				sigma;
	double		days = interval_days(fcinfo, 1, "idle");
	double		per_day = nonnegative_arg(fcinfo, 2, "sigma_per_day");
	double		max_sigma = positive_arg(fcinfo, 3, "max_sigma");

	composite_init_arg(fcinfo, 0, &cache->rating);
	rating_read(&cache->rating, PG_GETARG_HEAPTUPLEHEADER(0), "r", &mu, &sigma);
	PG_RETURN_DATUM(rating_build(&cache->rating, mu,
								 sk_spread_after_idle(sigma, days, per_day, max_sigma)));
}

/* elo_decay(rating, idle, grace, per_week, floor) */
Datum
elo_decay(PG_FUNCTION_ARGS)
{
	double		rating = finite_arg(fcinfo, 0, "rating");
	double		idle = interval_days(fcinfo, 1, "idle");
	double		grace = interval_days(fcinfo, 2, "grace");
	double		per_week = nonnegative_arg(fcinfo, 3, "per_week");
	double		floor_value = finite_arg(fcinfo, 4, "floor");

	PG_RETURN_FLOAT8(sk_elo_after_idle(rating, idle, grace, per_week, floor_value));
}

/* season_reset(r skill.rating, keep, mu0, sigma0) */
Datum
season_reset_rating(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	double		mu,
				sigma;
	double		keep = PG_GETARG_FLOAT8(1);
	double		mu0 = finite_arg(fcinfo, 2, "mu0");
	double		sigma0 = positive_arg(fcinfo, 3, "sigma0");

	check_keep(keep);
	composite_init_arg(fcinfo, 0, &cache->rating);
	rating_read(&cache->rating, PG_GETARG_HEAPTUPLEHEADER(0), "r", &mu, &sigma);
	PG_RETURN_DATUM(rating_build(&cache->rating, sk_season_mean(mu, mu0, keep),
								 sk_season_spread(sigma, sigma0, keep)));
}

/* season_reset(g skill.glicko, keep, rating0, rd0): vol unchanged. */
Datum
season_reset_glicko(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	GlickoValue g;
	double		keep = PG_GETARG_FLOAT8(1);
	double		rating0 = finite_arg(fcinfo, 2, "rating0");
	double		rd0 = positive_arg(fcinfo, 3, "rd0");

	check_keep(keep);
	composite_init_arg(fcinfo, 0, &cache->glicko);
	glicko_read(&cache->glicko, PG_GETARG_HEAPTUPLEHEADER(0), "g", false, &g);
	g.rating = sk_season_mean(g.rating, rating0, keep);
	g.rd = sk_season_spread(g.rd, rd0, keep);
	PG_RETURN_DATUM(glicko_build(&cache->glicko, &g));
}

/* season_reset(rating float8, keep, rating0): Elo. */
Datum
season_reset_elo(PG_FUNCTION_ARGS)
{
	double		rating = finite_arg(fcinfo, 0, "rating");
	double		keep = PG_GETARG_FLOAT8(1);
	double		rating0 = finite_arg(fcinfo, 2, "rating0");

	check_keep(keep);
	PG_RETURN_FLOAT8(check_result_finite(sk_season_mean(rating, rating0, keep)));
}

/* division(value, thresholds[], current, margin); current may be NULL. */
Datum
division(PG_FUNCTION_ARGS)
{
	double		value;
	const double *thresholds;
	double		margin;
	int			n,
				current = -1,
				i;

	for (i = 0; i < 4; i++)
		if (i != 2 && PG_ARGISNULL(i))
			PG_RETURN_NULL();
	value = PG_GETARG_FLOAT8(0);
	margin = PG_GETARG_FLOAT8(3);
	check_finite("value", value);
	check_nonnegative("margin", margin);
	thresholds = float8_array_values(PG_GETARG_ARRAYTYPE_P(1), "thresholds", &n);
	for (i = 1; i < n; i++)
		if (!(thresholds[i] > thresholds[i - 1]))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("thresholds must be in strictly ascending order")));
	if (!PG_ARGISNULL(2))
	{
		current = PG_GETARG_INT32(2);
		if (current < 0 || current > n)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("current must be a division from 0 to %d, not %d", n, current)));
	}
	PG_RETURN_INT32(sk_division(value, n, thresholds, current, margin));
}

/* performance_rating(opponents[], scores[], prior_mean, prior_sd, scale) */
Datum
performance_rating(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	const double *opponents,
			   *scores;
	double		prior_mean = finite_arg(fcinfo, 2, "prior_mean");
	double		prior_sd = positive_arg(fcinfo, 3, "prior_sd");
	double		scale = positive_arg(fcinfo, 4, "scale");
	double		x,
				sd;
	int			n;

	n = paired_float8_args(fcinfo, 0, "opponents", &opponents, 1, "scores", &scores);
	check_scores("scores", scores, n);
	report_core_status(sk_performance_rating(n, opponents, scores, prior_mean, prior_sd, scale,
											 &x, &sd),
					   "performance_rating");
	composite_init_result(fcinfo, &cache->rating);
	PG_RETURN_DATUM(rating_build(&cache->rating, x, sd));
}

/*
 * calibration_search(results[], matches, low, high, shrink) ->
 * (next_rating, next_step, played, placed): where a player in calibration
 * looks for opponents next; once placed, its placement.
 */
Datum
calibration_search(PG_FUNCTION_ARGS)
{
	const double *results;
	int			n;
	int32		matches = PG_GETARG_INT32(1);
	double		rating,
				step;
	TupleDesc	desc;
	Datum		values[4];
	bool		nulls[4] = {false};

	if (matches < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("matches must be at least 1")));
	results = float8_array_values(PG_GETARG_ARRAYTYPE_P(0), "results", &n);
	check_scores("results", results, n);
	if (n > matches)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("results has %d calibration matches, more than matches (%d)", n, matches)));
	check_finite("low", PG_GETARG_FLOAT8(2));
	check_finite("high", PG_GETARG_FLOAT8(3));
	if (!(PG_GETARG_FLOAT8(3) > PG_GETARG_FLOAT8(2)))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("high must be greater than low")));
	check_finite("shrink", PG_GETARG_FLOAT8(4));
	if (!(PG_GETARG_FLOAT8(4) > 0.0 && PG_GETARG_FLOAT8(4) <= 1.0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("shrink must be greater than 0 and at most 1")));
	report_core_status(sk_calibration_search(n, results, PG_GETARG_FLOAT8(2), PG_GETARG_FLOAT8(3),
											 PG_GETARG_FLOAT8(4), &rating, &step),
					   "calibration_search");
	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "calibration_search: return type must be a row type");
	values[0] = Float8GetDatum(rating);
	values[1] = Float8GetDatum(step);
	values[2] = Int32GetDatum(n);
	values[3] = BoolGetDatum(n >= matches);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(desc), values, nulls)));
}
