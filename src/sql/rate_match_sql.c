/*
 * rate_match_sql.c - skill.rate_match: one match, given as arrays of its
 * rows, rated by any family from the state its caller keeps per player;
 * skill.rate_period: one rating period of the Glicko families the same way.
 *
 * The replay of a whole history keeps more per player than the rating: the
 * matches rated (Elo's K schedules), the time of the last match (idle
 * growth, the Glicko families' calendar growth, season resets) and Elo's
 * highest rating (k_top).  The caller passes that state in, the engine
 * takes each returning player as the replay would have left it after its
 * last match (replay_seed_player), and the match runs through the engine's
 * own step: the result equals the replay of the history up to and
 * including this match, by construction.  rate_match's periods are per
 * match, as in the history functions without a period column; rate_period
 * takes a period's rows at once, as a history with a period column rates
 * them when the period closes, and keeps the count of periods closed.
 */
#include "sql/family_args.h"

#include "families/family.h"
#include "families/periods.h"
#include "sql/replay_values.h"
#include "sql/rows_query.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/float.h"
#include "utils/lsyscache.h"
#include "utils/timestamp.h"

PG_FUNCTION_INFO_V1(rate_match);
PG_FUNCTION_INFO_V1(rate_period);

/* The arguments of both functions, by role; -1: the function has none. */
typedef struct RateArgs
{
	int			match_id;		/* one match (rate_match), or match_ids per row */
	int			played_at;
	int			player_ids,
				teams,
				ranks,
				ratings,
				matches,
				last_played;
	int			peaks;			/* rate_match */
	int			last_period;	/* rate_period */
	int			options,
				scores,
				home;
	int			match_weight,	/* rate_match */
				season,
				last_seasons;
	bool		per_row;		/* match_id and played_at are arrays */
} RateArgs;

/* skill.rate_match's arguments: their names and places. */
static const char *const match_arg_names[] = {
	"family", "match_id", "played_at", "player_ids", "teams", "ranks",
	"ratings", "matches", "last_played", "peaks", "options", "scores", "home",
	"match_weight", "season", "last_seasons"
};
static const RateArgs match_args = {1, 2, 3, 4, 5, 6, 7, 8, 9, -1, 10, 11, 12, 13, 14, 15, false};

/* skill.rate_period's. */
static const char *const period_arg_names[] = {
	"family", "periods_closed", "match_ids", "played_at", "player_ids", "teams", "ranks",
	"ratings", "matches", "last_played", "last_period", "options", "scores", "home"
};
static const RateArgs period_args = {2, 3, 4, 5, 6, 7, 8, 9, -1, 10, 11, 12, 13, -1, -1, -1, true};

/* The arguments that may be NULL (not given): the state and the details. */
static uint32
optional_args(const RateArgs *args)
{
	const int	optional[] = {args->matches, args->last_played, args->peaks, args->last_period,
	args->options, args->scores, args->home, args->match_weight, args->season,
	args->last_seasons};
	uint32		mask = 0;
	int			k;

	for (k = 0; k < lengthof(optional); k++)
		if (optional[k] >= 0)
			mask |= OPTIONAL_ARG(optional[k]);
	return mask;
}

/* An array argument's elements (NULL array or no such argument: all NULL). */
typedef struct ArrayArg
{
	const char *name;
	Datum	   *values;
	bool	   *nulls;
} ArrayArg;

static void
read_array(FunctionCallInfo fcinfo, const char *const *names, int argno, int n, ArrayArg *out)
{
	ArrayType  *array;
	int16		typlen;
	bool		typbyval;
	char		typalign;
	int			count;

	out->name = argno >= 0 ? names[argno] : "";
	if (!arg_given(fcinfo, argno))
	{
		out->values = palloc0(sizeof(Datum) * Max(n, 1));
		out->nulls = palloc(sizeof(bool) * Max(n, 1));
		memset(out->nulls, true, sizeof(bool) * Max(n, 1));
		return;
	}
	array = PG_GETARG_ARRAYTYPE_P(argno);
	check_same_length("player_ids", n, out->name, array_length_1d(array, out->name));
	get_typlenbyvalalign(ARR_ELEMTYPE(array), &typlen, &typbyval, &typalign);
	deconstruct_array(array, ARR_ELEMTYPE(array), typlen, typbyval, typalign,
					  &out->values, &out->nulls, &count);
}

