/*
 * fit_sql.c - skill.fit: a rating system's parameters chosen by maximum
 * likelihood on the user's own history.
 *
 * The rows are read once into column arrays (engine/compact.c); every
 * evaluation replays them from memory with the candidate parameters and
 * scores the pre-match win probability of every two-team match by
 * log-loss.  The search is the core's bounded coordinate descent
 * (core/optimize.c).  With train_until, only earlier matches are fitted
 * and the later ones give the held-out score; ratings replay through all.
 *
 * Functions here share a shape on purpose (read and check their own
 * arguments, call the core, build the result): each reads a different
 * signature, so there is no common argument layout to factor out.
 */
#include "sql/family_args.h"
#include "sql/jsonb_args.h"
#include "families/family.h"

#include <limits.h>
#include <math.h>

#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "portability/instr_time.h"
#include "utils/builtins.h"
#include "utils/float.h"
#include "utils/fmgrprotos.h"
#include "utils/jsonb.h"
#include "utils/memutils.h"
#include "utils/numeric.h"

#include "core/optimize.h"
#include "engine/predict_fit.h"

PG_FUNCTION_INFO_V1(fit);

#define FIT_MAX_PARAMS 16

/* Log-loss of one set of predictions. */
typedef struct LogLoss
{
	double		sum;
	int64		n;
} LogLoss;

typedef struct FitSettings
{
	Jsonb	   *family_options;	/* fixed options of the family (may be NULL) */
	bool		has_train_until;
	TimestampTz train_until;
	bool		has_score_from;
	TimestampTz score_from;
	int			experienced;	/* score only players with this many earlier matches */
	int			max_evaluations;
} FitSettings;

typedef struct FitContext
{
	const ReplayFamily *family;
	CompactRows *rows;
	FitSettings settings;
	int			n_params;
	int			index[FIT_MAX_PARAMS];	/* option indexes */
	const char *names[FIT_MAX_PARAMS];
	MemoryContext eval_cxt;
	LogLoss		train;
	LogLoss		held_out;
	int			evaluations;
	/* Prediction-only parameters, fitted on each replay's record. */
	bool		has_predict;
	bool		normal_link;
	PredictParams predict_start;
	PredictParams predict;		/* the best of the last evaluation */
	PredictRecord train_record;
	PredictRecord held_out_record;
} FitContext;

static double
log_loss_term(double p, double o)
{
	p = Min(Max(p, 1e-15), 1 - 1e-15);
	return -(o * log(p) + (1 - o) * log(1 - p));
}

/* Scores each two-team match: the first team's chance against its result. */
static void
fit_emit(ReplayState *state, const ReplayResult *r)
{
	FitContext *fc = state->emit_arg;
	const FitSettings *s = &fc->settings;
	LogLoss    *into;
	int			i;

	if (r->n_teams != 2 || (s->has_score_from && r->played_at < s->score_from))
		return;
	for (i = 0; i < r->n_players; i++)
		if (r->matches_before[i] < s->experienced)
			return;
	into = s->has_train_until && r->played_at >= s->train_until ? &fc->held_out : &fc->train;
	if (fc->has_predict)
	{
		if (!isnan(r->z))
			predict_record_add(into == &fc->train ? &fc->train_record : &fc->held_out_record,
							   r, replay_first_team_outcome(r));
		return;
	}
	into->sum += log_loss_term(r->team_prob[0], replay_first_team_outcome(r));
	into->n++;
}

/*
 * The prediction-only parameters, fitted on the train record by maximum
 * likelihood; both scores from them.
 */
static void
fit_prediction(FitContext *fc)
{
	/* From the last evaluation's best: neighbouring replays' optima are close. */
	if (fc->evaluations == 0)
		fc->predict = fc->predict_start;
	fc->train.sum = predict_fit(&fc->train_record, fc->normal_link, &fc->predict, 20) *
		fc->train_record.n;
	fc->train.n = fc->train_record.n;
	fc->held_out.n = fc->held_out_record.n;
	fc->held_out.sum = fc->held_out.n > 0
		? predict_loss(&fc->held_out_record, fc->normal_link, &fc->predict) * fc->held_out.n : 0;
}

static double
mean_loss(const LogLoss *l)
{
	return l->n > 0 ? l->sum / l->n : get_float8_nan();
}

/* One evaluation: a replay from memory with the parameters x. */
static double
fit_objective(void *arg, const double *x)
{
	FitContext *fc = arg;
	MemoryContext old = MemoryContextSwitchTo(fc->eval_cxt);
	ReplayState *state;
	double		loss;

	CHECK_FOR_INTERRUPTS();
	state = replay_create(fc->eval_cxt, fc->family);
	state->caller = "fit";
	replay_read_options_with(state, fc->settings.family_options, fc->n_params, fc->index, x);
	memset(&fc->train, 0, sizeof(LogLoss));
	memset(&fc->held_out, 0, sizeof(LogLoss));
	fc->train_record.n = fc->held_out_record.n = 0;
	state->emit = fit_emit;
	state->emit_arg = fc;
	state->details.want_context = fc->predict_start.searched[PREDICT_CONTEXT_WEIGHT];
	state->details.want_z = fc->has_predict;
	fc->normal_link = state->details.normal_link;
	compact_replay(state, fc->rows);
	if (fc->has_predict)
		fit_prediction(fc);
	MemoryContextSwitchTo(old);
	MemoryContextReset(fc->eval_cxt);
	fc->evaluations++;
	loss = mean_loss(&fc->train);
	ereport(NOTICE,
			(errmsg("fit evaluation %d: train log-loss %.6f", fc->evaluations, loss)));
	return loss;
}

