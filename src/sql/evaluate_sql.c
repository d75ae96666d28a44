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
 * skill.outcome_score, and each against its own outcome, won or drawn,
 * for their calibration slopes), or with both objectives both.
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
 *
 * A system is a family, or a configuration the caller names, whose
 * options give its family under the key "family".  The rows' outside
 * forecast (evaluate_forecast.h) is the system "forecast": scored during
 * the first replay from the same matches, first in the output unless
 * systems places it.  A match without a forecast is scored by no system,
 * so every system still scores the same matches.
 *
 * The whole-history system "ttt" (docs/ttt.md) stands beside the
 * families: its forecasts, each match from the batches before it with
 * the past re-smoothed on a schedule, are made first over the whole rows
 * query, kept per match, and handed out in order by a TrueSkill replay of
 * the same rows that only carries them: so its matches are chosen and
 * scored, the outside forecast included, by the code every family's go
 * through.
 */
#include "sql/evaluate_forecast.h"
#include "sql/family_args.h"
#include "sql/jsonb_args.h"
#include "sql/objective.h"
#include "sql/rows_query.h"
#include "sql/ttt_rows.h"

#include <limits.h>
#include <math.h>

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
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
	bool		binary;			/* objective binary scored (the default) */
	bool		three_way;		/* objective three_way scored */
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
	/* And the win and the draw chances each against its own outcome (calibration). */
	sk_score_state *win_calibration;
	sk_score_state *draw_calibration;
	bool		replayed_only;	/* the replay only finds the forecast's matches */
	ForecastReader *reader;		/* the rows' forecast columns */
	const TttForecasts *ttt;	/* ttt's, in the rows' order; or NULL */
	int			ttt_next;		/* the next match's */
	struct EvalSink *forecast;	/* the forecast's scores, during the first replay */
	int64		dropped;		/* matches left out for a NULL forecast */
} EvalSink;

/* The system name of the outside forecast. */
#define FORECAST_SYSTEM "forecast"

/* The outside forecast over the whole call. */
typedef struct EvalForecast
{
	int			position;		/* in systems; -1: not named */
	bool		present;		/* the rows have a forecast_win column */
	bool		scored;			/* its scores are complete (after the first replay) */
	bool		put;			/* its row is out */
	EvalSink	sink;
} EvalForecast;

/* A system of the call: its name (a family's or the caller's), family and options. */
typedef struct EvalSystem
{
	const char *name;
	const ReplayFamily *family; /* NULL: the forecast; ttt's: its carrier */
	Jsonb	   *options;
	bool		ttt;			/* the whole-history system */
} EvalSystem;

/* The family whose replay carries ttt's forecasts: it reads ttt's columns. */
#define TTT_CARRIER "trueskill"

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

/* ttt's forecasts and the replay that hands them out read different rows. */
pg_noreturn static void
report_ttt_unpaired(const char *system)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("system \"%s\" of evaluate read other matches from the rows query on its second reading",
					system),
			 errhint("Each system reads the rows query anew: it must return the same rows every time.")));
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

/*
 * One match's prediction scored: the expected score p under objective
 * binary, the chances win and draw under three_way (and each against its
 * own outcome, won or drawn, for their calibration), both under both.
 * The comparison with the first system is on the binary loss when it is
 * scored, else on the three-way one.  All are probabilities and outcomes
 * by construction; a match is never left out of the scores without a
 * word, should one not be.
 */
static void
score_match(EvalSink *sink, int64 match_id, double p, double win, double draw, double o)
{
	double		loss = NAN;

	if (sink->settings->three_way)
	{
		if (sk_three_way_add(&sink->three_way, win, draw, o) != SK_OK ||
			sk_score_add(sink->win_calibration, win, o == 1 ? 1 : 0) != SK_OK)
			report_unscored(sink, match_id, win);
		if (sk_score_add(sink->draw_calibration, draw, o == 0.5 ? 1 : 0) != SK_OK)
			report_unscored(sink, match_id, draw);
		loss = sk_three_way_log_loss(win, draw, o);
	}
	if (sink->settings->binary)
	{
		if (sk_score_add(sink->scores, p, o) != SK_OK)
			report_unscored(sink, match_id, p);
		loss = sk_score_log_loss(p, o);
	}
	pair_loss(sink, match_id, loss);
}

