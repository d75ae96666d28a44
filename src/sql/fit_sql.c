/*
 * fit_sql.c - skill.fit: a rating system's parameters chosen by maximum
 * likelihood on the user's own history.
 *
 * The rows are read once into column arrays (engine/compact.c); every
 * evaluation replays them from memory with candidate parameters and
 * scores the pre-match win probability of every two-team match by
 * log-loss (fit_objective.c).  The search is the core's projected BFGS
 * with difference gradients (core/quasi_newton.h); the prediction-only
 * parameters are fitted on each replay's record jointly with it.  With
 * objective three_way, each match is scored by the chance of what
 * happened (a win, a draw or a loss), and the draw keys join the
 * prediction-only parameters.  At the
 * optimum, the observed information gives standard errors
 * (fit_information.c).  With train_until, only earlier matches are
 * fitted and the later ones (up to held_out_until) give the held-out
 * score, compared match by match with the start's; ratings replay through
 * all.
 */
#include "sql/fit.h"
#include "sql/family_args.h"
#include "sql/jsonb_args.h"
#include "sql/objective.h"
#include "families/family.h"

#include <limits.h>
#include <math.h>

#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/float.h"
#include "utils/fmgrprotos.h"
#include "utils/jsonb.h"
#include "utils/memutils.h"

#include "core/paired.h"

PG_FUNCTION_INFO_V1(fit);

/* The largest search bound. */
#define FIT_MAX_BOUND 1e15

/*
 * options: train_until, held_out_until, score_from, experienced,
 * max_evaluations, max_seconds, progress, method, objective, options, starts.
 */
static void
read_settings(Jsonb *options, FitSettings *s)
{
	static const char *const keys[] = {"train_until", "held_out_until", "score_from",
	"experienced", "max_evaluations", "max_seconds", "progress", "method", "objective", "options",
	"starts"};
	JsonbValue *found;

	memset(s, 0, sizeof(*s));
	s->max_evaluations = 0;		/* the default, set by the parameters searched */
	s->starts = 1;
	s->progress_level = DEBUG1;
	if (options == NULL)
		return;
	check_object(options, "options of fit");
	check_known_keys(options, keys, lengthof(keys), "fit");
	if ((found = object_get(options, "train_until")) != NULL)
	{
		s->has_train_until = true;
		s->train_until = jsonb_timestamptz(found, "option \"train_until\" of fit");
	}
	if ((found = object_get(options, "held_out_until")) != NULL)
	{
		s->has_held_out_until = true;
		s->held_out_until = jsonb_timestamptz(found, "option \"held_out_until\" of fit");
		/* It ends the window train_until opens; an empty one would score nothing. */
		if (!s->has_train_until)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"held_out_until\" of fit needs \"train_until\""),
					 errhint("The held-out matches run from \"train_until\" up to before \"held_out_until\".")));
		if (s->held_out_until <= s->train_until)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"held_out_until\" of fit must be after \"train_until\"")));
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
	if ((found = object_get(options, "starts")) != NULL)
		s->starts = jsonb_whole(found, "option \"starts\" of fit", 1, FIT_MAX_STARTS);
	if ((found = object_get(options, "max_seconds")) != NULL)
	{
		s->max_seconds = jsonb_number(found, "option \"max_seconds\" of fit");
		if (!(s->max_seconds > 0) || !isfinite(s->max_seconds))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"max_seconds\" of fit must be a positive number of seconds")));
	}
	if ((found = object_get(options, "progress")) != NULL)
	{
		if (found->type != jbvBool)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"progress\" of fit must be true or false")));
		s->progress_level = found->val.boolean ? NOTICE : DEBUG1;
	}
	if ((found = object_get(options, "method")) != NULL)
	{
		if (found->type != jbvString ||
			(!(s->coordinate = jsonb_string_is(found, "coordinate")) &&
			 !jsonb_string_is(found, "quasi_newton")))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"method\" of fit must be \"quasi_newton\" or \"coordinate\"")));
	}
	if (s->coordinate && s->starts > 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"starts\" of fit needs \"method\": \"quasi_newton\"")));
	if ((found = object_get(options, "objective")) != NULL)
		s->three_way = jsonb_objective(found, "fit");
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

