/*
 * rate_match_sql.c - skill.rate_match: one match, given as arrays of its
 * rows, rated by any family from the state its caller keeps per player.
 *
 * The replay of a whole history keeps more per player than the rating: the
 * matches rated (Elo's K schedules), the time of the last match (idle
 * growth, the Glicko families' calendar growth, season resets) and Elo's
 * highest rating (k_top).  The caller passes that state in, the engine
 * takes each returning player as the replay would have left it after its
 * last match (replay_seed_player), and the match runs through the engine's
 * own step: the result equals the replay of the history up to and
 * including this match, by construction.  Periods are per match, as in the
 * history functions without a period column.
 */
#include "sql/family_args.h"

#include "families/family.h"
#include "families/periods.h"
#include "sql/replay_values.h"

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/timestamp.h"

PG_FUNCTION_INFO_V1(rate_match);

enum
{
	ARG_FAMILY, ARG_MATCH_ID, ARG_PLAYED_AT, ARG_PLAYER_IDS, ARG_TEAMS, ARG_RANKS,
	ARG_RATINGS, ARG_MATCHES, ARG_LAST_PLAYED, ARG_PEAKS, ARG_OPTIONS, ARG_SCORES, ARG_HOME,
	ARG_COUNT
};

static const char *const arg_names[ARG_COUNT] = {
	"family", "match_id", "played_at", "player_ids", "teams", "ranks",
	"ratings", "matches", "last_played", "peaks", "options", "scores", "home"
};

/* An array argument's elements (NULL array: none, *nulls all true). */
typedef struct ArrayArg
{
	Datum	   *values;
	bool	   *nulls;
} ArrayArg;

static void
read_array(FunctionCallInfo fcinfo, int argno, int n, ArrayArg *out)
{
	ArrayType  *array;
	int16		typlen;
	bool		typbyval;
	char		typalign;
	int			count;

	if (PG_ARGISNULL(argno))
	{
		out->values = palloc0(sizeof(Datum) * Max(n, 1));
		out->nulls = palloc(sizeof(bool) * Max(n, 1));
		memset(out->nulls, true, sizeof(bool) * Max(n, 1));
		return;
	}
	array = PG_GETARG_ARRAYTYPE_P(argno);
	check_same_length(arg_names[ARG_PLAYER_IDS], n, arg_names[argno],
					  array_length_1d(array, arg_names[argno]));
	get_typlenbyvalalign(ARR_ELEMTYPE(array), &typlen, &typbyval, &typalign);
	deconstruct_array(array, ARR_ELEMTYPE(array), typlen, typbyval, typalign,
					  &out->values, &out->nulls, &count);
}

static void
element_not_null(const ArrayArg *arg, int argno, int i)
{
	if (arg->nulls[i])
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s[%d] must not be NULL", arg_names[argno], i + 1)));
}

/*
 * The ratings' element type must be the family's rating type, or its base
 * type (ARRAY[] of domain values has that).
 */
static void
check_ratings_type(FunctionCallInfo fcinfo, const ReplayFamily *family, const CompositeType *type)
{
	Oid			given = get_fn_expr_argtype(fcinfo->flinfo, ARG_RATINGS);
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
				 errhint("Use idle_growth \"calendar\" (the default), or replay the history.")));
}

/*
 * skill.rate_match(family, match_id, played_at, player_ids, teams, ranks,
 * ratings anyarray, matches, last_played, peaks, options, scores, home):
 * one row per player, in the order given: (player_id, rating, matches,
 * last_played, peak).
 */