/* The forecast's prediction of the match, scored. */
static void
score_forecast(EvalSink *forecast, const ForecastMatch *f, double o)
{
	score_match(forecast, f->match_id, f->win + f->draw / 2, f->win, f->draw, o);
}

static void
eval_emit(ReplayState *state, const ReplayResult *r)
{
	EvalSink   *sink = state->engine->emit_arg;
	/* Taken from every match handed on, so the kept ones stay in step. */
	const ForecastMatch *f = forecast_take(sink->reader, r->match_id);
	double		o,
				win,
				draw,
				p;
	int			ttt = -1;
	int			i;

	if (sink->ttt != NULL)
	{
		ttt = sink->ttt_next++;
		if (ttt >= sink->ttt->n || sink->ttt->match_id[ttt] != r->match_id ||
			sink->ttt->n_teams[ttt] != r->n_teams)
			report_ttt_unpaired(sink->system);
	}
	if (r->n_teams != 2 ||
		(sink->settings->has_score_from && r->played_at < sink->settings->score_from) ||
		(sink->settings->has_score_until && r->played_at >= sink->settings->score_until))
		return;
	for (i = 0; i < r->n_players; i++)
		if (r->matches_before[i] < sink->settings->experienced)
			return;
	if (f != NULL && f->missing)
	{
		sink->dropped++;
		return;
	}
	o = replay_first_team_outcome(r);
	/* The first system records its loss before the others pair with it. */
	if (sink->forecast != NULL && sink->forecast->is_first)
		score_forecast(sink->forecast, f, o);
	if (!sink->replayed_only)
	{
		if (ttt >= 0)
		{
			win = sink->ttt->win[ttt];
			draw = sink->ttt->draw[ttt];
			p = win + draw / 2;
		}
		else
		{
			replay_three_way(r, &win, &draw);
			p = replay_expected_score(r, 0);
		}
		score_match(sink, r->match_id, p, win, draw, o);
	}
	if (sink->forecast != NULL && !sink->forecast->is_first)
		score_forecast(sink->forecast, f, o);
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
	s->binary = true;
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
		jsonb_objectives(found, "evaluate", &s->binary, &s->three_way);
}

/*
 * The system's family and its own options (options->system, if an object):
 * their key "family" names the family of a configuration the caller named,
 * the rest are its options; without it the system is a family's name.
 */
static const ReplayFamily *
system_family(const EvalSettings *s, const char *system, Jsonb **options, bool *ttt)
{
	JsonbValue *found;
	Jsonb	   *own = NULL;

	if (s->options != NULL && (found = object_get(s->options, system)) != NULL)
	{
		if (found->type != jbvBinary || !JsonContainerIsObject(found->val.binary.data))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("options for system \"%s\" of evaluate must be a JSON object", system)));
		own = JsonbValueToJsonb(found);
		if ((found = object_get(own, "family")) != NULL)
		{
			if (found->type != jbvString)
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("option \"family\" of system \"%s\" of evaluate must be a family's name, a string",
								system)));
			*options = DatumGetJsonbP(DirectFunctionCall2(jsonb_delete, JsonbPGetDatum(own),
														  CStringGetTextDatum("family")));
			if ((*ttt = jsonb_string_is(found, "ttt")))
				return family_by_prefix(TTT_CARRIER);
			return family_arg(cstring_to_text_with_len(found->val.string.val,
													   found->val.string.len));
		}
	}
	*options = own;
	if ((*ttt = strcmp(system, "ttt") == 0))
		return family_by_prefix(TTT_CARRIER);
	if (family_by_prefix(system) == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("unknown rating family \"%s\"", system),
				 errhint("A system is a family (see skill.families()), \"ttt\", \"forecast\", or a name whose options give its family: {\"%s\": {\"family\": \"elo\", \"k\": 24}}.",
						 system)));
	return family_arg(cstring_to_text(system));
}