/* A walk-forward refit would fit on what it scores: evaluate does that, after fit. */
static void
refuse_refits(const FitSettings *s)
{
	static const char *const refits[] = {"refit_every", "refit_window"};
	int			k;

	for (k = 0; k < lengthof(refits); k++)
		if (s->family_options && object_get(s->family_options, refits[k]) != NULL)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"%s\" does not apply inside fit", refits[k]),
					 errdetail("A walk-forward refit of predict_scale would be fitted on the matches it scores."),
					 errhint("Fit the static parameters with skill.fit, then score them walk-forward with skill.evaluate and {\"%s\": ...} in the system's options.",
							 refits[k])));
}

/* A prediction-only parameter is searched by predict_fit, not by replays. */
static bool
predict_param(FitContext *fc, int index, double lo, double hi)
{
	int			k;

	for (k = 0; k < PREDICT_PARAMS; k++)
		if (index == predict_param_index(fc->family, k))
		{
			fc->predict_start.searched[k] = true;
			fc->predict_start.low[k] = lo;
			fc->predict_start.high[k] = hi;
			fc->has_predict = true;
			return true;
		}
	return false;
}

/* Reads [low, high] of the search key name, the iterator just past the key. */
static void
read_bounds(JsonbIterator **it, const char *name, double *lo, double *hi)
{
	JsonbValue	v;

	if (JsonbIteratorNext(it, &v, false) != WJB_BEGIN_ARRAY)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("search bounds of \"%s\" must be an array [low, high]", name)));
	if (JsonbIteratorNext(it, &v, true) != WJB_ELEM)
		goto bad_pair;
	*lo = jsonb_number(&v, psprintf("the low bound of \"%s\"", name));
	if (JsonbIteratorNext(it, &v, true) != WJB_ELEM)
		goto bad_pair;
	*hi = jsonb_number(&v, psprintf("the high bound of \"%s\"", name));
	if (JsonbIteratorNext(it, &v, true) != WJB_END_ARRAY)
		goto bad_pair;
	if (!isfinite(*lo) || !isfinite(*hi) || *lo > *hi)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("search bounds of \"%s\" are empty or not finite: [%g, %g]",
						name, *lo, *hi)));
	/* Beyond it no option means anything, and a result's number would print in 300 digits. */
	if (fabs(*lo) > FIT_MAX_BOUND || fabs(*hi) > FIT_MAX_BOUND)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("search bounds of \"%s\" must lie within [-%g, %g]: [%g, %g]",
						name, FIT_MAX_BOUND, FIT_MAX_BOUND, *lo, *hi)));
	return;
bad_pair:
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("search bounds of \"%s\" must be an array of two numbers [low, high]", name)));
}

void
fit_read_search(FitContext *fc, Jsonb *search, const FitSearchKeys *keys)
{
	JsonbIterator *it;
	JsonbValue	v;
	JsonbIteratorToken token;

	check_object(search, "search");
	it = JsonbIteratorInit(&search->root);
	while ((token = JsonbIteratorNext(&it, &v, true)) != WJB_DONE)
	{
		char	   *name;
		double		lo,
					hi;
		int			idx;

		if (token != WJB_KEY)
			continue;
		name = pnstrdup(v.val.string.val, v.val.string.len);
		idx = keys->index(fc, name, keys->arg);
		if (fc->n_params == FIT_MAX_PARAMS)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("fit searches at most %d parameters", FIT_MAX_PARAMS)));
		read_bounds(&it, name, &lo, &hi);
		if (!keys->accept(fc, idx, name, lo, hi, keys->arg))
			continue;
		fc->index[fc->n_params] = idx;
		fc->names[fc->n_params] = name;
		fc->lo[fc->n_params] = lo;
		fc->hi[fc->n_params] = hi;
		fc->n_params++;
	}
	if (fc->n_params == 0 && !fc->has_predict)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("search names no parameter"),
				 errhint("For example %s.", keys->example)));
}

