/*
 * replay_sql.c - the replay aggregates: one transition function per family,
 * one final function per result type.
 *
 * Arguments of every aggregate, in order:
 *	 match_id bigint, played_at timestamptz, [period timestamptz],
 *	 player_id bigint, team int, rank float8 [, prior [, options jsonb
 *	 [, details skill.match_details]]]
 * The families with rating periods (Glicko-1, Glicko-2) take the period
 * or not: without it each match is its own period, as in their histories
 * over a rows query without a period column, so the same five columns
 * replay every family.
 * The transition functions are not strict: NULL keys are errors, a NULL
 * prior means the family's default rating.
 */
#include "families/family.h"
#include "engine/context_names.h"
#include "sql/replay_values.h"
#include "sql/rows_query.h"
#include "sql/skill.h"

#include "access/htup_details.h"
#include "funcapi.h"
#include "utils/array.h"
#include "utils/lsyscache.h"
#include "utils/typcache.h"

PG_FUNCTION_INFO_V1(replay_final);

static void
key_not_null(FunctionCallInfo fcinfo, int argno, const char *name, const ReplayFamily *family)
{
	if (PG_ARGISNULL(argno))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s of %s must not be NULL", name, family->name),
				 PG_ARGISNULL(1) ? 0 :
				 errdetail("In match " INT64_FORMAT ".", PG_GETARG_INT64(1))));
}

/* Reads the optional prior argument into r (returns NULL for none). */
static const double *
read_prior(FunctionCallInfo fcinfo, int argno, const ReplayFamily *family, double *r)
{
	CompositeType *prior_type = NULL;

	if (PG_NARGS() <= argno || PG_ARGISNULL(argno))
		return NULL;
	if (family->kind != VALUE_ELO)
	{
		CallCache  *cache = call_cache(fcinfo);

		prior_type = family->kind == VALUE_RATING ? &cache->rating : &cache->glicko;
		composite_init_arg(fcinfo, argno, prior_type);
	}
	replay_value_read(family, prior_type, PG_GETARG_DATUM(argno), "prior", r);
	return r;
}

/*
 * Reads the optional details argument, a skill.match_details (score,
 * context, length, home); NULL and NULL fields mean none.  key: the
 * player_id argument (errors name the match and player).
 */
static const ReplayDetails *
read_details(FunctionCallInfo fcinfo, int argno, int key, ReplayState *state,
			 ReplayDetails *details)
{
	/* The type's fields, 1-based, by RowsDetail: in the same order. */
	static const int fields[DETAIL_COUNT] = {1, 2, 3, 4};
	CallCache  *cache;
	HeapTupleData tuple;
	HeapTupleHeader header;
	Datum		v[DETAIL_COUNT];
	bool		n[DETAIL_COUNT];

	if (PG_NARGS() <= argno || PG_ARGISNULL(argno))
		return NULL;
	cache = call_cache(fcinfo);
	composite_init_arg(fcinfo, argno, &cache->details);
	header = PG_GETARG_HEAPTUPLEHEADER(argno);
	tuple.t_len = HeapTupleHeaderGetDatumLength(header);
	tuple.t_data = header;
	heap_deform_tuple(&tuple, cache->details.desc, v, n);
	if (state->engine->context_names == NULL)
		state->engine->context_names = context_names_create(state->mcxt);
	rows_read_details(fields, v, n, state->engine->context_names,
					  PG_ARGISNULL(1) ? 0 : PG_GETARG_INT64(1),
					  PG_ARGISNULL(key) ? 0 : PG_GETARG_INT64(key), details);
	return details;
}