/*
 * The system's row; its difference from the first system NULL for the
 * first.  The binary columns (accuracy, ece, calibration_*) are NULL
 * unless the binary score is asked for, the three-way ones (rps ...
 * draw_calibration_slope) unless the three-way one is; log_loss and brier
 * are the binary ones when it is, else the three-way ones.
 */
static void
put_result(ReturnSetInfo *rsinfo, const EvalSink *sink)
{
	Datum		values[17];
	bool		nulls[17] = {false};
	double		v[15];
	int64		n = 0;
	int			i;

	for (i = 0; i < lengthof(v); i++)
		v[i] = NAN;
	if (sink->settings->three_way)
	{
		sk_three_way_result r;
		sk_score_result win,
					draw;

		sk_three_way_result_of(&sink->three_way, &r);
		sk_score_result_of(sink->win_calibration, &win);
		sk_score_result_of(sink->draw_calibration, &draw);
		n = r.n;
		v[0] = v[11] = r.log_loss;
		v[1] = v[12] = r.brier;
		v[8] = r.rps;
		v[9] = r.draw_rate;
		v[10] = r.predicted_draw_rate;
		v[13] = win.slope;
		v[14] = draw.slope;
	}
	if (sink->settings->binary)
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

static void
init_sink(EvalSink *sink, const EvalSettings *settings, const char *system, FirstLosses *first)
{
	memset(sink, 0, sizeof(*sink));
	sink->settings = settings;
	sink->system = system;
	sink->first = first;
	sink->scores = palloc(sizeof(sk_score_state));
	sk_score_init(sink->scores, settings->buckets);
	sk_three_way_init(&sink->three_way);
	sink->win_calibration = palloc(sizeof(sk_score_state));
	sink->draw_calibration = palloc(sizeof(sk_score_state));
	sk_score_init(sink->win_calibration, settings->buckets);
	sk_score_init(sink->draw_calibration, settings->buckets);
	sk_paired_diff_init(&sink->paired);
}

/* What a replay's rows go through: the forecast's reader, then the engine. */
typedef struct EvalRows
{
	ReplayState *state;
	EvalSink   *sink;
	EvalForecast *forecast;
	bool		first_replay;
} EvalRows;

/*
 * At the first row of the first replay the columns tell whether there is
 * a forecast: then it is scored beside the system, as the first system
 * unless systems names it later.
 */
static void
start_forecast(EvalRows *er)
{
	EvalSink   *sink = er->sink;
	EvalForecast *forecast = er->forecast;

	if (!sink->reader->has_win)
	{
		if (forecast->position >= 0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("system \"" FORECAST_SYSTEM "\" of evaluate needs a forecast_win column in the rows query")));
		return;
	}
	forecast->present = true;
	sink->forecast = &forecast->sink;
	if (forecast->position <= 0)
	{
		forecast->sink.is_first = true;
		sink->is_first = false;
		sink->first->system = FORECAST_SYSTEM;
	}
}

static void
eval_add_row(void *arg, const RowValues *row)
{
	EvalRows   *er = arg;
	ReplayState *state = er->state;
	bool		first_row = !er->sink->reader->seen_row;

	forecast_add_row(er->sink->reader, row);
	if (first_row && er->first_replay)
		start_forecast(er);
	else if (first_row && er->sink->reader->has_win != er->forecast->present)
		elog(ERROR, "evaluate: the rows query's columns changed between replays");
	replay_add_row(state, row->match_id, row->played_at, row->player_id, row->team,
				   row->rank, row->prior, state->family->uses_period, row->period, row->details);
}