/*
 * A family's search runs over its number options; low[] and high[]
 * receive each option's range over the search (its value where it is not
 * searched), for the dead-parameter checks.
 */
typedef struct FamilySearch
{
	double	   *low;
	double	   *high;
	int		   *searched_index;
	int			n_searched;
} FamilySearch;

static int
family_search_index(const FitContext *fc, const char *name, void *arg)
{
	const OptionTable *table = &fc->family->options;
	int			idx = options_index(table, name);

	if (idx < 0 || table->specs[idx].kind != OPTION_NUMBER)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s has no number option \"%s\" to search", fc->family->name, name),
				 errhint("Its options are: %s.", options_names(table))));
	return idx;
}

static bool
family_search_accept(FitContext *fc, int idx, const char *name, double lo, double hi, void *arg)
{
	const OptionTable *table = &fc->family->options;
	FamilySearch *fs = arg;

	/* Both ends must be values the option takes. */
	fs->low[idx] = lo;
	options_check(table, "fit search", fs->low);
	fs->low[idx] = hi;
	options_check(table, "fit search", fs->low);
	fs->low[idx] = lo;
	fs->high[idx] = hi;
	fs->searched_index[fs->n_searched++] = idx;
	return !predict_param(fc, idx, lo, hi);
}

/* Which match details the rows carry at all. */
typedef struct RowsHave
{
	bool		score;
	bool		context;
	bool		length;
	bool		home;
} RowsHave;

static RowsHave
rows_have(const CompactRows *rows)
{
	RowsHave	have = {false, false, false, false};
	int64		i;

	for (i = 0; rows->details && i < rows->count; i++)
	{
		const ReplayDetails *d = &rows->details[i];

		have.score |= !isnan(d->score);
		have.context |= d->context >= 0;
		have.length |= !isnan(d->length);
		have.home |= d->home;
	}
	return have;
}

/*
 * Why the shared option at index can have no effect, or NULL: the match
 * details' rows (from details_at) and the family's context_* rows after
 * them.
 */
static const char *
dead_detail(const ReplayFamily *family, int index, const double *value, const RowsHave *have)
{
	int			detail = index - family->details_at;
	int			outcome = (int) value[family->details_at + DETAIL_OUTCOME];
	ReplayDrawModel draw_model = (ReplayDrawModel) value[family->details_at + DETAIL_DRAW_MODEL];

	if (index < family->details_at || index >= family->season_at)
		return NULL;
	if ((detail == DETAIL_OUTCOME_W || detail == DETAIL_OUTCOME_K) && outcome != OUTCOME_SHARE)
		return "it shapes the share outcome, and option \"outcome\" is not \"share\"";
	if (detail == DETAIL_OUTCOME_SCALE && outcome != OUTCOME_DIFFERENCE)
		return "it shapes the difference outcome, and option \"outcome\" is not \"difference\"";
	if ((detail == DETAIL_CONTEXT_WEIGHT || detail >= DETAIL_OPTION_COUNT) && !have->context)
		return "no row has a context";
	if (detail == DETAIL_LENGTH_EXPONENT && !have->length)
		return "no row has a length";
	if (detail == DETAIL_HOME_ADVANTAGE && !have->home)
		return "no row plays at home";
	return details_unused_draw_key(detail, draw_model);
}

/* Whether option index is a draw key: a parameter of the three-way prediction only. */
static bool
is_draw_key(const ReplayFamily *family, int index)
{
	int			detail = index - family->details_at;

	return detail == DETAIL_DRAW_MARGIN || detail == DETAIL_DRAW_NU ||
		detail == DETAIL_DRAW_RATE_SLOPE;
}

/*
 * A searched parameter that cannot change the objective is an error before
 * the search: a flat direction only wastes the budget and reads as fitted.
 */
