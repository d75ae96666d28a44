/*
 * ttt_sql.c - TrueSkill Through Time in SQL: skill.ttt_history,
 * skill.ttt_replay, skill.ttt_summary and skill.match_predictions('ttt').
 * The model is whole-history, so it stands beside the replay families
 * (families.def), whose engine rates one match at a time, forward only
 * (docs/ttt.md).
 */
#include "sql/skill.h"

#include <math.h>

#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/timestamp.h"

#include "sql/jsonb_args.h"
#include "sql/ttt_rows.h"

PG_FUNCTION_INFO_V1(ttt_history);
PG_FUNCTION_INFO_V1(ttt_replay);
PG_FUNCTION_INFO_V1(ttt_summary);

static void *
state_alloc(void *context, size_t bytes)
{
	return MemoryContextAllocExtended((MemoryContext) context, bytes,
									  MCXT_ALLOC_HUGE | MCXT_ALLOC_ZERO);
}

static int
ttt_compare_int64(const void *a, const void *b)
{
	int64		x = *(const int64 *) a;
	int64		y = *(const int64 *) b;

	return x < y ? -1 : x > y;
}

/* A run of the model over a rows query: read, first pass, maybe converge. */
typedef struct TttRun
{
	TttOptions	options;
	TttHistory	history;
	sk_ttt_state *state;
	double	   *filtered;		/* 2 per slot, after the first pass; or NULL */
	int			iterations;		/* sweeps made at the end */
	int			resmooths;		/* forecast_pass's re-smoothings */
	int64		resmooth_sweeps;
	double		step[2];
	double		log_evidence;
} TttRun;

/*
 * The first pass, with the past re-smoothed every resmooth_every time
 * units: at the first batch at or after each multiple of it from the first
 * batch's time, every batch before is smoothed (warm: a few sweeps) and
 * the pass goes on from there, so each batch's predictions come from the
 * smoothed past and never from it or a later batch.
 */
static void
forecast_pass(TttRun *run)
{
	const sk_ttt_history *h = &run->history.h;
	double		every = run->options.resmooth_every;
	double		next;
	int			b;

	if (every == 0.0 || h->n_batches == 0)
	{
		sk_ttt_forward(run->state);
		return;
	}
	next = h->batch_time[0] + every;
	for (b = 0; b < h->n_batches; b++)
	{
		if (h->batch_time[b] >= next)
		{
			double		step[2];

			run->resmooth_sweeps += sk_ttt_converge_prefix(run->state, b, step);
			run->resmooths++;
			/* the next multiple after this batch (a gap may skip some) */
			next += every * (floor((h->batch_time[b] - next) / every) + 1.0);
		}
		sk_ttt_forward_until(run->state, b + 1);
	}
}

/*
 * Reads the rows into a history, runs the first pass (with forecast, the
 * forecasts' pass: resmooth_every honoured), keeps its ratings if asked
 * and converges if asked.
 */
static void
ttt_run_query(FunctionCallInfo fcinfo, text *rows, Jsonb *options, const char *caller,
			  bool converge, bool keep_filtered, bool forecast, TttRun *run)
{
	sk_status	status;

	memset(run, 0, sizeof(*run));
	ttt_read_options(options, caller, forecast, &run->options);
	ttt_read_rows(fcinfo, rows, &run->options, caller, &run->history);
	status = sk_ttt_prepare(&run->history.h, &run->options.params, state_alloc,
							CurrentMemoryContext, &run->state);
	report_core_status(status, caller);
	if (forecast)
		forecast_pass(run);
	else
		sk_ttt_forward(run->state);
	run->log_evidence = sk_ttt_log_evidence(run->state);
	if (keep_filtered)
	{
		int			n = sk_ttt_slots(run->state);
		int			k;

		run->filtered = MemoryContextAllocHuge(CurrentMemoryContext,
											   sizeof(double) * 2 * (Size) Max(n, 1));
		for (k = 0; k < n; k++)
			sk_ttt_slot_posterior(run->state, k, &run->filtered[2 * k],
								  &run->filtered[2 * k + 1]);
	}
	if (converge)
		run->iterations = sk_ttt_converge(run->state, run->step);
}

