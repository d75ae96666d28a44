/*
 * fit_objective.c - one evaluation of skill.fit: the rows replayed from
 * memory with candidate parameters, each two-team match's pre-match
 * prediction scored by log-loss (fit.h): of the expected score against
 * the outcome (objective binary), or of the chance of what happened, a
 * win, a draw or a loss (objective three_way).
 *
 * A point the system refuses (Elo's k_b = 0 with k_c > 0, an overflow at
 * an extreme value) raises an error inside the replay.  The search runs
 * each replay in a subtransaction and counts such an error as a failed
 * evaluation, so that the optimiser steps back from the point rather than
 * the whole fit failing after minutes; errors of other classes (a cancel,
 * out of memory) still end the call.
 */
#include "sql/fit.h"

#include <limits.h>
#include <math.h>

#include "access/xact.h"
#include "miscadmin.h"
#include "utils/memutils.h"
#include "utils/resowner.h"

#include "core/adjust.h"
#include "core/draw_fit.h"
#include "core/scoring.h"

/* Passes over the record of one fit of the prediction-only parameters by a draw model. */
#define DRAWN_PASSES 300

double
mean_loss(const LogLoss *l)
{
	return l->n > 0 ? l->sum / l->n : get_float8_nan();
}

static void
keep_held_out_loss(HeldOutLosses *h, double loss)
{
	if (h->n == h->capacity)
	{
		h->capacity = Max(1024, h->capacity * 2);
		h->loss = h->loss ? repalloc_huge(h->loss, sizeof(double) * h->capacity)
			: MemoryContextAllocHuge(h->mcxt, sizeof(double) * h->capacity);
	}
	h->loss[h->n++] = loss;
}

double
fit_match_loss(const FitContext *fc, const ReplayResult *r, double outcome)
{
	double		win,
				draw;

	if (!fc->settings.three_way)
		return sk_score_log_loss(replay_expected_score(r, 0), outcome);
	replay_three_way(r, &win, &draw);
	return sk_three_way_log_loss(win, draw, outcome);
}

bool
fit_scores_match(const FitContext *fc, TimestampTz played_at, int min_before, bool *held_out)
{
	const FitSettings *s = &fc->settings;

	if ((s->has_score_from && played_at < s->score_from) ||
		(s->has_held_out_until && played_at >= s->held_out_until) ||
		min_before < s->experienced)
		return false;
	*held_out = s->has_train_until && played_at >= s->train_until;
	return !*held_out || fc->score_held_out;
}

void
fit_add_loss(FitContext *fc, bool held_out, double loss)
{
	if (held_out)
	{
		fc->held_out.sum += loss;
		fc->held_out.n++;
		keep_held_out_loss(&fc->held_out_losses, loss);
	}
	else
	{
		fc->train.sum += loss;
		fc->train.n++;
	}
}

void
fit_emit(ReplayState *state, const ReplayResult *r)
{
	FitContext *fc = state->engine->emit_arg;
	bool		held_out;
	double		outcome;
	int			min_before = INT_MAX;
	int			i;

	if (r->n_teams != 2)
		return;
	for (i = 0; i < r->n_players; i++)
		min_before = Min(min_before, r->matches_before[i]);
	if (!fit_scores_match(fc, r->played_at, min_before, &held_out))
		return;
	outcome = replay_first_team_outcome(r);
	fc->draws += outcome == 0.5;
	if (fc->has_predict)
	{
		if (!isnan(r->z))
			predict_record_add(held_out ? &fc->held_out_record : &fc->train_record, r, outcome);
		return;
	}
	fit_add_loss(fc, held_out, fit_match_loss(fc, r, outcome));
}

void
fit_held_out_losses(FitContext *fc, const PredictParams *p, HeldOutLosses *out)
{
	const PredictRecord *rec = &fc->held_out_record;
	int64		i;

	out->n = 0;
	if (!fc->has_predict)
	{
		for (i = 0; i < fc->held_out_losses.n; i++)
			keep_held_out_loss(out, fc->held_out_losses.loss[i]);
		return;
	}
	for (i = 0; i < rec->n && fc->drawn; i++)
		keep_held_out_loss(out, predict_drawn_one(rec, &fc->drawn_how, p, i));
	for (i = 0; i < rec->n && !fc->drawn; i++)
	{
		double		z = sk_adjust_z(rec->z[i], rec->z_context[i],
									p->value[PREDICT_CONTEXT_WEIGHT], rec->length[i],
									p->value[PREDICT_LENGTH_EXPONENT]);

		keep_held_out_loss(out, sk_score_log_loss(sk_adjust_link(fc->normal_link,
															 p->value[PREDICT_SCALE] * z),
											  rec->outcome[i]));
	}
}