/* The forecast's row, once: after the first replay, where systems puts it. */
static void
put_forecast(FunctionCallInfo fcinfo, EvalForecast *forecast)
{
	if (!forecast->scored || forecast->put)
		return;
	put_result((ReturnSetInfo *) fcinfo->resultinfo, &forecast->sink);
	forecast->put = true;
}

/*
 * After the first replay, which scored the forecast if the rows have one:
 * the count of matches left out for want of a forecast, and the forecast's
 * row if it is the first system.
 */
static void
forecast_scored(FunctionCallInfo fcinfo, const EvalSink *sink, EvalForecast *forecast)
{
	forecast->scored = true;
	if (sink->forecast == NULL)
		return;
	if (sink->dropped > 0)
		ereport(NOTICE,
				(errmsg("evaluate left out " INT64_FORMAT " matches without a forecast (a NULL forecast_win or forecast_draw) from every system's scores",
						sink->dropped)));
	if (forecast->sink.is_first)
		put_forecast(fcinfo, forecast);
}

/*
 * One system: replayed over the rows in its own memory, then scored; the
 * first one records its losses into first, the others are paired with it.
 * The first replay scores the forecast too, if the rows have one; system
 * NULL replays only to find the forecast's matches (Elo's defaults: every
 * family finds the same ones).
 */
static void
evaluate_system(FunctionCallInfo fcinfo, const EvalSystem *evaluated, text *rows,
				const EvalSettings *settings, FirstLosses *first, EvalForecast *forecast,
				MemoryContext cxt)
{
	MemoryContext old = MemoryContextSwitchTo(cxt);
	const char *system = evaluated ? evaluated->name : NULL;
	const ReplayFamily *family = evaluated ? evaluated->family : family_by_prefix("elo");
	CompositeType prior_type;
	ReplayState *state = replay_create(cxt, family);
	EvalSink	sink;
	ForecastReader reader;
	EvalRows	er = {state, &sink, forecast, first->system == NULL};
	TttForecasts ttt;
	bool		is_ttt = evaluated != NULL && evaluated->ttt;

	init_sink(&sink, settings, system ? system : FORECAST_SYSTEM, first);
	sink.is_first = er.first_replay;
	sink.replayed_only = system == NULL;
	if (sink.is_first)
		first->system = system;
	forecast_reader_init(&reader, cxt);
	sink.reader = &reader;
	state->caller = psprintf("evaluate (%s)", sink.system);
	if (is_ttt)
	{
		ttt_forecasts(fcinfo, rows, evaluated->options, state->caller, &ttt);
		sink.ttt = &ttt;
	}
	/* the carrier's defaults: its predictions are not scored */
	replay_read_options(state, evaluated && !is_ttt ? evaluated->options : NULL);
	/* Walk-forward refits fit what is scored: the three-way likelihood when it is. */
	state->engine->details.refit_three_way = settings->three_way;
	family_rating_type(fcinfo, family, &prior_type);
	state->engine->emit = eval_emit;
	state->engine->emit_arg = &sink;
	rows_query_run(family, rows, &prior_type, eval_add_row, &er);
	forecast_finish(&reader);
	replay_finish(state);
	if (is_ttt && sink.ttt_next != ttt.n)
		report_ttt_unpaired(sink.system);
	if (!sink.is_first && !sink.replayed_only && sink.scored != first->n)
		report_unpaired(&sink, state->engine->match_id);
	if (settings->three_way && !sink.replayed_only && sink.scored > 0 &&
		sink.three_way.draws == 0 &&
		(is_ttt ? !ttt.draws : state->engine->details.draw_model == DRAW_MODEL_NONE))
		report_no_draws("evaluate", system);
	MemoryContextSwitchTo(old);
	if (er.first_replay)
		forecast_scored(fcinfo, &sink, forecast);
	if (!sink.replayed_only)
		put_result((ReturnSetInfo *) fcinfo->resultinfo, &sink);
	MemoryContextReset(cxt);
}

