/*
 * evaluate_sql.c - skill.evaluate: several rating systems replayed over the
 * same rows query and scored on their pre-match predictions, one row per
 * system, in one statement.
 *
 * Each system streams the rows through the engine like a history function
 * (memory grows with players); every two-team match from score_from on
 * and before score_until, whose players all have at least experienced
 * earlier matches, adds the
 * first team's predicted win chance and outcome to the scores
 * (core/scoring.c, as skill.prediction_score), or with objective
 * three_way its chances of a win and a draw (core/three_way.c, as
 * skill.outcome_score).
 *
 * The systems after the first are compared with it match by match: the
 * mean of the per-match log-loss differences (on the objective) and its paired standard
 * error (core/paired.h).  The systems run one after another, each reading
 * the rows query anew, so the first keeps its loss on every scored match,
 * with the match's id to check the pairing: 16 bytes per scored match,
 * for the whole call.  (Running the systems in lockstep would need the
 * rows in memory instead, more per match.)  The scored matches depend
 * only on the rows, not on the system, so every system scores the same
 * ones unless the rows query returns other rows when it runs again, which
 * is an error.
 */
#include "sql/family_args.h"
#include "sql/jsonb_args.h"
#include "sql/objective.h"
#include "sql/rows_query.h"

#include <limits.h>
#include <math.h>

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "core/paired.h"
#include "core/scoring.h"
#include "core/three_way.h"
#include "families/family.h"

PG_FUNCTION_INFO_V1(evaluate);

typedef struct EvalSettings
{
	Jsonb	   *options;		/* the whole options object (systems' own inside) */
	bool		has_score_from;
	TimestampTz score_from;
	bool		has_score_until;
	TimestampTz score_until;
	int			experienced;
	int			buckets;
	bool		three_way;		/* objective three_way */
} EvalSettings;

/* The first system's loss on each match it scored, in replay order. */
typedef struct FirstLosses
{
	const char *system;
	int64		n;
	int64		capacity;
	int64	   *match_id;
	double	   *loss;
} FirstLosses;

typedef struct EvalSink
{
	const EvalSettings *settings;
	const char *system;
	sk_score_state *scores;
	FirstLosses *first;
	bool		is_first;		/* recording into first, else paired with it */
	int64		scored;			/* matches scored so far */
	sk_paired_diff paired;		/* the first's loss and this one's, per match */
	sk_three_way_state three_way;	/* with objective three_way */
} EvalSink;

pg_noreturn static void
report_unpaired(const EvalSink *sink, int64 match_id)
{
	const FirstLosses *first = sink->first;

	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("systems \"%s\" and \"%s\" of evaluate scored different matches",
					first->system, sink->system),
			 sink->scored < first->n
			 ? errdetail("Match " INT64_FORMAT " of \"%s\" was match " INT64_FORMAT " of \"%s\".",
						 sink->scored + 1, sink->system, first->match_id[sink->scored],
						 first->system)
			 : errdetail("\"%s\" scored " INT64_FORMAT " matches, \"%s\" " INT64_FORMAT " (last match id " INT64_FORMAT ").",
						 first->system, first->n, sink->system, sink->scored, match_id),
			 errhint("Each system reads the rows query anew: it must return the same rows every time.")));
}

pg_noreturn static void
report_unscored(const EvalSink *sink, int64 match_id, double p)
{
	ereport(ERROR,
			(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("system \"%s\" of evaluate predicted %g for match " INT64_FORMAT ", not a probability",
					sink->system, p, match_id)));
}

/* One scored match's loss: kept (the first system) or paired with the first's. */
static void
pair_loss(EvalSink *sink, int64 match_id, double loss)
{
	FirstLosses *first = sink->first;

	if (sink->is_first)
	{
		if (first->n == first->capacity)
		{
			first->capacity = Max(1024, 2 * first->capacity);
			first->match_id = repalloc_huge(first->match_id, sizeof(int64) * first->capacity);
			first->loss = repalloc_huge(first->loss, sizeof(double) * first->capacity);
		}
		first->match_id[first->n] = match_id;
		first->loss[first->n++] = loss;
	}
	else
	{
		if (sink->scored >= first->n || first->match_id[sink->scored] != match_id)
			report_unpaired(sink, match_id);
		sk_paired_diff_add(&sink->paired, first->loss[sink->scored], loss);
	}
	sink->scored++;
}

static void
eval_emit(ReplayState *state, const ReplayResult *r)
{
	EvalSink   *sink = state->engine->emit_arg;
	double		p = replay_expected_score(r, 0),
				o,
				win,
				draw;
	int			i;

	if (r->n_teams != 2 ||
		(sink->settings->has_score_from && r->played_at < sink->settings->score_from) ||
		(sink->settings->has_score_until && r->played_at >= sink->settings->score_until))
		return;
	for (i = 0; i < r->n_players; i++)
		if (r->matches_before[i] < sink->settings->experienced)
			return;
	/*
	 * Both are probabilities and outcomes by construction; a match is never
	 * left out of the scores without a word, should one not be.
	 */
	o = replay_first_team_outcome(r);
	if (!sink->settings->three_way)
	{
		if (sk_score_add(sink->scores, p, o) != SK_OK)
			report_unscored(sink, r->match_id, p);
		pair_loss(sink, r->match_id, sk_score_log_loss(p, o));
		return;
	}
	replay_three_way(r, &win, &draw);
	if (sk_three_way_add(&sink->three_way, win, draw, o) != SK_OK)
		report_unscored(sink, r->match_id, win);
	pair_loss(sink, r->match_id, sk_three_way_log_loss(win, draw, o));
}