static void
refuse_dead(FitContext *fc, const double *low, const double *high, const int *searched_index,
			int n_searched)
{
	const OptionTable *table = &fc->family->options;
	RowsHave	have = rows_have(fc->rows);
	int			k;

	for (k = 0; k < n_searched; k++)
	{
		int			idx = searched_index[k];
		const char *name = table->specs[idx].name;
		const char *why = dead_detail(fc->family, idx, low, &have);

		if (why == NULL && fc->family->dead_option)
			why = fc->family->dead_option(idx, low, high);
		if (why)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("searched parameter \"%s\" has no effect: %s", name, why),
					 errhint("Remove it from the search, or set the options that make it count.")));
		if (!fc->settings.three_way && is_draw_key(fc->family, idx))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("searched parameter \"%s\" needs objective \"three_way\"", name),
					 errdetail("The binary objective scores the expected score (win + draw/2), not the chance of a draw: there a draw key only bends the expected score, as predict_scale does, and a fit of it says nothing about draws."),
					 errhint("Add \"objective\": \"three_way\" to the options of fit.")));
	}
}

/* The start: the options in force, moved into the bounds. */
static void
start_point(FitContext *fc, const double *values, double *x)
{
	int			k;

	for (k = 0; k < fc->n_params; k++)
	{
		x[k] = values[fc->index[k]];
		/* A context_* key not given starts from the option it stands in for. */
		if (isnan(x[k]))
			x[k] = values[fc->family->options.specs[fc->index[k]].inherits];
		x[k] = Min(Max(x[k], fc->lo[k]), fc->hi[k]);
	}
	for (k = 0; k < PREDICT_PARAMS; k++)
	{
		double		v = values[predict_param_index(fc->family, k)];

		fc->predict_start.value[k] = fc->predict_start.searched[k]
			? Min(Max(v, fc->predict_start.low[k]), fc->predict_start.high[k]) : v;
	}
}

void
fit_append_number(StringInfo buf, double v)
{
	if (isfinite(v))
		appendStringInfoString(buf, float8out_internal(v));
	else
		appendStringInfoString(buf, "null");
}

/* The held-out score, with the paired difference from the start's match by match. */
static void
append_held_out(StringInfo buf, const FitContext *fc, const HeldOutLosses *start,
				const HeldOutLosses *fitted)
{
	sk_paired_diff diff;
	int64		i;

	appendStringInfo(buf, ", \"held_out\": {\"n\": " INT64_FORMAT ", \"log_loss\": ",
					 fc->held_out.n);
	fit_append_number(buf, mean_loss(&fc->held_out));
	sk_paired_diff_init(&diff);
	if (start->n == fitted->n)
		for (i = 0; i < start->n; i++)
			sk_paired_diff_add(&diff, start->loss[i], fitted->loss[i]);
	appendStringInfoString(buf, ", \"start_log_loss\": ");
	fit_append_number(buf, start->n > 0 ? sk_paired_diff_mean_a(&diff) : NAN);
	appendStringInfoString(buf, ", \"log_loss_diff\": ");
	fit_append_number(buf, sk_paired_diff_mean(&diff));
	appendStringInfoString(buf, ", \"log_loss_diff_se\": ");
	fit_append_number(buf, sk_paired_diff_se(&diff));
	appendStringInfoChar(buf, '}');
}

typedef struct FitOutcome
{
	FitSearch  *search;
	const double *x;
	const HeldOutLosses *start_losses;
	const HeldOutLosses *fitted_losses;
} FitOutcome;

void
fit_append_parameters(StringInfo buf, const FitContext *fc, const double *x,
					  const PredictParams *p, bool on_bound_only)
{
	bool		first = true;
	int			k;

	for (k = 0; k < fc->n_params; k++)
		if (!on_bound_only || fit_on_bound(x[k], fc->lo[k], fc->hi[k]))
		{
			appendStringInfo(buf, "%s\"%s\"", first ? "" : ", ", fc->names[k]);
			if (!on_bound_only)
			{
				appendStringInfoString(buf, ": ");
				fit_append_number(buf, x[k]);
			}
			first = false;
		}
	for (k = 0; k < PREDICT_PARAMS; k++)
		if (p->searched[k] &&
			(!on_bound_only || fit_on_bound(p->value[k], p->low[k], p->high[k])))
		{
			appendStringInfo(buf, "%s\"%s\"", first ? "" : ", ",
							 predict_param_name(fc->family, k));
			if (!on_bound_only)
			{
				appendStringInfoString(buf, ": ");
				fit_append_number(buf, p->value[k]);
			}
			first = false;
		}
}