/*
 * The systems compared, in order: each one's family and options resolved
 * before any replay; the forecast's position, or -1.
 */
static EvalSystem *
read_systems(ArrayType *array, const EvalSettings *settings, int *n, int *forecast_position)
{
	Datum	   *names;
	bool	   *nulls;
	EvalSystem *systems;
	int			i;

	deconstruct_array(array, TEXTOID, -1, false, TYPALIGN_INT, &names, &nulls, n);
	if (*n == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("systems must name at least one rating system")));
	systems = palloc0(sizeof(EvalSystem) * *n);
	*forecast_position = -1;
	for (i = 0; i < *n; i++)
	{
		if (nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("systems must not contain NULL elements")));
		systems[i].name = TextDatumGetCString(names[i]);
		if (strcmp(systems[i].name, FORECAST_SYSTEM) != 0)
			continue;
		if (*forecast_position >= 0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("systems name \"" FORECAST_SYSTEM "\" twice"),
					 errdetail("\"" FORECAST_SYSTEM "\" is the outside forecast of the rows' forecast_win column.")));
		*forecast_position = i;
	}
	if (settings->options != NULL)
	{
		/* the settings, and an object of options per system compared but the forecast */
		static const char *const settings_keys[] = {"score_from", "score_until", "experienced",
		"buckets", "objective"};
		int			n_keys = lengthof(settings_keys);
		const char **keys = palloc(sizeof(char *) * (*n + n_keys));

		memcpy(keys, settings_keys, sizeof(settings_keys));
		for (i = 0; i < *n; i++)
			if (i != *forecast_position)
				keys[n_keys++] = systems[i].name;
		check_known_keys(settings->options, keys, n_keys, "evaluate");
	}
	for (i = 0; i < *n; i++)
		if (i != *forecast_position)
			systems[i].family = system_family(settings, systems[i].name, &systems[i].options,
											  &systems[i].ttt);
	return systems;
}

/* skill.evaluate(rows text, systems text[], options jsonb) */
Datum
evaluate(PG_FUNCTION_ARGS)
{
	EvalSystem *systems;
	int			n,
				i;
	EvalSettings settings;
	FirstLosses first = {NULL, 0, 1024};
	EvalForecast forecast;
	bool		replayed = false;
	MemoryContext cxt;

	if (required_arg_null_srf(fcinfo, OPTIONAL_ARG(2)))
		return (Datum) 0;
	read_settings(PG_ARGISNULL(2) ? NULL : PG_GETARG_JSONB_P(2), &settings);
	memset(&forecast, 0, sizeof(forecast));
	systems = read_systems(PG_GETARG_ARRAYTYPE_P(1), &settings, &n, &forecast.position);
	InitMaterializedSRF(fcinfo, 0);
	cxt = AllocSetContextCreate(CurrentMemoryContext, "skill evaluate", ALLOCSET_DEFAULT_SIZES);
	first.match_id = MemoryContextAllocHuge(CurrentMemoryContext, sizeof(int64) * first.capacity);
	first.loss = MemoryContextAllocHuge(CurrentMemoryContext, sizeof(double) * first.capacity);
	init_sink(&forecast.sink, &settings, FORECAST_SYSTEM, &first);
	for (i = 0; i < n; i++)
	{
		if (i == forecast.position)
			put_forecast(fcinfo, &forecast);
		else
		{
			evaluate_system(fcinfo, &systems[i], PG_GETARG_TEXT_PP(0), &settings, &first,
							&forecast, cxt);
			replayed = true;
		}
	}
	if (!replayed)
		evaluate_system(fcinfo, NULL, PG_GETARG_TEXT_PP(0), &settings, &first, &forecast, cxt);
	/* (only when the rows are empty is it not out yet) */
	if (forecast.position >= 0)
		put_forecast(fcinfo, &forecast);
	return (Datum) 0;
}