/* has_period: the call passes a period argument after played_at. */
static Datum
replay_step(FunctionCallInfo fcinfo, const ReplayFamily *family, bool has_period)
{
	MemoryContext aggcontext;
	ReplayState *state;
	int			key = has_period ? 4 : 3;	/* index of player_id */
	TimestampTz period;
	int			prior_arg = key + 3;
	int			options_arg = key + 4;
	int			details_arg = key + 5;
	double		prior[REPLAY_MAX_FIELDS];
	ReplayDetails details;

	/*
	 * Only the aggregate machinery hands back a state (SQL cannot make an
	 * internal value), so the context is checked once, on the first row.
	 */
	if (PG_ARGISNULL(0))
	{
		if (!AggCheckCallContext(fcinfo, &aggcontext))
			elog(ERROR, "%s called in non-aggregate context", family->name);
		state = replay_create(aggcontext, family);
	}
	else
		state = (ReplayState *) PG_GETARG_POINTER(0);

	if (!state->engine->options_read)
		replay_read_options(state, PG_NARGS() > options_arg && !PG_ARGISNULL(options_arg)
							? PG_GETARG_JSONB_P(options_arg) : NULL);

	key_not_null(fcinfo, 1, "match_id", family);
	key_not_null(fcinfo, 2, "played_at", family);
	if (has_period)
		key_not_null(fcinfo, 3, "period", family);
	key_not_null(fcinfo, key, "player_id", family);
	key_not_null(fcinfo, key + 1, "team", family);
	key_not_null(fcinfo, key + 2, "rank", family);
	period = has_period ? PG_GETARG_TIMESTAMPTZ(3) : PG_GETARG_TIMESTAMPTZ(2);

	replay_add_row(state, PG_GETARG_INT64(1), PG_GETARG_TIMESTAMPTZ(2),
				   PG_GETARG_INT64(key), PG_GETARG_INT32(key + 1),
				   PG_GETARG_FLOAT8(key + 2),
				   read_prior(fcinfo, prior_arg, family, prior),
				   family->uses_period, family->uses_period ? period : 0,
				   read_details(fcinfo, details_arg, key, state, &details));
	PG_RETURN_POINTER(state);
}

/*
 * One transition function per family, named <prefix>_replay_step, and for
 * a family with rating periods a second, <prefix>_replay_step_per_match,
 * for the forms without a period argument.
 */
#define PER_MATCH_STEP_none(prefix)
#define PER_MATCH_STEP_period(prefix) \
	PG_FUNCTION_INFO_V1(prefix##_replay_step_per_match); \
	Datum prefix##_replay_step_per_match(PG_FUNCTION_ARGS) \
	{ return replay_step(fcinfo, &family_##prefix, false); }
#define FAMILY(prefix, kind, period, has_history, label) \
	PG_FUNCTION_INFO_V1(prefix##_replay_step); \
	Datum prefix##_replay_step(PG_FUNCTION_ARGS) \
	{ return replay_step(fcinfo, &family_##prefix, family_##prefix.uses_period); } \
	PER_MATCH_STEP_##period(prefix)
#include "families/families.def"
#undef FAMILY
#undef PER_MATCH_STEP_none
#undef PER_MATCH_STEP_period

static void
fill_result(PlayersFill *f, uint32 i, Datum *values)
{
	const ReplayState *state = f->replay;
	const ReplayPlayer *p = f->players[i];

	values[0] = Int64GetDatum(p->id);
	values[1] = replay_value_datum(state->family, f->rating, p->r, &f->rating_value,
								   CurrentMemoryContext);
	values[2] = Int32GetDatum(p->matches);
}

/*
 * Rates what is pending and returns every player as an array of
 * (player_id, rating, matches), ordered by player_id.  It finishes the
 * state, so the aggregates are declared FINALFUNC_MODIFY = READ_WRITE.
 */
Datum
replay_final(PG_FUNCTION_ARGS)
{
	ReplayState *state;
	ReplayPlayer **players;
	uint32		n;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	state = (ReplayState *) PG_GETARG_POINTER(0);
	replay_finish(state);
	players = replay_players_by_id(state, &n);
	PG_RETURN_ARRAYTYPE_P(players_array(fcinfo, state->family->kind != VALUE_ELO,
										(void **) players, n, fill_result, state, state->caller));
}
