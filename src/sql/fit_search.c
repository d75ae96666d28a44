/*
 * fit_search.c - skill.fit's search: the quasi-Newton search from the
 * options' point and, with the option starts, from more points spread
 * over the bounds (core/design.h), each polished by the same search
 * within one budget, so that a fit can tell a local optimum from the
 * best it found.  The ends are grouped into distinct optima for the
 * result.
 */
#include "sql/fit.h"
#include "sql/skill.h"

#include <math.h>

#include "core/design.h"
#include "core/optimize.h"

/*
 * Two ends are one optimum when no parameter differs by more than this
 * share of its search interval, or when their mean losses differ by at
 * most this, relative (a flat direction: a parameter that stopped
 * mattering, as rd when rd_max caps it, leaves its ends wherever they
 * started).
 */
#define SAME_PLACE 0.05
#define SAME_LOSS 1e-9

double
fit_seconds_since(instr_time start)
{
	instr_time	now;

	INSTR_TIME_SET_CURRENT(now);
	INSTR_TIME_SUBTRACT(now, start);
	return INSTR_TIME_GET_DOUBLE(now);
}

static double
search_objective(void *ctx, const double *x)
{
	return fit_evaluate(ctx, x, true);
}

static int
search_out_of_time(void *ctx)
{
	FitContext *fc = ctx;

	return fc->settings.max_seconds > 0 &&
		fit_seconds_since(fc->start) > fc->settings.max_seconds;
}

/*
 * The option max_evaluations, over all starts; by default 100 replays a
 * searched parameter and at least 400, a start: a gradient costs one
 * replay a parameter (two near the optimum) and a search takes tens of
 * them; a fixed 400 stopped nine-parameter searches.
 */
static int
max_evaluations(const FitContext *fc)
{
	return fc->settings.max_evaluations > 0 ? fc->settings.max_evaluations :
		Max(400, 100 * fc->n_params) * fc->settings.starts;
}

/*
 * The coordinate search with golden-section steps that fit used before
 * 1.0, kept for comparison (bench/details): it converges only along
 * uncorrelated parameters, so it says neither converged nor why it
 * stopped beyond its budget or sweeps.
 */
static void
search_coordinates(FitContext *fc, double *x, sk_qn_result *result)
{
	sk_minimize_options mo;
	int			evaluations;

	sk_minimize_default_options(&mo);
	mo.max_evaluations = max_evaluations(fc);
	report_core_status(sk_minimize(fc->n_params, x, fc->lo, fc->hi, search_objective, fc, &mo,
								   &result->value, &evaluations), "fit");
	result->evaluations = evaluations;
	result->converged = false;
	result->reason = evaluations >= mo.max_evaluations ? SK_QN_BUDGET : SK_QN_NO_PROGRESS;
}

/* Start point j >= 1 of the design, over the searched parameters' bounds. */
static void
design_start(const FitContext *fc, int j, double *x)
{
	double		u[SK_DESIGN_MAX_DIMENSIONS];
	int			k;

	sk_design_point((unsigned) j, fc->n_params, u);
	for (k = 0; k < fc->n_params; k++)
		x[k] = fc->lo[k] + u[k] * (fc->hi[k] - fc->lo[k]);
}

/* Whether two ends lie in one optimum: near each other, or as low. */
static bool
same_optimum(const FitContext *fc, const FitOptimum *a, const double *x, double loss)
{
	int			k;

	if (fabs(a->loss - loss) <= SAME_LOSS * Max(fabs(loss), 1e-300))
		return true;
	for (k = 0; k < fc->n_params; k++)
		if (fabs(a->x[k] - x[k]) > SAME_PLACE * (fc->hi[k] - fc->lo[k]))
			return false;
	return true;
}

/*
 * The starts' ends grouped into optima, best first: ends in order of
 * loss, each joining the first optimum it lies in, or opening one.
 */
static void
group_ends(const FitContext *fc, FitSearch *s)
{
	int			i,
				j;

	for (i = 1; i < s->n_ends; i++)
		for (j = i; j > 0 && s->ends[j - 1].loss > s->ends[j].loss; j--)
		{
			FitOptimum	t = s->ends[j];

			s->ends[j] = s->ends[j - 1];
			s->ends[j - 1] = t;
		}
	s->n_optima = 0;
	for (i = 0; i < s->n_ends; i++)
	{
		for (j = 0; j < s->n_optima; j++)
			if (same_optimum(fc, &s->optima[j], s->ends[i].x, s->ends[i].loss))
				break;
		if (j == s->n_optima)
		{
			s->optima[s->n_optima] = s->ends[i];
			s->optima[s->n_optima].starts = 0;
			s->optima[s->n_optima++].which = 0;
		}
		s->optima[j].starts++;
		s->optima[j].which |= s->ends[i].which;
	}
}

/* One start's search from x, within budget replays; false when the system refuses x. */
static bool
search_from(FitContext *fc, double *x, int budget, sk_qn_result *r)
{
	sk_qn_options qo;
	sk_status	status;

	sk_qn_default_options(&qo);
	qo.max_evaluations = budget;
	memset(r, 0, sizeof(*r));
	status = sk_qn_minimize(fc->n_params, x, fc->lo, fc->hi, search_objective,
							search_out_of_time, fc, &qo, r);
	if (status == SK_ERR_NOT_FINITE && fc->current_start > 1)
		return false;
	report_core_status(status, "fit");
	return true;
}