static void
element_not_null(const ArrayArg *arg, int i)
{
	if (arg->nulls[i])
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s[%d] must not be NULL", arg->name, i + 1)));
}

/*
 * The ratings' element type must be the family's rating type, or its base
 * type (ARRAY[] of domain values has that).
 */
static void
check_ratings_type(FunctionCallInfo fcinfo, int argno, const ReplayFamily *family,
				   const CompositeType *type)
{
	Oid			given = get_fn_expr_argtype(fcinfo->flinfo, argno);
	Oid			element = OidIsValid(given) ? get_element_type(given) : InvalidOid;
	Oid			wanted = family->kind == VALUE_ELO ? FLOAT8OID : type->typid;

	if (!OidIsValid(element) || getBaseType(element) != getBaseType(wanted))
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("ratings of family %s must be a %s[], not %s",
						family_prefix(family), format_type_be(wanted),
						OidIsValid(given) ? format_type_be(given) : "unknown")));
}

/*
 * Per-match periods grow the Glicko families' RDs by the calendar; counting
 * each per-match period as one needs every match of the history.
 */
static void
check_idle_growth(const ReplayState *state)
{
	int			at = options_index(&state->family->options, "idle_growth");

	if (at >= 0 && state->opt[at] == IDLE_GROWTH_PERIODS)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("rate_match cannot rate with option \"idle_growth\" \"periods\""),
				 errdetail("Counting each match's period as one grows a player's RD with every match of the whole history, which one match does not see."),
				 errhint("Use idle_growth \"calendar\" (the default), rate_period with periods of your own, or replay the history.")));
}

/* The rows and states read from the arguments. */
typedef struct RateRows
{
	int			n;
	int64		match_id;		/* rate_match */
	TimestampTz played_at;
	ArrayArg	match_ids,		/* rate_period */
				played_ats,
				ids,
				teams,
				ranks,
				ratings,
				matches,
				last_played,
				peaks,
				last_period,
				scores,
				home,
				last_seasons;
	double		match_weight;	/* NaN: none */
	text	   *season;			/* NULL: none */
	bool		has_details;
} RateRows;

static int64
row_match_id(const RateRows *rows, int i)
{
	return rows->match_ids.values ? DatumGetInt64(rows->match_ids.values[i]) : rows->match_id;
}

static TimestampTz
row_played_at(const RateRows *rows, int i)
{
	return rows->played_ats.values ? DatumGetTimestampTz(rows->played_ats.values[i])
		: rows->played_at;
}

static bool
row_is_new(const RateRows *rows, int i)
{
	return rows->matches.nulls[i] || DatumGetInt32(rows->matches.values[i]) == 0;
}

static void
check_finite_time(const char *arg, TimestampTz t)
{
	if (TIMESTAMP_NOT_FINITE(t))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be a finite timestamp", arg)));
}