/* options: train_until, score_from, experienced, max_evaluations, options. */
static void
read_settings(Jsonb *options, FitSettings *s)
{
	static const char *const keys[] = {"train_until", "score_from", "experienced",
	"max_evaluations", "options"};
	JsonbValue *found;

	memset(s, 0, sizeof(*s));
	s->max_evaluations = 60;
	if (options == NULL)
		return;
	check_object(options, "options of fit");
	check_known_keys(options, keys, lengthof(keys), "fit");
	if ((found = object_get(options, "train_until")) != NULL)
	{
		s->has_train_until = true;
		s->train_until = jsonb_timestamptz(found, "option \"train_until\" of fit");
	}
	if ((found = object_get(options, "score_from")) != NULL)
	{
		s->has_score_from = true;
		s->score_from = jsonb_timestamptz(found, "option \"score_from\" of fit");
	}
	if ((found = object_get(options, "experienced")) != NULL)
		s->experienced = jsonb_whole(found, "option \"experienced\" of fit", 0, INT_MAX);
	if ((found = object_get(options, "max_evaluations")) != NULL)
		s->max_evaluations = jsonb_whole(found, "option \"max_evaluations\" of fit", 1, 100000);
	if ((found = object_get(options, "options")) != NULL)
	{
		if (found->type != jbvBinary)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"options\" of fit must be a JSON object of the system's options")));
		s->family_options = JsonbValueToJsonb(found);
		check_object(s->family_options, "option \"options\" of fit");
	}
}

/* A prediction-only parameter is searched by predict_fit, not by replays. */
static bool
predict_param(FitContext *fc, const char *name, double lo, double hi)
{
	int			k;

	for (k = 0; k < PREDICT_PARAMS; k++)
		if (strcmp(name, predict_param_names[k]) == 0)
		{
			fc->predict_start.searched[k] = true;
			fc->predict_start.low[k] = lo;
			fc->predict_start.high[k] = hi;
			fc->has_predict = true;
			return true;
		}
	return false;
}

/* search: {"name": [low, high], ...} over the family's number options. */
static void
read_search(FitContext *fc, Jsonb *search, double *lo, double *hi)
{
	const OptionTable *table = &fc->family->options;
	JsonbIterator *it;
	JsonbValue	v;
	JsonbIteratorToken token;
	double	   *probe = palloc(sizeof(double) * Max(table->count, 1));

	check_object(search, "search");
	options_read(table, fc->settings.family_options, "fit", probe,
				 palloc0(sizeof(TimestampTz *) * Max(table->count, 1)));
	it = JsonbIteratorInit(&search->root);
	while ((token = JsonbIteratorNext(&it, &v, true)) != WJB_DONE)
	{
		char	   *name;
		int			k = fc->n_params,
					idx;

		if (token != WJB_KEY)
			continue;
		name = pnstrdup(v.val.string.val, v.val.string.len);
		idx = options_index(table, name);
		if (idx < 0 || table->specs[idx].kind != OPTION_NUMBER)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s has no number option \"%s\" to search", fc->family->name, name),
					 errhint("Its options are: %s.", options_names(table))));
		if (k == FIT_MAX_PARAMS)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("fit searches at most %d parameters", FIT_MAX_PARAMS)));
		token = JsonbIteratorNext(&it, &v, false);
		if (token != WJB_BEGIN_ARRAY)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("search bounds of \"%s\" must be an array [low, high]", name)));
		if (JsonbIteratorNext(&it, &v, true) != WJB_ELEM)
			goto bad_pair;
		lo[k] = jsonb_number(&v, psprintf("the low bound of \"%s\"", name));
		if (JsonbIteratorNext(&it, &v, true) != WJB_ELEM)
			goto bad_pair;
		hi[k] = jsonb_number(&v, psprintf("the high bound of \"%s\"", name));
		if (JsonbIteratorNext(&it, &v, true) != WJB_END_ARRAY)
			goto bad_pair;
		if (!isfinite(lo[k]) || !isfinite(hi[k]) || lo[k] > hi[k])
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("search bounds of \"%s\" are empty or not finite: [%g, %g]",
							name, lo[k], hi[k])));
		/* Both ends must be values the option takes. */
		probe[idx] = lo[k];
		options_check(table, "fit search", probe);
		probe[idx] = hi[k];
		options_check(table, "fit search", probe);
		if (predict_param(fc, name, lo[k], hi[k]))
			continue;
		fc->index[k] = idx;
		fc->names[k] = name;
		fc->n_params++;
		continue;
