/*
 * family_sql.c - the families by name: skill.replay (the in-memory driver
 * over a rows query), skill.replay_options (every family's declared
 * options, from which the README's option tables are made) and
 * skill.families (the registry).
 */
#include "sql/family_args.h"

#include "families/family.h"
#include "sql/replay_values.h"
#include "sql/rows_query.h"
#include "sql/ttt_rows.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/float.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"
#include "utils/datetime.h"
#include "utils/timestamp.h"

PG_FUNCTION_INFO_V1(replay_by_name);
PG_FUNCTION_INFO_V1(replay_options);
PG_FUNCTION_INFO_V1(families);
PG_FUNCTION_INFO_V1(match_predictions);

/* The family named by a SQL prefix ("pl", "elo", ...), or an error. */
const ReplayFamily *
family_arg(text *name)
{
	char	   *prefix = text_to_cstring(name);
	const ReplayFamily *family = family_by_prefix(prefix);

	if (family == NULL)
	{
		StringInfoData names;
		int			n,
					i;
		const ReplayFamily *const *all = family_list(&n);

		initStringInfo(&names);
		for (i = 0; i < n; i++)
			appendStringInfo(&names, "%s%s", i > 0 ? ", " : "", family_prefix(all[i]));
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("unknown rating family \"%s\"", prefix),
				 errhint("Valid families are: %s.", names.data)));
	}
	return family;
}

Oid
extension_type(FunctionCallInfo fcinfo, const char *name)
{
	Oid			nsp = get_func_namespace(fcinfo->flinfo->fn_oid);
	Oid			typid = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid,
										CStringGetDatum(name), ObjectIdGetDatum(nsp));

	if (!OidIsValid(typid))
		elog(ERROR, "type %s not found in the extension's schema", name);
	return typid;
}

/* The SQL type of a family's ratings: float8, skill.rating, skill.glicko. */
static Oid
kind_type(FunctionCallInfo fcinfo, ReplayValueKind kind)
{
	return kind == VALUE_ELO ? FLOAT8OID
		: extension_type(fcinfo, kind == VALUE_RATING ? "rating" : "glicko");
}

static void
append_row(void *arg, const RowValues *row)
{
	compact_append(arg, row->match_id, row->played_at, row->period, row->player_id,
				   row->team, row->rank, row->prior, row->details);
}

void
family_rating_type(FunctionCallInfo fcinfo, const ReplayFamily *family, CompositeType *type)
{
	memset(type, 0, sizeof(*type));
	if (family->kind != VALUE_ELO)
		composite_init(type, kind_type(fcinfo, family->kind), CurrentMemoryContext);
}

CompactRows *
compact_read_query(FunctionCallInfo fcinfo, const ReplayFamily *family, text *query)
{
	CompositeType prior_type;
	CompactRows *rows;

	family_rating_type(fcinfo, family, &prior_type);
	rows = compact_create(CurrentMemoryContext, family->n_fields);
	rows_query_run(family, query, &prior_type, append_row, rows);
	return rows;
}

/*
 * skill.replay(family text, rows text, options jsonb): reads the rows once
 * into column arrays, replays them there, and returns every player as
 * (player_id, rating float8[], matches), ordered by player_id.
 */