static void
read_rows(FunctionCallInfo fcinfo, const char *const *names, const RateArgs *args, RateRows *rows)
{
	int			n = array_length_1d(PG_GETARG_ARRAYTYPE_P(args->player_ids), "player_ids");
	int			i;

	memset(rows, 0, sizeof(*rows));
	rows->n = n;
	if (args->per_row)
	{
		read_array(fcinfo, names, args->match_id, n, &rows->match_ids);
		read_array(fcinfo, names, args->played_at, n, &rows->played_ats);
		for (i = 0; i < n; i++)
		{
			element_not_null(&rows->match_ids, i);
			element_not_null(&rows->played_ats, i);
			check_finite_time("played_at", DatumGetTimestampTz(rows->played_ats.values[i]));
		}
	}
	else
	{
		rows->match_id = PG_GETARG_INT64(args->match_id);
		rows->played_at = PG_GETARG_TIMESTAMPTZ(args->played_at);
		check_finite_time("played_at", rows->played_at);
	}
	read_array(fcinfo, names, args->player_ids, n, &rows->ids);
	read_array(fcinfo, names, args->teams, n, &rows->teams);
	read_array(fcinfo, names, args->ranks, n, &rows->ranks);
	read_array(fcinfo, names, args->ratings, n, &rows->ratings);
	read_array(fcinfo, names, args->matches, n, &rows->matches);
	read_array(fcinfo, names, args->last_played, n, &rows->last_played);
	read_array(fcinfo, names, args->peaks, n, &rows->peaks);
	read_array(fcinfo, names, args->last_period, n, &rows->last_period);
	read_array(fcinfo, names, args->scores, n, &rows->scores);
	read_array(fcinfo, names, args->home, n, &rows->home);
	read_array(fcinfo, names, args->last_seasons, n, &rows->last_seasons);
	rows->match_weight = get_float8_nan();
	if (arg_given(fcinfo, args->match_weight))
	{
		rows->match_weight = PG_GETARG_FLOAT8(args->match_weight);
		if (isnan(rows->match_weight))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("match_weight must be a number, not NaN"),
					 errhint("NULL means weight 1.")));
	}
	rows->season = arg_given(fcinfo, args->season) ? PG_GETARG_TEXT_PP(args->season) : NULL;
	rows->has_details = arg_given(fcinfo, args->scores) || arg_given(fcinfo, args->home) ||
		!isnan(rows->match_weight) || rows->season != NULL;
	for (i = 0; i < n; i++)
	{
		element_not_null(&rows->ids, i);
		element_not_null(&rows->teams, i);
		element_not_null(&rows->ranks, i);
		if (!rows->matches.nulls[i] && DatumGetInt32(rows->matches.values[i]) < 0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("matches[%d] must not be negative", i + 1)));
	}
}

/*
 * A returning player's last season (last_seasons[i]) as the engine's key:
 * the match's season is key 0, another season key 1; NULL: none known.
 */
static void
seed_season(const RateRows *rows, int i, ReplayPlayer *p)
{
	text	   *last;

	if (rows->season == NULL || rows->last_seasons.nulls[i])
		return;
	last = DatumGetTextPP(rows->last_seasons.values[i]);
	p->has_season = true;
	p->season = VARSIZE_ANY_EXHDR(last) == VARSIZE_ANY_EXHDR(rows->season) &&
		memcmp(VARDATA_ANY(last), VARDATA_ANY(rows->season), VARSIZE_ANY_EXHDR(last)) == 0
		? 0 : 1;
}

/*
 * Enters a returning player (row i, its first) as the replay left it after
 * its last match, with the season resets since; first_at is the time of
 * its first row here.  by_period: rate_period's counted periods, where the
 * player is current to last_period of the periods closed.
 */
static void
seed_player(ReplayState *state, const CompositeType *type, const RateRows *rows, int i,
			TimestampTz first_at, bool by_period)
{
	const ReplayFamily *family = state->family;
	int64		id = DatumGetInt64(rows->ids.values[i]);
	int32		played = DatumGetInt32(rows->matches.values[i]);
	double		r[REPLAY_MAX_FIELDS] = {0};
	TimestampTz last;
	ReplayPlayer *p;

	if (rows->ratings.nulls[i] || rows->last_played.nulls[i] ||
		(by_period && rows->last_period.nulls[i]))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s[%d] must not be NULL for a player with matches",
						rows->ratings.nulls[i] ? "ratings"
						: rows->last_played.nulls[i] ? "last_played" : "last_period", i + 1),
				 errdetail("Player " INT64_FORMAT " has %d matches rated; its rating goes on from its state after the last.",
						   id, played)));
	last = DatumGetTimestampTz(rows->last_played.values[i]);

	/*
	 * The history rates the matches of one played_at in one per-match
	 * period; counted periods only need time not to go back.
	 */
	if (!(last < first_at || (last == first_at && (by_period || !family->uses_period))))
	{
		/* timestamptz_to_str returns a static buffer: one call at a time. */
		char	   *at = pstrdup(timestamptz_to_str(first_at));

		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("match " INT64_FORMAT " (played_at %s) is not after the last match of player " INT64_FORMAT " (played_at %s)",
						row_match_id(rows, i), at, id, timestamptz_to_str(last)),
				 family->uses_period && last == first_at
				 ? errdetail("The %s family rates the matches of one played_at together, as one rating period.",
							 family_prefix(family))
				 : errdetail("Matches are rated in the order of played_at."),
				 errhint("Give the match a later played_at, or replay the history.")));
	}
	replay_value_read(family, (CompositeType *) type, rows->ratings.values[i], "ratings", r);
	if (family->kind == VALUE_ELO)
	{
		/* Elo keeps its highest rating in its second field (elo.c). */
		r[1] = rows->peaks.nulls[i] ? r[0] : DatumGetFloat8(rows->peaks.values[i]);
		check_finite("peaks", r[1]);
	}
	p = replay_seed_player(state, row_match_id(rows, i), id, r, played, last);
	if (by_period)
	{
		int64		current = DatumGetInt64(rows->last_period.values[i]);

		if (current < 0 || current > state->periods_ended)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("last_period[%d] must be between 0 and periods_closed (" INT64_FORMAT "), not " INT64_FORMAT,
							i + 1, state->periods_ended, current)));
		p->last_period = current;
	}
	lifecycle_seeded_seasons(state, p, first_at);
	seed_season(rows, i, p);
}