/*
 * One evaluation's report: its loss and the point, as the result's
 * parameters, so that a stopped fit can be restarted from it (options).
 */
void
fit_report_evaluation(const FitContext *fc, const double *x, double loss)
{
	StringInfoData buf;

	if (!message_level_is_interesting(fc->settings.progress_level))
		return;
	initStringInfo(&buf);
	fit_append_parameters(&buf, fc, x, &fc->predict, false);
	if (fc->settings.starts > 1)
		ereport(fc->settings.progress_level,
				(errmsg("fit %s: start %d of %d, evaluation %d, train log-loss %.8f at {%s}",
						fc->system, fc->current_start, fc->settings.starts,
						fc->evaluations, loss, buf.data)));
	else
		ereport(fc->settings.progress_level,
				(errmsg("fit %s: evaluation %d, train log-loss %.8f at {%s}",
						fc->system, fc->evaluations, loss, buf.data)));
	pfree(buf.data);
}

static Jsonb *
fit_result(FitContext *fc, const FitOutcome *out)
{
	StringInfoData buf;
	int			hessian_replays;

	initStringInfo(&buf);
	appendStringInfo(&buf, "{\"system\": \"%s\", \"objective\": \"%s\", \"parameters\": {",
					 fc->system, fc->settings.three_way ? "three_way" : "binary");
	fit_append_parameters(&buf, fc, out->x, &fc->predict, false);
	appendStringInfo(&buf, "}, \"converged\": %s, \"stop_reason\": \"%s\", \"at_bound\": [",
					 out->search->result.converged ? "true" : "false",
					 fit_stop_reason(out->search));
	fit_append_parameters(&buf, fc, out->x, &fc->predict, true);
	appendStringInfoChar(&buf, ']');
	fit_append_starts(&buf, fc, out->search);
	appendStringInfo(&buf, ", \"train\": {\"n\": " INT64_FORMAT ", \"log_loss\": ", fc->train.n);
	fit_append_number(&buf, mean_loss(&fc->train));
	appendStringInfoChar(&buf, '}');
	if (fc->settings.has_train_until)
		append_held_out(&buf, fc, out->start_losses, out->fitted_losses);
	fit_information(fc, out->x, &buf, &hessian_replays);
	appendStringInfo(&buf, ", \"evaluations\": %d, \"gradient_replays\": %d, \"refused\": %d"
					 ", \"hessian_replays\": %d, \"iterations\": %d, \"seconds\": ",
					 fc->evaluations, out->search->result.gradient_evaluations, fc->refused,
					 hessian_replays, out->search->result.iterations);
	fit_append_number(&buf, fit_seconds_since(fc->start));
	appendStringInfoChar(&buf, '}');
	return DatumGetJsonbP(DirectFunctionCall1(jsonb_in, CStringGetDatum(buf.data)));
}

/* The start evaluation: errors of the system are raised, and it must score something. */
static void
evaluate_start(FitContext *fc, const double *x, HeldOutLosses *start_losses)
{
	fit_evaluate(fc, x, false);
	if (fc->train.n == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("fit has no match to fit on"),
				 errdetail("No two-team match of the rows query is scored before \"train_until\" from \"score_from\" with every player past \"experienced\" earlier matches."),
				 errhint("Check the rows query and those options of fit.")));
	if (fc->settings.three_way && fc->draws == 0 && fc->draw_model == DRAW_MODEL_NONE)
		report_no_draws("fit", NULL);
	fit_held_out_losses(fc, &fc->predict_start, start_losses);
}