Datum
replay_by_name(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	const ReplayFamily *family;
	CompactRows *rows;
	ReplayState *state;
	ReplayPlayer **players;
	uint32		n,
				i;

	if (required_arg_null_srf(fcinfo, OPTIONAL_ARG(2)))
		return (Datum) 0;
	family = family_arg(PG_GETARG_TEXT_PP(0));
	InitMaterializedSRF(fcinfo, 0);

	state = replay_create(CurrentMemoryContext, family);
	state->caller = "replay";
	replay_read_options(state, PG_ARGISNULL(2) ? NULL : PG_GETARG_JSONB_P(2));
	rows = compact_read_query(fcinfo, family, PG_GETARG_TEXT_PP(1));
	compact_replay(state, rows);

	players = replay_players_by_id(state, &n);
	for (i = 0; i < n; i++)
	{
		Datum		values[3];
		bool		nulls[3] = {false};

		CHECK_FOR_INTERRUPTS();
		values[0] = Int64GetDatum(players[i]->id);
		replay_value_check(family, players[i]->r);
		values[1] = PointerGetDatum(float8_array_build(players[i]->r, family->n_fields));
		values[2] = Int32GetDatum(players[i]->matches);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* "> 0", ">= 0 and < 1", "whole number >= 1", "finite", "" (booleans). */
static char *
option_rule(const OptionSpec *spec)
{
	StringInfoData buf;

	initStringInfo(&buf);
	if (spec->kind == OPTION_CHOICE)
		appendStringInfoString(&buf, options_join(spec->choices));
	if (spec->kind == OPTION_COUNT)
		appendStringInfoString(&buf, "whole number >= 1");
	if (spec->low_bound != BOUND_NONE)
		appendStringInfo(&buf, "%s %g", spec->low_bound == BOUND_EXCLUSIVE ? ">" : ">=",
						 spec->low);
	if (spec->high_bound != BOUND_NONE)
		appendStringInfo(&buf, "%s%s %g", buf.len > 0 ? " and " : "",
						 spec->high_bound == BOUND_EXCLUSIVE ? "<" : "<=", spec->high);
	if (buf.len == 0 && spec->kind == OPTION_NUMBER)
		appendStringInfoString(&buf, "finite");
	if (spec->kind == OPTION_INTERVAL)
		appendStringInfoString(&buf, "positive interval");
	return buf.data;
}

/* A timestamp default in UTC, whatever the session's TimeZone (NaN: none). */
static char *
utc_text(double value)
{
	struct pg_tm tm;
	fsec_t		fsec;

	if (isnan(value) || timestamp2tm((Timestamp) value, NULL, &tm, &fsec, NULL, NULL) != 0)
		return "";
	return psprintf("%04d-%02d-%02d %02d:%02d:%02d+00", tm.tm_year, tm.tm_mon, tm.tm_mday,
					tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* An interval default ("30 days"), the same in every IntervalStyle. */
static char *
interval_text(double usecs)
{
	double		days = usecs / USECS_PER_DAY;

	if (days == floor(days))
		return psprintf("%.0f day%s", days, days == 1 ? "" : "s");
	return psprintf("%g seconds", usecs / USECS_PER_SEC);
}

static void
put_options(ReturnSetInfo *rsinfo, const char *family, const OptionTable *options)
{
	int			i;

	for (i = 0; i < options->count; i++)
	{
		const OptionSpec *spec = &options->specs[i];
		Datum		values[6];
		bool		nulls[6] = {false};

		values[0] = CStringGetTextDatum(family);
		values[1] = CStringGetTextDatum(spec->name);
		values[2] = CStringGetTextDatum(spec->kind == OPTION_BOOL ? "boolean" :
										spec->kind == OPTION_COUNT ? "integer" :
										spec->kind == OPTION_TIMES ? "timestamptz[]" :
										spec->kind == OPTION_CHOICE ? "text" :
										spec->kind == OPTION_TIMESTAMP ? "timestamptz" :
										spec->kind == OPTION_INTERVAL ? "interval" : "float8");
		values[3] = CStringGetTextDatum(spec->kind == OPTION_BOOL
										? (spec->default_value != 0 ? "true" : "false")
										: spec->kind == OPTION_TIMES ? "[]"
										: spec->kind == OPTION_CHOICE
										? spec->choices[(int) spec->default_value]
										: spec->kind == OPTION_TIMESTAMP
										? utc_text(spec->default_value)
										: spec->kind == OPTION_INTERVAL
										? interval_text(spec->default_value)
										: float8out_internal(spec->default_value));
		/* None: a timestamp or interval not given, an inherited number. */
		nulls[3] = isnan(spec->default_value) ||
			(spec->kind == OPTION_INTERVAL && spec->default_value == 0);
		values[4] = CStringGetTextDatum(option_rule(spec));
		values[5] = CStringGetTextDatum(spec->help);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
}

/*
 * skill.replay_options(family text DEFAULT NULL): NULL lists every family
 * of the registry, o!TR's otr_replay too.
 */
Datum
replay_options(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	const char *name = PG_ARGISNULL(0) ? NULL : text_to_cstring(PG_GETARG_TEXT_PP(0));
	int			n,
				i;
	const FamilyEntry *all = family_registry(&n);

	/* No such family: family_arg's error, with the valid names. */
	if (name && family_entry(name) == NULL)
		family_arg(PG_GETARG_TEXT_PP(0));
	InitMaterializedSRF(fcinfo, 0);
	for (i = 0; i < n; i++)
		if (name == NULL || strcmp(all[i].prefix, name) == 0)
			put_options(rsinfo, all[i].prefix, family_entry_options(&all[i]));
	return (Datum) 0;
}

/*
 * skill.families(): the registry, one row per family (families.def's
 * lines, then o!TR), so that SQL lists the families from here.
 */
Datum
families(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	int			n,
				i;
	const FamilyEntry *all = family_registry(&n);

	InitMaterializedSRF(fcinfo, 0);
	for (i = 0; i < n; i++)
	{
		Datum		values[6];
		bool		nulls[6] = {false};

		values[0] = CStringGetTextDatum(all[i].prefix);
		values[1] = CStringGetTextDatum(all[i].label);
		values[2] = ObjectIdGetDatum(kind_type(fcinfo, all[i].kind));
		values[3] = BoolGetDatum(all[i].uses_period);
		values[4] = BoolGetDatum(all[i].has_history);
		values[5] = BoolGetDatum(all[i].family != NULL);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* One row per match, for the first team (the lowest team number). */
static void
emit_match(ReplayState *state, const ReplayResult *r)
{
	ReturnSetInfo *rsinfo = state->engine->emit_arg;
	Datum		values[9];
	bool		nulls[9] = {false};
	int32		least = PG_INT32_MAX;
	int			i;

	for (i = 0; i < r->n_players; i++)
		least = Min(least, r->matches_before[i]);
	values[0] = Int64GetDatum(r->match_id);
	values[1] = TimestampTzGetDatum(r->played_at);
	values[2] = Int32GetDatum(r->n_teams);
	values[3] = Int32GetDatum(r->team_label[0]);
	values[4] = Float8GetDatum(r->team_prob[0]);
	values[5] = Float8GetDatum(r->draw_prob);
	nulls[5] = isnan(r->draw_prob);
	values[6] = Float8GetDatum(replay_first_team_outcome(r));
	values[7] = Int32GetDatum(least);
	values[8] = Float8GetDatum(replay_expected_score(r, 0));
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
}

/* skill.match_predictions(system text, rows text, options jsonb) */
Datum
match_predictions(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	const ReplayFamily *family;
	CompositeType prior_type;
	ReplayState *state;

	if (required_arg_null_srf(fcinfo, OPTIONAL_ARG(2)))
		return (Datum) 0;
	/* the whole-history system stands beside the families (docs/ttt.md) */
	if (strcmp(text_to_cstring(PG_GETARG_TEXT_PP(0)), "ttt") == 0)
	{
		ttt_match_predictions(fcinfo);
		return (Datum) 0;
	}
	family = family_arg(PG_GETARG_TEXT_PP(0));
	InitMaterializedSRF(fcinfo, 0);
	family_rating_type(fcinfo, family, &prior_type);
	state = replay_create(rsinfo->econtext->ecxt_per_query_memory, family);
	state->caller = "match_predictions";
	replay_read_options(state, PG_ARGISNULL(2) ? NULL : PG_GETARG_JSONB_P(2));
	state->engine->emit = emit_match;
	state->engine->emit_arg = rsinfo;
	rows_query_replay(state, PG_GETARG_TEXT_PP(1), &prior_type);
	return (Datum) 0;
}