/*
 * Hands the rows to the engine and rates them: each match its own rating
 * period (per_match), or all of them in the one given.
 */
static void
feed_rows(ReplayState *state, const CompositeType *type, const RateRows *rows,
		  bool per_match, TimestampTz period)
{
	const ReplayFamily *family = state->family;
	int			i;

	for (i = 0; i < rows->n; i++)
	{
		ReplayDetails details;
		double		prior[REPLAY_MAX_FIELDS] = {0};
		bool		given = row_is_new(rows, i) && !rows->ratings.nulls[i];
		TimestampTz at = row_played_at(rows, i);

		CHECK_FOR_INTERRUPTS();
		if (given)
		{
			replay_value_read(family, (CompositeType *) type, rows->ratings.values[i],
							  "ratings", prior);
			if (family->kind == VALUE_ELO)
				prior[1] = prior[0];
		}
		replay_details_none(&details);
		if (!rows->scores.nulls[i])
			details.score = rows_detail_number(DatumGetFloat8(rows->scores.values[i]), "score",
											   row_match_id(rows, i),
											   DatumGetInt64(rows->ids.values[i]));
		details.home = !rows->home.nulls[i] && DatumGetBool(rows->home.values[i]);
		details.match_weight = rows->match_weight;
		details.has_season = rows->season != NULL;	/* its key is 0 (seed_season) */
		replay_add_row(state, row_match_id(rows, i), at, DatumGetInt64(rows->ids.values[i]),
					   DatumGetInt32(rows->teams.values[i]), DatumGetFloat8(rows->ranks.values[i]),
					   given ? prior : NULL, family->uses_period,
					   per_match ? at : period,
					   rows->has_details ? &details : NULL);
	}
	replay_finish(state);
}

/* One result row: the player's new state. */
static void
put_player(ReturnSetInfo *rsinfo, ReplayState *state, const CompositeType *type,
		   const ReplayPlayer *p, bool by_period, HeapTupleHeader *slot)
{
	const ReplayFamily *family = state->family;
	Datum		values[5];
	bool		nulls[5] = {false};

	CHECK_FOR_INTERRUPTS();		/* called per player */
	values[0] = Int64GetDatum(p->id);
	values[1] = replay_value_datum(family, type->desc, p->r, slot, CurrentMemoryContext);
	values[2] = Int32GetDatum(p->matches);
	values[3] = TimestampTzGetDatum(p->last_played);
	if (by_period)
		values[4] = Int64GetDatum(p->last_period);
	else
	{
		nulls[4] = family->kind != VALUE_ELO;
		values[4] = nulls[4] ? (Datum) 0 : Float8GetDatum(p->r[1]);
	}
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
}