bad_pair:
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("search bounds of \"%s\" must be an array of two numbers [low, high]", name)));
	}
	if (fc->n_params == 0 && !fc->has_predict)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("search names no parameter"),
				 errhint("For example '{\"k\": [8, 64]}' for elo.")));
}

static void
append_number(StringInfo buf, double v)
{
	if (isfinite(v))
		appendStringInfoString(buf, float8out_internal(v));
	else
		appendStringInfoString(buf, "null");
}

static void
append_score(StringInfo buf, const char *key, const LogLoss *l)
{
	appendStringInfo(buf, ", \"%s\": {\"n\": " INT64_FORMAT ", \"log_loss\": ", key, l->n);
	append_number(buf, mean_loss(l));
	appendStringInfoChar(buf, '}');
}

static Jsonb *
fit_result(const FitContext *fc, const double *x, double seconds)
{
	StringInfoData buf;
	int			k;

	initStringInfo(&buf);
	appendStringInfo(&buf, "{\"system\": \"%s\", \"parameters\": {",
					 family_prefix(fc->family));
	for (k = 0; k < fc->n_params; k++)
	{
		appendStringInfo(&buf, "%s\"%s\": ", k > 0 ? ", " : "", fc->names[k]);
		append_number(&buf, x[k]);
	}
	for (k = 0; k < PREDICT_PARAMS; k++)
		if (fc->predict.searched[k])
		{
			appendStringInfo(&buf, "%s\"%s\": ", buf.data[buf.len - 1] != '{' ? ", " : "",
							 predict_param_names[k]);
			append_number(&buf, fc->predict.value[k]);
		}
	appendStringInfoChar(&buf, '}');
	append_score(&buf, "train", &fc->train);
	if (fc->settings.has_train_until)
		append_score(&buf, "held_out", &fc->held_out);
	appendStringInfo(&buf, ", \"evaluations\": %d, \"seconds\": ", fc->evaluations);
	append_number(&buf, seconds);
	appendStringInfoChar(&buf, '}');
	return DatumGetJsonbP(DirectFunctionCall1(jsonb_in, CStringGetDatum(buf.data)));
}

/* skill.fit(system text, rows text, search jsonb, options jsonb) -> jsonb */
Datum
fit(PG_FUNCTION_ARGS)
{
	FitContext	fc;
	double		lo[FIT_MAX_PARAMS],
				hi[FIT_MAX_PARAMS],
				x[FIT_MAX_PARAMS];
	double	   *values;
	double		best;
	int			evaluations,
				k;
	sk_minimize_options mo;
	instr_time	start,
				elapsed;

	if (required_arg_null(fcinfo, OPTIONAL_ARG(3)))
		PG_RETURN_NULL();
	memset(&fc, 0, sizeof(fc));
	INSTR_TIME_SET_CURRENT(start);
	fc.family = family_arg(PG_GETARG_TEXT_PP(0));
	read_settings(PG_ARGISNULL(3) ? NULL : PG_GETARG_JSONB_P(3), &fc.settings);
	read_search(&fc, PG_GETARG_JSONB_P(2), lo, hi);

	/* Start from the options in force, moved into the bounds. */
	values = palloc(sizeof(double) * Max(fc.family->options.count, 1));
	options_read(&fc.family->options, fc.settings.family_options, "fit", values,
				 palloc0(sizeof(TimestampTz *) * Max(fc.family->options.count, 1)));
	for (k = 0; k < fc.n_params; k++)
	{
		x[k] = values[fc.index[k]];
		/* A context_* key not given starts from the option it stands in for. */
		if (isnan(x[k]))
			x[k] = values[fc.family->options.specs[fc.index[k]].inherits];
		x[k] = Min(Max(x[k], lo[k]), hi[k]);
	}
	for (k = 0; k < PREDICT_PARAMS; k++)
	{
		double		v = values[options_index(&fc.family->options, predict_param_names[k])];

		fc.predict_start.value[k] = fc.predict_start.searched[k]
			? Min(Max(v, fc.predict_start.low[k]), fc.predict_start.high[k]) : v;
	}

	fc.rows = compact_read_query(fcinfo, fc.family, PG_GETARG_TEXT_PP(1));
	fc.eval_cxt = AllocSetContextCreate(CurrentMemoryContext, "skill fit evaluation",
										ALLOCSET_DEFAULT_SIZES);
	predict_record_init(&fc.train_record, CurrentMemoryContext);
	predict_record_init(&fc.held_out_record, CurrentMemoryContext);
	sk_minimize_default_options(&mo);
	mo.max_evaluations = fc.settings.max_evaluations;
	if (fc.n_params > 0)
		report_core_status(sk_minimize(fc.n_params, x, lo, hi, fit_objective, &fc, &mo,
									   &best, &evaluations), "fit");
	/* Once more at the best point, for its train and held-out scores. */
	fit_objective(&fc, x);
	INSTR_TIME_SET_CURRENT(elapsed);
	INSTR_TIME_SUBTRACT(elapsed, start);
	PG_RETURN_JSONB_P(fit_result(&fc, x, INSTR_TIME_GET_DOUBLE(elapsed)));
}