/* The same with the rows and options of the SQL call's arguments. */
static void
ttt_run(FunctionCallInfo fcinfo, int rows_arg, const char *caller, bool converge,
		bool keep_filtered, bool forecast, TttRun *run)
{
	int			options_arg = rows_arg + 1;
	Jsonb	   *options = PG_ARGISNULL(options_arg) ? NULL : PG_GETARG_JSONB_P(options_arg);

	ttt_run_query(fcinfo, PG_GETARG_TEXT_PP(rows_arg), options, caller, converge,
				  keep_filtered, forecast, run);
}

/* 1 won, 0.5 shared the best rank, 0 lost: the first team's (as the families) */
static double
first_team_outcome(const sk_ttt_history *h, int e)
{
	int			t0 = h->event_team[e];
	double		outcome = 1.0;
	int			t;

	for (t = t0 + 1; t < h->event_team[e + 1]; t++)
		if (h->team_rank[t] < h->team_rank[t0])
			outcome = 0.0;
		else if (h->team_rank[t] == h->team_rank[t0] && outcome > 0.0)
			outcome = 0.5;
	return outcome;
}

void
ttt_forecast_history(const TttHistory *history, const TttOptions *options,
					 const char *caller, TttForecasts *out)
{
	const sk_ttt_history *h = &history->h;
	TttRun		run;
	sk_status	status;
	Size		n = (Size) Max(history->n_events, 1);
	int			e;

	memset(&run, 0, sizeof(run));
	run.options = *options;
	run.history = *history;
	status = sk_ttt_prepare(&run.history.h, &run.options.params, state_alloc,
							CurrentMemoryContext, &run.state);
	report_core_status(status, caller);
	forecast_pass(&run);
	out->n = history->n_events;
	out->draws = options->params.p_draw > 0.0;
	out->match_id = history->event_match_id;
	out->n_teams = palloc_extended(sizeof(int) * n, MCXT_ALLOC_HUGE);
	out->win = palloc_extended(sizeof(double) * n, MCXT_ALLOC_HUGE);
	out->draw = palloc_extended(sizeof(double) * n, MCXT_ALLOC_HUGE);
	out->outcome = palloc_extended(sizeof(double) * n, MCXT_ALLOC_HUGE);
	for (e = 0; e < out->n; e++)
	{
		if ((e & 4095) == 0)
			CHECK_FOR_INTERRUPTS();
		out->n_teams[e] = h->event_team[e + 1] - h->event_team[e];
		out->outcome[e] = first_team_outcome(h, e);
		out->win[e] = out->draw[e] = 0.0;
		if (out->n_teams[e] != 2)
			continue;
		sk_ttt_prediction(run.state, e, &out->win[e], &out->draw[e]);
		check_result_finite(out->win[e]);
		check_result_finite(out->draw[e]);
		if (!out->draws)
			out->draw[e] = 0.0;
	}
}

void
ttt_forecast_options(Jsonb *options, const char *caller, TttOptions *out)
{
	JsonbValue *every = options ? object_get(options, "resmooth_every") : NULL;

	memset(out, 0, sizeof(*out));
	ttt_read_options(options, caller, true, out);
	out->other_columns = true;
	if (every == NULL || every->type == jbvNull)
		out->resmooth_every = TTT_RESMOOTH_DEFAULT;
}

void
ttt_forecasts(FunctionCallInfo fcinfo, text *rows, Jsonb *options, const char *caller,
			  TttForecasts *out)
{
	TttOptions	read_options;
	TttHistory	history;

	ttt_forecast_options(options, caller, &read_options);
	ttt_read_rows(fcinfo, rows, &read_options, caller, &history);
	ttt_forecast_history(&history, &read_options, caller, out);
}