/* The family, its rating type and the options, for either function. */
static ReplayState *
rate_setup(FunctionCallInfo fcinfo, const RateArgs *args, const char *caller,
		   CompositeType *type)
{
	const ReplayFamily *family = family_arg(PG_GETARG_TEXT_PP(0));
	ReplayState *state;

	family_rating_type(fcinfo, family, type);
	check_ratings_type(fcinfo, args->ratings, family, type);
	InitMaterializedSRF(fcinfo, 0);
	state = replay_create(CurrentMemoryContext, family);
	state->caller = caller;
	replay_read_options(state, PG_ARGISNULL(args->options) ? NULL
						: PG_GETARG_JSONB_P(args->options));
	return state;
}

/*
 * skill.rate_match(family, match_id, played_at, player_ids, teams, ranks,
 * ratings anyarray, matches, last_played, peaks, options, scores, home):
 * one row per player, in the order given: (player_id, rating, matches,
 * last_played, peak).  The match is its own rating period.
 */
Datum
rate_match(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	ReplayState *state;
	CompositeType type;
	RateRows	rows;
	HeapTupleHeader slot = NULL;
	int			i;

	if (required_arg_null_srf(fcinfo, optional_args(&match_args)))
		return (Datum) 0;
	state = rate_setup(fcinfo, &match_args, "rate_match", &type);
	check_idle_growth(state);
	read_rows(fcinfo, match_arg_names, &match_args, &rows);

	/*
	 * Returning players first; a player with no matches is new, rated from
	 * its rating as a prior (NULL: the options' prior), as the replay takes
	 * a prior row.
	 */
	for (i = 0; i < rows.n; i++)
		if (!row_is_new(&rows, i))
			seed_player(state, &type, &rows, i, rows.played_at, false);
	lifecycle_skip_seasons(state, rows.played_at);
	feed_rows(state, &type, &rows, true, 0);

	for (i = 0; i < rows.n; i++)
		put_player(rsinfo, state, &type, replay_lookup(state, DatumGetInt64(rows.ids.values[i])),
				   false, &slot);
	return (Datum) 0;
}

/* Orders row indexes by player id, then by row (qsort_arg). */
static int
compare_rows_by_player(const void *a, const void *b, void *arg)
{
	const RateRows *rows = arg;
	int			i = *(const int *) a;
	int			j = *(const int *) b;
	int64		x = DatumGetInt64(rows->ids.values[i]);
	int64		y = DatumGetInt64(rows->ids.values[j]);

	if (x != y)
		return x < y ? -1 : 1;
	return i < j ? -1 : i > j;
}

static bool
same_element(const ArrayArg *arg, int i, int j, bool is_int64)
{
	if (arg->nulls[i] || arg->nulls[j])
		return arg->nulls[i] == arg->nulls[j];
	return is_int64 ? DatumGetInt64(arg->values[i]) == DatumGetInt64(arg->values[j])
		: DatumGetInt32(arg->values[i]) == DatumGetInt32(arg->values[j]);
}

/*
 * The state argument in which rows i and j of one player differ, as
 * rate_period reads them, or NULL: a new player's rating (its prior), a
 * returning player's rating, matches, last_played and last_period.
 */
static const char *
state_difference(const ReplayFamily *family, const CompositeType *type, const RateRows *rows,
				 int i, int j)
{
	if (row_is_new(rows, i) != row_is_new(rows, j))
		return "matches";
	if (rows->ratings.nulls[i] != rows->ratings.nulls[j])
		return "ratings";
	if (!rows->ratings.nulls[i])
	{
		double		a[REPLAY_MAX_FIELDS] = {0};
		double		b[REPLAY_MAX_FIELDS] = {0};
		int			k;

		replay_value_read(family, (CompositeType *) type, rows->ratings.values[i], "ratings", a);
		replay_value_read(family, (CompositeType *) type, rows->ratings.values[j], "ratings", b);
		for (k = 0; k < family->n_fields; k++)
			if (a[k] != b[k])
				return "ratings";
	}
	if (row_is_new(rows, i))
		return NULL;
	if (!same_element(&rows->matches, i, j, false))
		return "matches";
	/* timestamptz and the period count are both int64 datums */
	if (!same_element(&rows->last_played, i, j, true))
		return "last_played";
	if (!same_element(&rows->last_period, i, j, true))
		return "last_period";
	return NULL;
}