Datum
rate_match(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	const ReplayFamily *family;
	CompositeType type;
	ReplayState *state;
	int64		match_id;
	TimestampTz played_at;
	ArrayType  *ids_array;
	ArrayArg	ids,
				teams,
				ranks,
				ratings,
				matches,
				last_played,
				peaks,
				scores,
				home;
	bool		has_details;
	HeapTupleHeader slot = NULL;
	int			n,
				i;

	if (required_arg_null_srf(fcinfo, OPTIONAL_ARG(ARG_MATCHES) | OPTIONAL_ARG(ARG_LAST_PLAYED) |
							  OPTIONAL_ARG(ARG_PEAKS) | OPTIONAL_ARG(ARG_OPTIONS) |
							  OPTIONAL_ARG(ARG_SCORES) | OPTIONAL_ARG(ARG_HOME)))
		return (Datum) 0;
	family = family_arg(PG_GETARG_TEXT_PP(ARG_FAMILY));
	family_rating_type(fcinfo, family, &type);
	check_ratings_type(fcinfo, family, &type);
	match_id = PG_GETARG_INT64(ARG_MATCH_ID);
	played_at = PG_GETARG_TIMESTAMPTZ(ARG_PLAYED_AT);
	if (TIMESTAMP_NOT_FINITE(played_at))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("played_at must be a finite timestamp")));
	InitMaterializedSRF(fcinfo, 0);

	state = replay_create(CurrentMemoryContext, family);
	state->caller = "rate_match";
	replay_read_options(state, PG_ARGISNULL(ARG_OPTIONS) ? NULL : PG_GETARG_JSONB_P(ARG_OPTIONS));
	check_idle_growth(state);

	ids_array = PG_GETARG_ARRAYTYPE_P(ARG_PLAYER_IDS);
	n = array_length_1d(ids_array, arg_names[ARG_PLAYER_IDS]);
	read_array(fcinfo, ARG_PLAYER_IDS, n, &ids);
	read_array(fcinfo, ARG_TEAMS, n, &teams);
	read_array(fcinfo, ARG_RANKS, n, &ranks);
	read_array(fcinfo, ARG_RATINGS, n, &ratings);
	read_array(fcinfo, ARG_MATCHES, n, &matches);
	read_array(fcinfo, ARG_LAST_PLAYED, n, &last_played);
	read_array(fcinfo, ARG_PEAKS, n, &peaks);
	read_array(fcinfo, ARG_SCORES, n, &scores);
	read_array(fcinfo, ARG_HOME, n, &home);
	has_details = !PG_ARGISNULL(ARG_SCORES) || !PG_ARGISNULL(ARG_HOME);

	/*
	 * Returning players first, as the replay left them after their last
	 * match; a player with no matches is new, rated from its rating as a
	 * prior (NULL: the options' prior), as the replay takes a prior row.
	 */
	for (i = 0; i < n; i++)
	{
		int32		played;
		double		r[REPLAY_MAX_FIELDS] = {0};
		TimestampTz last;
		ReplayPlayer *p;

		element_not_null(&ids, ARG_PLAYER_IDS, i);
		played = matches.nulls[i] ? 0 : DatumGetInt32(matches.values[i]);
		if (played < 0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("matches[%d] must not be negative", i + 1)));
		if (played == 0)
			continue;
		if (ratings.nulls[i] || last_played.nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("%s[%d] must not be NULL for a player with matches",
							ratings.nulls[i] ? "ratings" : "last_played", i + 1),
					 errdetail("Player " INT64_FORMAT " has %d matches rated; its rating goes on from its state after the last.",
							   DatumGetInt64(ids.values[i]), played)));
		last = DatumGetTimestampTz(last_played.values[i]);
		if (!(last < played_at || (last == played_at && !family->uses_period)))
		{
			/* timestamptz_to_str returns a static buffer: one call at a time. */
			char	   *at = pstrdup(timestamptz_to_str(played_at));

			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("match " INT64_FORMAT " (played_at %s) is not after the last match of player " INT64_FORMAT " (played_at %s)",
							match_id, at, DatumGetInt64(ids.values[i]), timestamptz_to_str(last)),
					 family->uses_period && last == played_at
					 ? errdetail("The %s family rates the matches of one played_at together, as one rating period.",
								 family_prefix(family))
					 : errdetail("Matches are rated in the order of played_at."),
					 errhint("Give the match a later played_at, or replay the history.")));
		}
		replay_value_read(family, &type, ratings.values[i], "ratings", r);
		if (family->kind == VALUE_ELO)
		{
			/* Elo keeps its highest rating in its second field (elo.c). */
			r[1] = peaks.nulls[i] ? r[0] : DatumGetFloat8(peaks.values[i]);
			check_finite("peaks", r[1]);
		}
		p = replay_seed_player(state, match_id, DatumGetInt64(ids.values[i]), r, played, last);
		lifecycle_seeded_seasons(state, p, played_at);
	}
	lifecycle_skip_seasons(state, played_at);

	for (i = 0; i < n; i++)
	{
		ReplayDetails details;
		double		prior[REPLAY_MAX_FIELDS] = {0};
		bool		is_new = matches.nulls[i] || DatumGetInt32(matches.values[i]) == 0;

		CHECK_FOR_INTERRUPTS();
		element_not_null(&teams, ARG_TEAMS, i);
		element_not_null(&ranks, ARG_RANKS, i);
		if (is_new && !ratings.nulls[i])
		{
			replay_value_read(family, &type, ratings.values[i], "ratings", prior);
			if (family->kind == VALUE_ELO)
				prior[1] = prior[0];
		}
		replay_details_none(&details);
		if (!scores.nulls[i])
			details.score = DatumGetFloat8(scores.values[i]);
		details.home = !home.nulls[i] && DatumGetBool(home.values[i]);
		replay_add_row(state, match_id, played_at, DatumGetInt64(ids.values[i]),
					   DatumGetInt32(teams.values[i]), DatumGetFloat8(ranks.values[i]),
					   is_new && !ratings.nulls[i] ? prior : NULL,
					   family->uses_period, played_at, has_details ? &details : NULL);
	}
	replay_finish(state);

	for (i = 0; i < n; i++)
	{
		ReplayPlayer *p = replay_lookup(state, DatumGetInt64(ids.values[i]));
		Datum		values[5];
		bool		nulls[5] = {false};

		values[0] = Int64GetDatum(p->id);
		values[1] = replay_value_datum(family, type.desc, p->r, &slot, CurrentMemoryContext);
		values[2] = Int32GetDatum(p->matches);
		values[3] = TimestampTzGetDatum(p->last_played);
		nulls[4] = family->kind != VALUE_ELO;
		values[4] = nulls[4] ? (Datum) 0 : Float8GetDatum(p->r[1]);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}
