/*
 * evaluate_sql.c - skill.evaluate: several rating systems replayed over the
 * same rows query and scored on their pre-match predictions, one row per
 * system, in one statement.
 *
 * Each system streams the rows through the engine like a history function
 * (memory grows with players); every two-team match from score_from on,
 * whose players all have at least experienced earlier matches, adds the
 * first team's predicted win chance and outcome to the scores
 * (core/scoring.c, as skill.prediction_score).
 *
 * Functions here share a shape on purpose (read and check their own
 * arguments, call the core, build the result): each reads a different
 * signature, so there is no common argument layout to factor out.
 */
#include "sql/family_args.h"
#include "sql/jsonb_args.h"
#include "sql/rows_query.h"

#include <limits.h>
#include <math.h>

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "core/scoring.h"
#include "families/family.h"

PG_FUNCTION_INFO_V1(evaluate);

typedef struct EvalSettings
{
	Jsonb	   *options;		/* the whole options object (systems' own inside) */
	bool		has_score_from;
	TimestampTz score_from;
	int			experienced;
	int			buckets;
} EvalSettings;

typedef struct EvalSink
{
	const EvalSettings *settings;
	sk_score_state *scores;
} EvalSink;

static void
eval_emit(ReplayState *state, const ReplayResult *r)
{
	EvalSink   *sink = state->emit_arg;
	int			i;

	if (r->n_teams != 2 ||
		(sink->settings->has_score_from && r->played_at < sink->settings->score_from))
		return;
	for (i = 0; i < r->n_players; i++)
		if (r->matches_before[i] < sink->settings->experienced)
			return;
	/* Both are probabilities and outcomes by construction. */
	(void) sk_score_add(sink->scores, replay_expected_score(r, 0), replay_first_team_outcome(r));
}

/* options: score_from, experienced, buckets, and an object per system. */
static void
read_settings(Jsonb *options, EvalSettings *s)
{
	JsonbValue *found;

	memset(s, 0, sizeof(*s));
	s->buckets = 10;
	s->options = options;
	if (options == NULL)
		return;
	check_object(options, "options of evaluate");
	if ((found = object_get(options, "score_from")) != NULL)
	{
		s->has_score_from = true;
		s->score_from = jsonb_timestamptz(found, "option \"score_from\" of evaluate");
	}
	if ((found = object_get(options, "experienced")) != NULL)
		s->experienced = jsonb_whole(found, "option \"experienced\" of evaluate", 0, INT_MAX);
	if ((found = object_get(options, "buckets")) != NULL)
		s->buckets = jsonb_whole(found, "option \"buckets\" of evaluate", 1, SK_SCORE_MAX_BUCKETS);
}

/* The system's own options: options->system, if an object. */
static Jsonb *
system_options(const EvalSettings *s, const char *system)
{
	JsonbValue *found;

	if (s->options == NULL || (found = object_get(s->options, system)) == NULL)
		return NULL;
	if (found->type != jbvBinary || !JsonContainerIsObject(found->val.binary.data))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("options for system \"%s\" of evaluate must be a JSON object", system)));
	return JsonbValueToJsonb(found);
}

static void
put_result(ReturnSetInfo *rsinfo, const char *system, const sk_score_state *scores)
{
	sk_score_result r;
	Datum		values[8];
	bool		nulls[8] = {false};
	double		v[6];
	int			i;

	sk_score_result_of(scores, &r);
	v[0] = r.log_loss;
	v[1] = r.brier;
	v[2] = r.accuracy;
	v[3] = r.ece;
	v[4] = r.slope;
	v[5] = r.intercept;
	values[0] = CStringGetTextDatum(system);
	values[1] = Int64GetDatum(r.n);
	for (i = 0; i < 6; i++)
	{
		values[2 + i] = Float8GetDatum(v[i]);
		nulls[2 + i] = isnan(v[i]);
	}
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
}

/* One system: replayed over the rows in its own memory, then scored. */
static void
evaluate_system(FunctionCallInfo fcinfo, const char *system, text *rows,
				const EvalSettings *settings, MemoryContext cxt)
{
	MemoryContext old = MemoryContextSwitchTo(cxt);
	const ReplayFamily *family = family_arg(cstring_to_text(system));
	CompositeType prior_type;
	ReplayState *state = replay_create(cxt, family);
	EvalSink	sink = {settings, palloc(sizeof(sk_score_state))};

	sk_score_init(sink.scores, settings->buckets);
	state->caller = psprintf("evaluate (%s)", system);
	replay_read_options(state, system_options(settings, system));
	family_rating_type(fcinfo, family, &prior_type);
	state->emit = eval_emit;
	state->emit_arg = &sink;
	rows_query_replay(state, rows, &prior_type);
	MemoryContextSwitchTo(old);
	put_result((ReturnSetInfo *) fcinfo->resultinfo, system, sink.scores);
	MemoryContextReset(cxt);
}

/* skill.evaluate(rows text, systems text[], options jsonb) */
Datum
evaluate(PG_FUNCTION_ARGS)
{
	ArrayType  *systems;
	Datum	   *names;
	bool	   *nulls;
	int			n,
				i;
	EvalSettings settings;
	MemoryContext cxt;

	if (required_arg_null_srf(fcinfo, OPTIONAL_ARG(2)))
		return (Datum) 0;
	systems = PG_GETARG_ARRAYTYPE_P(1);
	read_settings(PG_ARGISNULL(2) ? NULL : PG_GETARG_JSONB_P(2), &settings);
	deconstruct_array(systems, TEXTOID, -1, false, TYPALIGN_INT, &names, &nulls, &n);
	if (n == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("systems must name at least one rating system")));
	for (i = 0; i < n; i++)
		if (nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("systems must not contain NULL elements")));
	if (settings.options != NULL)
	{
		/* the settings, and an object of options per system compared */
		const char **keys = palloc(sizeof(char *) * (n + 3));

		keys[0] = "score_from";
		keys[1] = "experienced";
		keys[2] = "buckets";
		for (i = 0; i < n; i++)
			keys[i + 3] = TextDatumGetCString(names[i]);
		check_known_keys(settings.options, keys, n + 3, "evaluate");
	}
	InitMaterializedSRF(fcinfo, 0);
	cxt = AllocSetContextCreate(CurrentMemoryContext, "skill evaluate", ALLOCSET_DEFAULT_SIZES);
	for (i = 0; i < n; i++)
		evaluate_system(fcinfo, TextDatumGetCString(names[i]), PG_GETARG_TEXT_PP(0), &settings,
						cxt);
	return (Datum) 0;
}