/*
 * A player's state is its state before the period, the same on all its
 * rows: rows that disagree are an error naming the player, where the first
 * row's state would silently be used.
 */
static void
check_one_state_per_player(const ReplayFamily *family, const CompositeType *type,
						   const RateRows *rows)
{
	int		   *order = palloc(sizeof(int) * rows->n);
	int			k,
				first = 0;

	for (k = 0; k < rows->n; k++)
		order[k] = k;
	qsort_arg(order, rows->n, sizeof(int), compare_rows_by_player, (void *) rows);
	for (k = 1; k < rows->n; k++)
	{
		const char *differs;

		CHECK_FOR_INTERRUPTS();
		if (DatumGetInt64(rows->ids.values[order[k]]) != DatumGetInt64(rows->ids.values[order[first]]))
		{
			first = k;
			continue;
		}
		differs = state_difference(family, type, rows, order[first], order[k]);
		if (differs)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("player " INT64_FORMAT " has different states on its rows: %s[%d] and %s[%d] differ",
							DatumGetInt64(rows->ids.values[order[k]]), differs, order[first] + 1,
							differs, order[k] + 1),
					 errdetail("A player's state (ratings, matches, last_played, last_period) is its state before the rating period, the same on all its rows.")));
	}
	pfree(order);
}

/*
 * skill.rate_period(family, periods_closed, match_ids, played_at,
 * player_ids, teams, ranks, ratings anyarray, matches, last_played,
 * last_period, options, scores, home): the rows of one rating period of
 * the Glicko families, ordered by played_at and match_id, each row with its
 * player's state (the same on all its rows); one row per player, by id:
 * (player_id, rating, matches, last_played, last_period).
 */
Datum
rate_period(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	ReplayState *state;
	CompositeType type;
	RateRows	rows;
	HeapTupleHeader slot = NULL;
	ReplayPlayer **players;
	const ReplayLifecycle *life;
	TimestampTz first_at,
				last_at;
	uint32		count;
	int64		closed;
	int			i,
				k;

	if (required_arg_null_srf(fcinfo, optional_args(&period_args)))
		return (Datum) 0;
	state = rate_setup(fcinfo, &period_args, "rate_period", &type);
	if (!state->family->uses_period)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("rate_period rates the rating periods of the glicko and glicko2 families, not %s",
						family_prefix(state->family)),
				 errhint("Rate each match of this family with rate_match.")));
	closed = PG_GETARG_INT64(1);
	if (closed < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("periods_closed must not be negative")));
	read_rows(fcinfo, period_arg_names, &period_args, &rows);
	if (rows.n == 0)
		return (Datum) 0;
	check_one_state_per_player(state->family, &type, &rows);
	first_at = row_played_at(&rows, 0);
	last_at = row_played_at(&rows, rows.n - 1);
	life = &state->engine->life;

	/*
	 * A season start inside the period would close it there (the replay
	 * resets everyone before the first match at or after the start).
	 */
	for (k = 0; k < life->n_seasons; k++)
		if (life->season_starts[k] > first_at && life->season_starts[k] <= last_at)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("a season start (%s) falls inside the rating period",
							timestamptz_to_str(life->season_starts[k])),
					 errdetail("A season start closes the rating period it falls in.")));

	/*
	 * Counted periods from the start: every row's period is this one, a
	 * stretch of time of its own (never per match), after periods_closed.
	 */
	state->periods_ended = closed;
	state->engine->period_keys_differ = true;
	for (i = 0; i < rows.n; i++)
	{
		int64		id = DatumGetInt64(rows.ids.values[i]);

		if (!row_is_new(&rows, i) && replay_lookup(state, id) == NULL)
			seed_player(state, &type, &rows, i, row_played_at(&rows, i), true);
	}
	lifecycle_skip_seasons(state, first_at);
	feed_rows(state, &type, &rows, false, first_at);

	players = replay_players_by_id(state, &count);
	for (k = 0; k < (int) count; k++)
		put_player(rsinfo, state, &type, players[k], true, &slot);
	return (Datum) 0;
}