/*
 * options: score_from, score_until, experienced, buckets, objective, and an
 * object per system.
 */
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
	if ((found = object_get(options, "score_until")) != NULL)
	{
		s->has_score_until = true;
		s->score_until = jsonb_timestamptz(found, "option \"score_until\" of evaluate");
		/* An empty window would score nothing, as a typo would. */
		if (s->has_score_from && s->score_until <= s->score_from)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"score_until\" of evaluate must be after \"score_from\"")));
	}
	if ((found = object_get(options, "experienced")) != NULL)
		s->experienced = jsonb_whole(found, "option \"experienced\" of evaluate", 0, INT_MAX);
	if ((found = object_get(options, "buckets")) != NULL)
		s->buckets = jsonb_whole(found, "option \"buckets\" of evaluate", 1, SK_SCORE_MAX_BUCKETS);
	if ((found = object_get(options, "objective")) != NULL)
		s->three_way = jsonb_objective(found, "evaluate");
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

/*
 * The system's row; its difference from the first system NULL for the
 * first.  Under objective binary the three-way columns are NULL; under
 * three_way log_loss and brier are the three-way ones and the binary
 * columns NULL.
 */
static void
put_result(ReturnSetInfo *rsinfo, const EvalSink *sink)
{
	Datum		values[13];
	bool		nulls[13] = {false};
	double		v[11];
	int64		n;
	int			i;

	for (i = 0; i < lengthof(v); i++)
		v[i] = NAN;
	if (sink->settings->three_way)
	{
		sk_three_way_result r;

		sk_three_way_result_of(&sink->three_way, &r);
		n = r.n;
		v[0] = r.log_loss;
		v[1] = r.brier;
		v[8] = r.rps;
		v[9] = r.draw_rate;
		v[10] = r.predicted_draw_rate;
	}
	else
	{
		sk_score_result r;

		sk_score_result_of(sink->scores, &r);
		n = r.n;
		v[0] = r.log_loss;
		v[1] = r.brier;
		v[2] = r.accuracy;
		v[3] = r.ece;
		v[4] = r.slope;
		v[5] = r.intercept;
	}
	v[6] = sink->is_first ? NAN : sk_paired_diff_mean(&sink->paired);
	v[7] = sink->is_first ? NAN : sk_paired_diff_se(&sink->paired);
	values[0] = CStringGetTextDatum(sink->system);
	values[1] = Int64GetDatum(n);
	for (i = 0; i < lengthof(v); i++)
	{
		values[2 + i] = Float8GetDatum(v[i]);
		nulls[2 + i] = isnan(v[i]);
	}
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
}

/*
 * One system: replayed over the rows in its own memory, then scored; the
 * first one records its losses into first, the others are paired with it.
 */
static void
evaluate_system(FunctionCallInfo fcinfo, const char *system, text *rows,
				const EvalSettings *settings, FirstLosses *first, MemoryContext cxt)
{
	MemoryContext old = MemoryContextSwitchTo(cxt);
	const ReplayFamily *family = family_arg(cstring_to_text(system));
	CompositeType prior_type;
	ReplayState *state = replay_create(cxt, family);
	EvalSink	sink = {settings, system, palloc(sizeof(sk_score_state)), first,
	first->system == NULL};

	sk_score_init(sink.scores, settings->buckets);
	sk_three_way_init(&sink.three_way);
	sk_paired_diff_init(&sink.paired);
	if (sink.is_first)
		first->system = system;
	state->caller = psprintf("evaluate (%s)", system);
	replay_read_options(state, system_options(settings, system));
	family_rating_type(fcinfo, family, &prior_type);
	state->engine->emit = eval_emit;
	state->engine->emit_arg = &sink;
	rows_query_replay(state, rows, &prior_type);
	if (!sink.is_first && sink.scored != first->n)
		report_unpaired(&sink, state->engine->match_id);
	if (settings->three_way && sink.scored > 0 && sink.three_way.draws == 0 &&
		state->engine->details.draw_model == DRAW_MODEL_NONE)
		report_no_draws("evaluate", system);
	MemoryContextSwitchTo(old);
	put_result((ReturnSetInfo *) fcinfo->resultinfo, &sink);
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
	FirstLosses first = {NULL, 0, 1024};
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
		static const char *const settings_keys[] = {"score_from", "score_until", "experienced",
		"buckets", "objective"};
		int			n_settings = lengthof(settings_keys);
		const char **keys = palloc(sizeof(char *) * (n + n_settings));

		memcpy(keys, settings_keys, sizeof(settings_keys));
		for (i = 0; i < n; i++)
			keys[i + n_settings] = TextDatumGetCString(names[i]);
		check_known_keys(settings.options, keys, n + n_settings, "evaluate");
	}
	InitMaterializedSRF(fcinfo, 0);
	cxt = AllocSetContextCreate(CurrentMemoryContext, "skill evaluate", ALLOCSET_DEFAULT_SIZES);
	first.match_id = MemoryContextAllocHuge(CurrentMemoryContext, sizeof(int64) * first.capacity);
	first.loss = MemoryContextAllocHuge(CurrentMemoryContext, sizeof(double) * first.capacity);
	for (i = 0; i < n; i++)
		evaluate_system(fcinfo, TextDatumGetCString(names[i]), PG_GETARG_TEXT_PP(0), &settings,
						&first, cxt);
	return (Datum) 0;
}