/* A family's search, its start in x and its rows, read once into compact rows. */
static void
fit_family_setup(FunctionCallInfo fcinfo, FitContext *fc, double *x)
{
	double	   *values,
			   *low,
			   *high;
	int			searched_index[FIT_MAX_PARAMS + PREDICT_PARAMS];
	int			n_searched = 0;
	int			count;

	fc->family = family_arg(PG_GETARG_TEXT_PP(0));
	fc->system = family_prefix(fc->family);
	refuse_refits(&fc->settings);
	count = Max(fc->family->options.count, 1);
	values = palloc(sizeof(double) * count);
	options_read(&fc->family->options, fc->settings.family_options, "fit", values,
				 palloc0(sizeof(TimestampTz *) * count));
	fc->draw_model = (ReplayDrawModel) values[fc->family->details_at + DETAIL_DRAW_MODEL];
	high = palloc(sizeof(double) * count);
	memcpy(high, values, sizeof(double) * count);
	low = palloc(sizeof(double) * count);
	memcpy(low, values, sizeof(double) * count);
	{
		FamilySearch fs = {low, high, searched_index, 0};
		FitSearchKeys keys = {family_search_index, family_search_accept, &fs,
		"'{\"k\": [8, 64]}' for elo"};

		fit_read_search(fc, PG_GETARG_JSONB_P(2), &keys);
		n_searched = fs.n_searched;
	}
	start_point(fc, values, x);
	fc->rows = compact_read_query(fcinfo, fc->family, PG_GETARG_TEXT_PP(1));
	refuse_dead(fc, low, high, searched_index, n_searched);
}

/* skill.fit(system text, rows text, search jsonb, options jsonb) -> jsonb */
Datum
fit(PG_FUNCTION_ARGS)
{
	FitContext	fc;
	FitOutcome	out;
	double		x[FIT_MAX_PARAMS];
	HeldOutLosses start_losses = {CurrentMemoryContext},
				fitted_losses = {CurrentMemoryContext};

	if (required_arg_null(fcinfo, OPTIONAL_ARG(3)))
		PG_RETURN_NULL();
	memset(&fc, 0, sizeof(fc));
	INSTR_TIME_SET_CURRENT(fc.start);
	fc.current_start = 1;
	read_settings(PG_ARGISNULL(3) ? NULL : PG_GETARG_JSONB_P(3), &fc.settings);
	/* the whole-history system stands beside the families (docs/ttt.md) */
	if (strcmp(text_to_cstring(PG_GETARG_TEXT_PP(0)), "ttt") == 0)
	{
		fc.system = "ttt";
		fit_ttt_setup(fcinfo, &fc, PG_GETARG_TEXT_PP(1), PG_GETARG_JSONB_P(2), x);
	}
	else
		fit_family_setup(fcinfo, &fc, x);

	fc.eval_cxt = AllocSetContextCreate(CurrentMemoryContext, "skill fit evaluation",
										ALLOCSET_DEFAULT_SIZES);
	predict_record_init(&fc.train_record, CurrentMemoryContext);
	predict_record_init(&fc.held_out_record, CurrentMemoryContext);
	fc.drawn = fc.settings.three_way || fc.draw_model != DRAW_MODEL_NONE;
	fc.drawn_how.model = fc.draw_model;
	fc.drawn_how.three_way = fc.settings.three_way;
	fc.train_record.draw_inputs = fc.held_out_record.draw_inputs = fc.drawn;
	fc.held_out_losses.mcxt = CurrentMemoryContext;
	fc.score_held_out = fc.settings.has_train_until;
	evaluate_start(&fc, x, &start_losses);
	fc.score_held_out = false;
	out.search = palloc(sizeof(FitSearch));
	fit_search(&fc, x, out.search);

	/* Once more at the best point, for its scores and held-out losses. */
	fc.score_held_out = fc.settings.has_train_until;
	fit_rescore(&fc, x);
	fc.score_held_out = false;
	fit_held_out_losses(&fc, &fc.predict, &fitted_losses);
	out.x = x;
	out.start_losses = &start_losses;
	out.fitted_losses = &fitted_losses;
	PG_RETURN_JSONB_P(fit_result(&fc, &out));
}