/*
 * skill.ttt_history(rows text, options jsonb): each player's smoothed
 * rating at each batch it plays, batch by batch, with its filtered rating
 * (the first pass) and the sweeps made.
 */
Datum
ttt_history(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	CallCache  *cache;
	TttRun		run;
	int			b;

	if (required_arg_null_srf(fcinfo, OPTIONAL_ARG(1)))
		return (Datum) 0;
	InitMaterializedSRF(fcinfo, 0);
	cache = call_cache(fcinfo);
	ttt_run(fcinfo, 0, "ttt_history", true, true, false, &run);
	composite_init(&cache->rating, TupleDescAttr(rsinfo->setDesc, 3)->atttypid,
				   fcinfo->flinfo->fn_mcxt);
	for (b = 0; b < run.history.h.n_batches; b++)
	{
		int			k;

		for (k = sk_ttt_batch_first_slot(run.state, b);
			 k < sk_ttt_batch_first_slot(run.state, b + 1); k++)
		{
			Datum		values[7];
			bool		nulls[7] = {false};
			double		mu,
						sigma;

			CHECK_FOR_INTERRUPTS();
			sk_ttt_slot_posterior(run.state, k, &mu, &sigma);
			check_result_spread("sigma", sigma, false);
			values[0] = Int64GetDatum(run.history.player_id[sk_ttt_slot_player(run.state, k)]);
			values[1] = TimestampTzGetDatum(run.history.batch_played_at[b]);
			values[2] = Int32GetDatum(b + 1);
			values[3] = rating_build(&cache->rating, check_result_finite(mu), sigma);
			values[4] = rating_build(&cache->rating, check_result_finite(run.filtered[2 * k]),
									 run.filtered[2 * k + 1]);
			values[5] = Int32GetDatum(run.iterations);
			values[6] = Float8GetDatum(Max(run.step[0], run.step[1]));
			tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		}
	}
	return (Datum) 0;
}

/*
 * skill.ttt_replay(rows text, options jsonb): every player's smoothed
 * rating at the last batch it played, by player_id, with its matches.
 */