/* Replays the rows at x; the scores land in fc->train, held_out and the records. */
static void
replay_at(FitContext *fc, const double *x)
{
	MemoryContext old = MemoryContextSwitchTo(fc->eval_cxt);
	ReplayState *state;

	CHECK_FOR_INTERRUPTS();
	memset(&fc->train, 0, sizeof(LogLoss));
	memset(&fc->held_out, 0, sizeof(LogLoss));
	fc->draws = 0;
	fc->train_record.n = fc->held_out_record.n = 0;
	fc->held_out_losses.n = 0;
	if (fc->ttt != NULL)
		fit_ttt_evaluate(fc, x);
	else
	{
		state = replay_create(fc->eval_cxt, fc->family);
		state->caller = "fit";
		replay_read_options_with(state, fc->settings.family_options, fc->n_params, fc->index, x);
		state->engine->emit = fit_emit;
		state->engine->emit_arg = fc;
		state->engine->details.want_context = fc->predict_start.searched[PREDICT_CONTEXT_WEIGHT];
		state->engine->details.want_z = fc->has_predict;
		fc->normal_link = state->settings.normal_link;
		fc->drawn_how.normal = fc->normal_link;
		compact_replay(state, fc->rows);
	}
	MemoryContextSwitchTo(old);
	MemoryContextReset(fc->eval_cxt);
}

/*
 * replay_at in a subtransaction: false, with the error swallowed, when it
 * raises a data exception (class 22: the system refuses the point).
 */
static bool
replay_guarded(FitContext *fc, const double *x)
{
	MemoryContext old = CurrentMemoryContext;
	ResourceOwner owner = CurrentResourceOwner;
	volatile bool ok = true;

	BeginInternalSubTransaction(NULL);
	MemoryContextSwitchTo(old);
	PG_TRY();
	{
		replay_at(fc, x);
		ReleaseCurrentSubTransaction();
	}
	PG_CATCH();
	{
		ErrorData  *edata;

		MemoryContextSwitchTo(old);
		edata = CopyErrorData();
		if (ERRCODE_TO_CATEGORY(edata->sqlerrcode) != ERRCODE_DATA_EXCEPTION)
		{
			RollbackAndReleaseCurrentSubTransaction();
			MemoryContextSwitchTo(old);
			CurrentResourceOwner = owner;
			ReThrowError(edata);
		}
		FlushErrorState();
		RollbackAndReleaseCurrentSubTransaction();
		MemoryContextReset(fc->eval_cxt);
		elog(DEBUG1, "fit: the system refuses a point: %s", edata->message);
		FreeErrorData(edata);
		ok = false;
	}
	PG_END_TRY();
	MemoryContextSwitchTo(old);
	CurrentResourceOwner = owner;
	return ok;
}

/* The mean loss of a record on the objective with the prediction values p. */
static double
record_loss(const FitContext *fc, const PredictRecord *rec, const PredictParams *p)
{
	return fc->drawn ? predict_drawn_loss(rec, &fc->drawn_how, p)
		: predict_loss(rec, fc->normal_link, p);
}

/* The prediction-only parameters fitted on the train record; both scores from them. */
static void
fit_prediction(FitContext *fc)
{
	/* From the last evaluation's best: neighbouring replays' optima are close. */
	if (!fc->predict_warm)
	{
		fc->predict = fc->predict_start;
		if (fc->settings.three_way)
			predict_start_draw_param(&fc->train_record, &fc->drawn_how, &fc->predict);
	}
	fc->predict_warm = true;
	fc->train.n = fc->train_record.n;
	fc->train.sum = (fc->drawn
					 ? predict_drawn_fit(&fc->train_record, &fc->drawn_how, &fc->predict,
										 DRAWN_PASSES)
					 : predict_fit(&fc->train_record, fc->normal_link, &fc->predict, 20)) *
		fc->train.n;
	fc->held_out.n = fc->held_out_record.n;
	fc->held_out.sum = fc->held_out.n > 0
		? record_loss(fc, &fc->held_out_record, &fc->predict) * fc->held_out.n : 0;
}

double
fit_evaluate(FitContext *fc, const double *x, bool guarded)
{
	double		loss;

	if (fc->has_last && memcmp(x, fc->last_x, sizeof(double) * fc->n_params) == 0)
		return fc->last_loss;
	fc->evaluations++;
	if (guarded && !replay_guarded(fc, x))
	{
		fc->refused++;
		return get_float8_nan();
	}
	if (!guarded)
		replay_at(fc, x);
	if (fc->has_predict)
		fit_prediction(fc);
	loss = mean_loss(&fc->train);
	fc->has_last = true;
	memcpy(fc->last_x, x, sizeof(double) * fc->n_params);
	fc->last_loss = loss;
	fit_report_evaluation(fc, x, loss);
	return loss;
}

void
fit_rescore(FitContext *fc, const double *x)
{
	replay_at(fc, x);
	if (fc->has_predict)
		fit_prediction(fc);
	fc->has_last = false;
}

bool
fit_losses_at(FitContext *fc, const double *x, int m, const double (*p)[PREDICT_PARAMS],
			  double *out)
{
	fc->has_last = false;		/* the records no longer hold the last evaluation */
	if (!replay_guarded(fc, x))
		return false;
	fit_record_losses(fc, m, p, out);
	return true;
}

void
fit_record_losses(FitContext *fc, int m, const double (*p)[PREDICT_PARAMS], double *out)
{
	int			k;

	for (k = 0; k < m; k++)
	{
		if (fc->has_predict)
		{
			PredictParams params = fc->predict;

			memcpy(params.value, p[k], sizeof(params.value));
			out[k] = record_loss(fc, &fc->train_record, &params) * fc->train_record.n;
		}
		else
			out[k] = fc->train.sum;
	}
}