/* Keeps a start's end, with the prediction-only values it is scored with. */
static void
keep_end(FitContext *fc, FitSearch *s, const double *x, const sk_qn_result *r)
{
	FitOptimum *end = &s->ends[s->n_ends++];

	/* The last replay need not have been at the end: score it there. */
	if (fc->has_predict && s->starts > 1)
	{
		fc->evaluations++;
		fit_rescore(fc, x);
	}
	memcpy(end->x, x, sizeof(double) * fc->n_params);
	end->loss = r->value;
	end->predict = fc->predict;
	end->converged = r->converged;
	end->reason = r->reason;
	end->starts = 1;
	end->start = fc->current_start;
	end->which = UINT64CONST(1) << (fc->current_start - 1);
}

/* A search's replays and steps into the totals of all starts. */
static void
count_run(FitSearch *s, const sk_qn_result *r)
{
	s->evaluations += r->evaluations;
	s->gradient_evaluations += r->gradient_evaluations;
	s->iterations += r->iterations;
}

/*
 * A best end that ran out of its share of the budget goes on with what
 * the other starts left: its basin is the one worth the evaluations.
 */
static void
polish_best(FitContext *fc, FitSearch *s, double *x, int left)
{
	FitOptimum *end = NULL;
	sk_qn_result r;
	int			i;

	if (s->starts <= 1 || s->result.reason != SK_QN_BUDGET || left <= 0)
		return;
	for (i = 0; i < s->n_ends; i++)
		if (end == NULL || s->ends[i].loss < end->loss)
			end = &s->ends[i];
	fc->current_start = end->start;
	if (!search_from(fc, x, left, &r))
		return;
	count_run(s, &r);
	s->result = r;				/* from the best end: no worse */
	s->n_ends--;				/* the end moves on */
	*end = s->ends[s->n_ends];
	keep_end(fc, s, x, &r);
}

void
fit_search(FitContext *fc, double *x, FitSearch *s)
{
	sk_qn_result *best = &s->result;
	int			budget = max_evaluations(fc);
	int			used_before = fc->evaluations;
	double		start[FIT_MAX_PARAMS];
	int			j;

	memset(s, 0, sizeof(*s));
	/* Prediction-only parameters alone are fitted on each replay's record: one start. */
	s->starts = fc->n_params > 0 ? fc->settings.starts : 1;
	best->converged = true;
	best->reason = SK_QN_TOLERANCE;
	if (fc->n_params == 0)
		return;
	if (fc->settings.coordinate)
	{
		search_coordinates(fc, x, best);
		return;
	}
	memcpy(start, x, sizeof(double) * fc->n_params);
	best->value = INFINITY;
	for (j = 0; j < s->starts; j++)
	{
		double		here[FIT_MAX_PARAMS];
		int			left = budget - (fc->evaluations - used_before);
		int			share = left / (s->starts - j);
		sk_qn_result r;

		/* Too few for a gradient and a step: the budget is spent. */
		if (j > 0 && share < 2 * (fc->n_params + 1))
			break;
		fc->current_start = j + 1;
		if (j == 0)
			memcpy(here, start, sizeof(double) * fc->n_params);
		else
			design_start(fc, j, here);
		s->run++;
		if (!search_from(fc, here, Max(share, 1), &r))
		{
			s->refused++;
			continue;
		}
		count_run(s, &r);
		if (isnan(r.value))
		{
			/* Halted before its first evaluation: nothing found from here. */
			if (s->n_ends == 0)
				*best = r;
			break;
		}
		keep_end(fc, s, here, &r);
		if (s->n_ends == 1 || r.value < best->value)
		{
			*best = r;
			memcpy(x, here, sizeof(double) * fc->n_params);
		}
		if (r.reason == SK_QN_TIME)
			break;
	}
	polish_best(fc, s, x, budget - (fc->evaluations - used_before));
	best->evaluations = s->evaluations;
	best->gradient_evaluations = s->gradient_evaluations;
	best->iterations = s->iterations;
	group_ends(fc, s);
}

const char *
fit_stop_reason(const FitSearch *s)
{
	if (s->starts > 1 && s->result.converged)
		return psprintf("best of %d starts", s->n_ends);
	return sk_qn_reason_name(s->result.reason);
}

/* The starts of a set, 1 for the options' point. */
static void
append_which(StringInfo buf, uint64 which)
{
	bool		first = true;
	int			j;

	for (j = 0; j < FIT_MAX_STARTS; j++)
		if (which & (UINT64CONST(1) << j))
		{
			appendStringInfo(buf, "%s%d", first ? "" : ", ", j + 1);
			first = false;
		}
}

/* "starts": the optima the starts found, best first, with how many reached each. */
void
fit_append_starts(StringInfo buf, const FitContext *fc, const FitSearch *s)
{
	int			i;

	if (s->starts <= 1)
		return;
	appendStringInfo(buf, ", \"starts\": {\"asked\": %d, \"run\": %d, \"refused\": %d"
					 ", \"reached_best\": %d, \"next_best_gap\": ",
					 s->starts, s->run, s->refused, s->n_optima > 0 ? s->optima[0].starts : 0);
	fit_append_number(buf, s->n_optima > 1 ? s->optima[1].loss - s->optima[0].loss : NAN);
	appendStringInfoString(buf, ", \"optima\": [");
	for (i = 0; i < s->n_optima; i++)
	{
		const FitOptimum *o = &s->optima[i];

		appendStringInfo(buf, "%s{\"train_log_loss\": ", i > 0 ? ", " : "");
		fit_append_number(buf, o->loss);
		appendStringInfoString(buf, ", \"starts\": [");
		append_which(buf, o->which);
		appendStringInfo(buf, "], \"converged\": %s, \"stop_reason\": \"%s\", \"parameters\": {",
						 o->converged ? "true" : "false", sk_qn_reason_name(o->reason));
		fit_append_parameters(buf, fc, o->x, &o->predict, false);
		appendStringInfoString(buf, "}}");
	}
	appendStringInfoString(buf, "]}");
}