Datum
ttt_replay(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	CallCache  *cache;
	TttRun		run;
	int		   *last;
	int64	   *order;
	int			n,
				k;

	if (required_arg_null_srf(fcinfo, OPTIONAL_ARG(1)))
		return (Datum) 0;
	InitMaterializedSRF(fcinfo, 0);
	cache = call_cache(fcinfo);
	ttt_run(fcinfo, 0, "ttt_replay", true, false, false, &run);
	composite_init(&cache->rating, TupleDescAttr(rsinfo->setDesc, 1)->atttypid,
				   fcinfo->flinfo->fn_mcxt);
	n = run.history.h.n_players;
	last = palloc_extended(sizeof(int) * (Size) Max(n, 1), MCXT_ALLOC_HUGE);
	for (k = 0; k < sk_ttt_slots(run.state); k++)
		last[sk_ttt_slot_player(run.state, k)] = k;
	/* by player_id: (id, index) pairs sorted by id */
	order = palloc_extended(sizeof(int64) * 2 * (Size) Max(n, 1), MCXT_ALLOC_HUGE);
	for (k = 0; k < n; k++)
	{
		order[2 * k] = run.history.player_id[k];
		order[2 * k + 1] = k;
	}
	qsort(order, n, 2 * sizeof(int64), ttt_compare_int64);
	for (k = 0; k < n; k++)
	{
		int			p = (int) order[2 * k + 1];
		Datum		values[4];
		bool		nulls[4] = {false};
		double		mu,
					sigma;

		CHECK_FOR_INTERRUPTS();
		sk_ttt_slot_posterior(run.state, last[p], &mu, &sigma);
		check_result_spread("sigma", sigma, false);
		values[0] = Int64GetDatum(run.history.player_id[p]);
		values[1] = rating_build(&cache->rating, check_result_finite(mu), sigma);
		values[2] = Int32GetDatum(run.history.player_matches[p]);
		values[3] = TimestampTzGetDatum(run.history.player_last[p]);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

static void
put_number(JsonbParseState **state, const char *key, double value)
{
	JsonbValue	k;

	k.type = jbvString;
	k.val.string.val = (char *) key;
	k.val.string.len = strlen(key);
	pushJsonbValue(state, WJB_KEY, &k);
	pushJsonbValue(state, WJB_VALUE, jsonb_from_float8(value));
}

/*
 * skill.ttt_summary(rows text, options jsonb): the run's counts, sweeps,
 * last step and the filtered log-evidence, as jsonb; with resmooth_every,
 * the forecasts' log-evidence and the re-smoothings' count and sweeps.
 */
Datum
ttt_summary(PG_FUNCTION_ARGS)
{
	JsonbParseState *state = NULL;
	JsonbValue *result;
	TttRun		run;
	bool		forecast;

	if (required_arg_null(fcinfo, OPTIONAL_ARG(1)))
		PG_RETURN_NULL();
	ttt_run(fcinfo, 0, "ttt_summary", true, false, true, &run);
	forecast = run.options.resmooth_every > 0.0;
	pushJsonbValue(&state, WJB_BEGIN_OBJECT, NULL);
	put_number(&state, "players", run.history.h.n_players);
	put_number(&state, "matches", run.history.n_events);
	put_number(&state, "batches", run.history.h.n_batches);
	put_number(&state, "skills", sk_ttt_slots(run.state));
	put_number(&state, "iterations", run.iterations);
	put_number(&state, "last_step_mu", run.step[0]);
	put_number(&state, "last_step_sigma", run.step[1]);
	/* with re-smoothing, the first pass's evidence is the forecasts' */
	put_number(&state, forecast ? "log_evidence_forecast" : "log_evidence_filtered",
			   check_result_finite(run.log_evidence));
	if (forecast)
	{
		put_number(&state, "resmooths", run.resmooths);
		put_number(&state, "resmooth_sweeps", (double) run.resmooth_sweeps);
	}
	result = pushJsonbValue(&state, WJB_END_OBJECT, NULL);
	PG_RETURN_JSONB_P(JsonbValueToJsonb(result));
}

/*
 * skill.match_predictions('ttt', rows, options): each match's chances from
 * the players' skills after the earlier batches alone (the first pass's
 * forward messages), in match_predictions' columns.  Matches of more than
 * two teams get NULL chances.
 */
void
ttt_match_predictions(FunctionCallInfo fcinfo)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	TttRun		run;
	int			e;
	bool		draws;

	InitMaterializedSRF(fcinfo, 0);
	ttt_run(fcinfo, 1, "match_predictions", false, false, true, &run);
	draws = run.options.params.p_draw > 0.0;
	for (e = 0; e < run.history.n_events; e++)
	{
		const sk_ttt_history *h = &run.history.h;
		int			t0 = h->event_team[e];
		int			nt = h->event_team[e + 1] - t0;
		Datum		values[9];
		bool		nulls[9] = {false};
		double		win,
					tie,
					outcome;

		CHECK_FOR_INTERRUPTS();
		sk_ttt_prediction(run.state, e, &win, &tie);
		outcome = first_team_outcome(h, e);
		values[0] = Int64GetDatum(run.history.event_match_id[e]);
		values[1] = TimestampTzGetDatum(run.history.batch_played_at[run.history.event_batch[e]]);
		values[2] = Int32GetDatum(nt);
		values[3] = Int32GetDatum(run.history.team_label[t0]);
		if (nt == 2)
		{
			check_result_finite(win);
			check_result_finite(tie);
		}
		values[4] = Float8GetDatum(win);
		nulls[4] = nt != 2;
		values[5] = Float8GetDatum(tie);
		nulls[5] = nt != 2 || !draws;
		values[6] = Float8GetDatum(outcome);
		values[7] = Int32GetDatum(run.history.event_min_before[e]);
		values[8] = Float8GetDatum(draws ? win + tie / 2.0 : win);
		nulls[8] = nt != 2;
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
}
