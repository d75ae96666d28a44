/*
 * details.c - a match's details in the replay engine: outcomes
 * from the scores, home advantage, and the prediction's adjustments
 * (context ratings, length, predict_scale and the walk-forward refit of
 * the prediction's parameters).
 *
 * The details change a match only where it has them and the options ask:
 * a replay without details runs none of this beyond a flag test, and its
 * results stay bit for bit what they were.
 *
 * Context ratings live in a state of their own per context (surface, map),
 * a ReplayState of the same family whose options are the overall ones
 * with the context_* keys in their place.  It is handed each match of its
 * context while the overall state rates it, with each player's rating
 * there starting from the overall mean; so it is always current to the
 * match being predicted, and its own idle growth and rating periods count
 * only that context's matches.
 */
#include "engine/replay.h"

#include <float.h>
#include <math.h>

#include "miscadmin.h"
#include "utils/float.h"

#include "core/adjust.h"
#include "core/draws.h"
#include "core/outcome.h"
#include "engine/match_batch.h"
#include "engine/predict_fit.h"
#include "engine/sqlstate.h"

const char *const replay_outcome_names[] = {"rank", "share", "difference", "mov", NULL};
const char *const replay_draw_model_names[] = {"none", "threshold", "davidson", "native", NULL};

/* Bounds of the refitted predict_scale, and of length_exponent's magnitude. */
#define REFIT_LOW 1e-3
#define REFIT_HIGH 1e3
#define REFIT_EXPONENT 10
/* Newton passes of a refit on records (warm-started, it needs a few). */
#define REFIT_PASSES 20
/*
 * A three-way refit (a quasi-Newton search, whose differences are a share
 * of each interval, so the intervals are no wider than plausible values
 * need): predict_scale's bounds, the draw margin's (a chance of a draw of
 * 0.9999 for an even pair at 10), nu's (0.98), draw_rate_slope's
 * magnitude, and the passes over the records.
 */
#define REFIT_DRAWN_LOW 1e-2
#define REFIT_DRAWN_HIGH 10
#define REFIT_MARGIN 10
#define REFIT_NU 100
#define REFIT_SLOPE 10
#define REFIT_DRAWN_PASSES 200

const char *
details_unused_draw_key(int detail, ReplayDrawModel draw_model)
{
	if (detail == DETAIL_DRAW_MARGIN && draw_model == DRAW_MODEL_NATIVE)
		return "option \"draw_model\" is \"native\", whose margin comes from draw_probability";
	if (detail == DETAIL_DRAW_MARGIN && draw_model != DRAW_MODEL_THRESHOLD)
		return "it is the threshold draw model's margin, and option \"draw_model\" is not \"threshold\"";
	if (detail == DETAIL_DRAW_NU && draw_model != DRAW_MODEL_DAVIDSON)
		return "it is the davidson draw model's parameter, and option \"draw_model\" is not \"davidson\"";
	if (detail == DETAIL_DRAW_RATE_SLOPE && draw_model == DRAW_MODEL_NONE)
		return "it moves a draw model's parameter, and option \"draw_model\" is \"none\"";
	return NULL;
}

/* A draw key given (not 0) that the draw model does not read: an error, not ignored. */
static void
refuse_unused_draw_keys(const ReplayState *state, const double *o, ReplayDrawModel draw_model)
{
	static const int keys[] = {DETAIL_DRAW_MARGIN, DETAIL_DRAW_NU, DETAIL_DRAW_RATE_SLOPE};
	int			k;

	for (k = 0; k < lengthof(keys); k++)
	{
		const char *why = o[keys[k]] != 0 ? details_unused_draw_key(keys[k], draw_model) : NULL;

		if (why != NULL)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"%s\" of %s has no effect: %s",
							state->family->options.specs[state->family->details_at + keys[k]].name,
							state->caller, why),
					 errhint("Set draw_model, or leave the option out.")));
	}
}

void
details_configure(ReplayState *state)
{
	ReplayDetailsState *d = &state->engine->details;
	const double *o = &state->opt[state->family->details_at];

	d->outcome = (ReplayOutcome) o[DETAIL_OUTCOME];
	d->outcome_w = o[DETAIL_OUTCOME_W];
	d->outcome_k = o[DETAIL_OUTCOME_K];
	d->outcome_scale = o[DETAIL_OUTCOME_SCALE];
	d->context_weight = o[DETAIL_CONTEXT_WEIGHT];
	d->length_exponent = o[DETAIL_LENGTH_EXPONENT];
	d->home_advantage = o[DETAIL_HOME_ADVANTAGE];
	d->predict_scale = o[DETAIL_PREDICT_SCALE];
	d->refit_every = o[DETAIL_REFIT_EVERY];
	d->refit_window = o[DETAIL_REFIT_WINDOW];
	d->draw_model = (ReplayDrawModel) o[DETAIL_DRAW_MODEL];
	d->draw_margin = o[DETAIL_DRAW_MARGIN];
	d->draw_nu = o[DETAIL_DRAW_NU];
	d->draw_rate_slope = o[DETAIL_DRAW_RATE_SLOPE];
	if (d->draw_model == DRAW_MODEL_NATIVE && state->family->native_draw_margin == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"draw_model\" of %s cannot be \"native\": the family has no draw margin of its own",
						state->caller),
				 errhint("Use \"threshold\" with draw_margin or \"davidson\" with draw_nu; \"native\" is TrueSkill's.")));
	if (d->outcome == OUTCOME_MOV && !state->family->mov_outcome)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"outcome\" of %s cannot be \"mov\": the margin-of-victory multiplier is Elo's",
						state->caller),
				 errhint("Use outcome \"share\" or \"difference\" to rate by the scores.")));
	refuse_unused_draw_keys(state, o, d->draw_model);
	if (d->refit_window > 0 && !(d->refit_every > 0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"refit_window\" of %s needs \"refit_every\"", state->caller),
				 errdetail("The window is the span of matches each walk-forward refit uses; refit_every says when the refits are.")));
	/* A parameter left at 0 is not refitted: 0 turns its adjustment off. */
	d->refit_weight = d->refit_every > 0 && d->context_weight > 0;
	d->refit_exponent = d->refit_every > 0 && d->length_exponent != 0;
	d->scale = d->predict_scale;
	d->weight = d->context_weight;
	d->exponent = d->length_exponent;
	d->powered_length = 1;
	d->length_factor = 1;
}

void
details_check_row(ReplayState *state, int64 match_id, int64 player_id,
				  const ReplayDetails *details)
{
	if (!isnan(details->score) && !(isfinite(details->score) && details->score >= 0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("score of player " INT64_FORMAT " in match " INT64_FORMAT " must be a finite number of at least 0, not %g",
						player_id, match_id, details->score)));
	if (!isnan(details->match_weight) &&
		!(isfinite(details->match_weight) && details->match_weight >= 0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("match_weight of match " INT64_FORMAT " must be a finite number of at least 0, not %g",
						match_id, details->match_weight)));
	if (!isnan(details->length) && !(isfinite(details->length) && details->length > 0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("length of match " INT64_FORMAT " must be a finite number greater than zero, not %g",
						match_id, details->length)));
}

/* Grows the per-match scratch to n_teams teams. */
static void
ensure_scratch(ReplayState *state, int n_teams)
{
	ReplayDetailsState *d = &state->engine->details;
	int			n;

	if (n_teams <= d->scratch_teams)
		return;
	n = Max(n_teams, d->scratch_teams * 2);
	if (d->scratch_teams > 0)
	{
		pfree(d->team_score);
		pfree(d->team_shift);
		pfree(d->team_outcome);
	}
	d->team_score = MemoryContextAlloc(state->mcxt, sizeof(double) * n);
	d->team_shift = MemoryContextAlloc(state->mcxt, sizeof(double) * n);
	d->team_outcome = MemoryContextAlloc(state->mcxt, sizeof(double) * n);
	d->scratch_teams = n;
}

static bool
same_number(double a, double b)
{
	return a == b || (isnan(a) && isnan(b));
}

static void
disagree(const ReplayBatch *batch, const char *what, const char *whose)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("%s of match " INT64_FORMAT " have different %s", whose, batch->match_id, what),
			 errdetail("A match's context, length, match_weight and season, and a team's score and home, are the same on all its rows.")));
}

/* The rows agree: context and length per match, score and home per team. */
static void
check_agreement(const ReplayBatch *batch, const ReplayMatch *match)
{
	const ReplayRow *rows = batch->rows;
	int			t,
				i;

	for (i = 1; i < batch->n_rows; i++)
	{
		if (rows[i].details.context != rows[0].details.context)
			disagree(batch, "contexts", "rows");
		if (!same_number(rows[i].details.length, rows[0].details.length))
			disagree(batch, "lengths", "rows");
		if (!same_number(rows[i].details.match_weight, rows[0].details.match_weight))
			disagree(batch, "match weights", "rows");
		if (rows[i].details.has_season != rows[0].details.has_season ||
			rows[i].details.season != rows[0].details.season)
			disagree(batch, "seasons", "rows");
	}
	for (t = 0; t < match->n_teams; t++)
		for (i = match->team_start[t] + 1; i < match->team_start[t + 1]; i++)
		{
			const ReplayDetails *first = &rows[match->team_start[t]].details;

			if (!same_number(rows[i].details.score, first->score))
				disagree(batch, "scores", psprintf("players of team %d", match->team_label[t]));
			if (rows[i].details.home != first->home)
				disagree(batch, "home values", psprintf("players of team %d", match->team_label[t]));
		}
}

/*
 * Team t's outcome against u from the scores, by the outcome option.  The
 * scores (details_check_row) and the options are checked as they are
 * read, so the core has nothing to refuse; were one of those checks ever
 * to miss a case, the match fails with the core's status rather than
 * being rated on an outcome of 0.
 */
static double
score_outcome(const ReplayState *state, const ReplayMatch *match, double mine, double theirs,
			  int t, int u)
{
	const ReplayDetailsState *d = &state->engine->details;
	double		s = 0;
	sk_status	status;

	if (d->outcome == OUTCOME_MOV)
		return sk_rank_score(-mine, -theirs);	/* by score; the margin scales K (elo.c) */
	if (d->outcome == OUTCOME_SHARE)
		status = sk_outcome_share(mine, theirs,
								  sk_rank_score(match->team_rank[t], match->team_rank[u]),
								  d->outcome_w, d->outcome_k, &s);
	else
		status = sk_outcome_difference(mine, theirs, d->outcome_scale, &s);
	if (status != SK_OK)
		core_status_error(status, psprintf("%s could not turn the scores of match " INT64_FORMAT " into an outcome",
										   state->caller, match->match_id));
	return s;
}

void
details_prepare(ReplayState *state, const ReplayBatch *batch, ReplayMatch *match)
{
	ReplayDetailsState *d = &state->engine->details;
	const ReplayRow *rows = batch->rows;
	int			n_teams = match->n_teams;
	int			t,
				home = -1;
	bool		all_scored = true;

	ensure_scratch(state, n_teams);
	check_agreement(batch, match);
	match->context = rows[0].details.context;
	match->length = isnan(rows[0].details.length) ? 1 : rows[0].details.length;
	if (!isnan(rows[0].details.match_weight))
	{
		if (!state->family->match_weights)
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("%s cannot weight match " INT64_FORMAT ": family %.*s takes no match_weight",
							state->caller, batch->match_id,
							(int) (strlen(state->family->name) - strlen("_replay")),
							state->family->name),
					 errdetail("Match weights scale the update of Elo, Glicko-1 and Glicko-2; the other families have no such step yet."),
					 errhint("Leave the column out, or make it NULL, for this family.")));
		match->weight = rows[0].details.match_weight;
	}

	for (t = 0; t < n_teams; t++)
	{
		const ReplayDetails *team = &rows[match->team_start[t]].details;

		all_scored &= !isnan(team->score);
		if (team->home)
		{
			if (home >= 0)
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("teams %d and %d of match " INT64_FORMAT " are both at home",
								match->team_label[home], match->team_label[t], batch->match_id),
						 errdetail("At most one team of a match plays at home.")));
			home = t;
		}
	}
	if (home >= 0 && d->home_advantage != 0)
	{
		for (t = 0; t < n_teams; t++)
			d->team_shift[t] = t == home ? d->home_advantage : 0;
		match->team_shift = d->team_shift;
	}

	/*
	 * A match without every team's score is rated by rank.  The pairs'
	 * outcomes are computed as the family asks for them (replay_pair_score):
	 * a table of them would take n_teams^2 memory.
	 */
	if (d->outcome != OUTCOME_RANK && all_scored)
	{
		for (t = 0; t < n_teams; t++)
			d->team_score[t] = rows[match->team_start[t]].details.score;
		match->team_score = d->team_score;
		match->scoring = state;
	}
}

double
details_pair_outcome(const ReplayMatch *match, int t, int u)
{
	return t == u ? 0.5 : score_outcome(match->scoring, match, match->team_score[t],
										match->team_score[u], t, u);
}

void
details_team_outcomes(ReplayState *state, const ReplayMatch *match)
{
	ReplayDetailsState *d = &state->engine->details;
	int			t,
				u;

	ensure_scratch(state, match->n_teams);
	for (t = 0; t < match->n_teams; t++)
	{
		double		sum = 0;

		CHECK_FOR_INTERRUPTS();
		for (u = 0; u < match->n_teams; u++)
			if (u != t)
				sum += replay_pair_score(match, t, u);
		d->team_outcome[t] = sum / (match->n_teams - 1);
	}
}

/* The state that rates context id's matches, made when first needed. */
static ReplayState *
context_state(ReplayState *state, int32 id)
{
	ReplayDetailsState *d = &state->engine->details;
	const OptionTable *table = &state->family->options;
	ReplayState *sub;
	int			k;

	if (id >= d->n_contexts)
	{
		int			n = Max(id + 1, d->n_contexts * 2);

		d->contexts = d->contexts
			? repalloc(d->contexts, sizeof(ReplayState *) * n)
			: MemoryContextAlloc(state->mcxt, sizeof(ReplayState *) * n);
		memset(&d->contexts[d->n_contexts], 0, sizeof(ReplayState *) * (n - d->n_contexts));
		d->n_contexts = n;
	}
	if (d->contexts[id])
		return d->contexts[id];

	sub = replay_create(state->mcxt, state->family);
	sub->caller = state->caller;
	memcpy(sub->opt, state->opt, sizeof(double) * table->count);
	memcpy(sub->engine->opt_lists, state->engine->opt_lists, sizeof(TimestampTz *) * table->count);
	/* The context_* rows given stand in for the options they name. */
	for (k = state->family->details_at + DETAIL_OPTION_COUNT; k < state->family->season_at; k++)
		if (!isnan(state->opt[k]))
			sub->opt[table->specs[k].inherits] = state->opt[k];
	sub->engine->options_read = true;
	details_configure(sub);
	sub->engine->details.in_context = true;
	sub->engine->details.parent = state;
	state->family->configure(sub);
	lifecycle_configure(sub);
	d->contexts[id] = sub;
	return sub;
}

/*
 * Hands the match to its context's state, which predicts it from the
 * context ratings and rates it there; returns the first team's chance.
 * A player new to the context starts from its overall mean and the
 * context's prior spread.
 */
static double
rate_in_context(ReplayState *state, const ReplayBatch *batch, const ReplayMatch *match)
{
	ReplayState *sub = context_state(state, match->context);
	ReplayBatch *into = &sub->engine->collecting;
	int			n = batch->n_rows;
	int			i;

	batch_reserve((void **) &into->rows, &into->max_rows, n, sizeof(ReplayRow));
	for (i = 0; i < n; i++)
	{
		ReplayRow  *row = &into->rows[i];

		*row = batch->rows[i];
		row->player = NULL;
		row->has_prior = true;
		memcpy(row->prior, sub->prior, sizeof(row->prior));
		row->prior[0] = batch->rows[i].player->r[0];
	}
	into->match_id = batch->match_id;
	into->played_at = batch->played_at;
	into->n_rows = n;
	into->has_details = true;
	replay_rate_batch(sub, into, state->in_period ? state->period_key : batch->played_at);
	return sub->engine->team_prob[0];
}

/*
 * The time refit_every after from, or DT_NOEND past the last timestamp
 * (an interval of millions of years never comes round).
 */
static TimestampTz
refit_time(double from, double every)
{
	double		next = from + every;

	return next < (double) DT_NOEND ? (TimestampTz) next : DT_NOEND;
}

/*
 * A refit on the records from the window before the refit point (all of
 * them without refit_window), from the values in force; those stay when
 * the window is empty.
 */
static void
refit_records(ReplayState *state, double point)
{
	ReplayDetailsState *d = &state->engine->details;
	PredictParams p = {
		.value = {d->scale, d->weight, d->exponent, d->draw_margin, d->draw_nu,
		d->draw_rate_slope},
		.searched = {true, d->refit_weight, d->refit_exponent,
			d->refit_drawn && d->draw_model == DRAW_MODEL_THRESHOLD,
		d->refit_drawn && d->draw_model == DRAW_MODEL_DAVIDSON, d->refit_slope},
		.low = {REFIT_LOW, 0, Min(-REFIT_EXPONENT, d->length_exponent), 0, 0,
		Min(-REFIT_SLOPE, d->draw_rate_slope)},
		.high = {REFIT_HIGH, 1, Max(REFIT_EXPONENT, d->length_exponent),
			Max(REFIT_MARGIN, d->draw_margin), Max(REFIT_NU, d->draw_nu),
		Max(REFIT_SLOPE, d->draw_rate_slope)},
	};

	if (d->refit_window > 0)
	{
		double		from = ceil(point - d->refit_window);

		predict_window_drop(d->window, from > (double) DT_NOBEGIN ? (TimestampTz) from : DT_NOBEGIN);
	}
	if (d->refit_drawn)
	{
		PredictDrawn how = {state->settings.normal_link, d->draw_model, true};

		p.low[PREDICT_SCALE] = Min(REFIT_DRAWN_LOW, d->scale);
		p.high[PREDICT_SCALE] = Max(REFIT_DRAWN_HIGH, d->scale);
		(void) predict_window_drawn_fit(d->window, &how, &p, REFIT_DRAWN_PASSES);
		d->draw_margin = p.value[PREDICT_DRAW_MARGIN];
		d->draw_nu = p.value[PREDICT_DRAW_NU];
		d->draw_rate_slope = p.value[PREDICT_DRAW_RATE_SLOPE];
	}
	else
		(void) predict_window_fit(d->window, state->settings.normal_link, &p, REFIT_PASSES);
	d->scale = p.value[PREDICT_SCALE];
	d->weight = p.value[PREDICT_CONTEXT_WEIGHT];
	if (p.value[PREDICT_LENGTH_EXPONENT] != d->exponent)
	{
		d->exponent = p.value[PREDICT_LENGTH_EXPONENT];
		d->powered_length = 1;	/* the cached length^exponent is stale */
		d->length_factor = 1;
	}
}

/*
 * The walk-forward refit before the match at played_at, when a step of
 * refit_every has come round since the last: predict_scale alone over all
 * earlier matches from the fixed bins; with a window, or with
 * context_weight or length_exponent refitted too, from records.  Under a
 * three-way score with a draw model (refit_drawn) always from records,
 * by the three-way likelihood, with the draw model's parameters.
 */
static void
refit_now(ReplayState *state, TimestampTz played_at)
{
	ReplayDetailsState *d = &state->engine->details;

	if (!d->refit_started)
	{
		d->refit_drawn = d->refit_three_way && d->draw_model != DRAW_MODEL_NONE;
		d->refit_slope = d->refit_drawn && d->draw_rate_slope != 0;
		if (d->refit_window > 0 || d->refit_weight || d->refit_exponent || d->refit_drawn)
		{
			d->window = MemoryContextAlloc(state->mcxt, sizeof(PredictWindow));
			predict_window_init(d->window, state->mcxt);
			d->window->record.draw_inputs = d->refit_drawn;
		}
		else
		{
			d->bins = MemoryContextAlloc(state->mcxt, sizeof(sk_adjust_bins));
			sk_adjust_bins_init(d->bins);
		}
		d->next_refit = refit_time((double) played_at, d->refit_every);
		d->refit_started = true;
	}
	if (played_at >= d->next_refit)
	{
		/* Refit once, however many steps the gap spans (a step may be 1 us). */
		double		missed = floor(((double) played_at - (double) d->next_refit) / d->refit_every);
		double		point = (double) d->next_refit + missed * d->refit_every;

		if (d->window)
			refit_records(state, point);
		else
			(void) sk_adjust_bins_fit(d->bins, state->settings.normal_link, REFIT_LOW, REFIT_HIGH, &d->scale);
		d->next_refit = refit_time(point, d->refit_every);
		if (d->next_refit <= played_at)	/* rounding at microsecond steps */
			d->next_refit = played_at + 1;
	}
}

/* Whether the match's prediction uses its context's ratings. */
static bool
uses_context(const ReplayState *state, const ReplayMatch *match)
{
	const ReplayDetailsState *d = &state->engine->details;

	return match->context >= 0 && (d->context_weight > 0 || d->want_context);
}

/*
 * Rates the match in its context's state, where the prediction needs the
 * context ratings, and keeps that state's chance of the first team from
 * before it rated (details_predict reads it).
 */
void
details_rate_in_context(ReplayState *state, const ReplayBatch *batch, const ReplayMatch *match)
{
	if (uses_context(state, match))
		state->engine->details.context_p = rate_in_context(state, batch, match);
}

/*
 * The prediction's adjustments (contexts, length, predict_scale and their
 * refits) on team_prob; returns the final z when it was computed, NaN when
 * the family's chance stands as it is (no two teams, or nothing to adjust).
 */
static double
adjust_prediction(ReplayState *state, ReplayMatch *match, double *team_prob)
{
	ReplayDetailsState *d = &state->engine->details;
	bool		use_context = uses_context(state, match);
	double		z;

	d->z = d->z_context = get_float8_nan();
	/* Nothing to adjust or record: the family's chance as it is, at no cost. */
	if (match->n_teams != 2 ||
		!(use_context || d->want_z || d->predict_scale != 1 || d->refit_every > 0 ||
		  (d->length_exponent != 0 && match->length != 1)))
		return get_float8_nan();
	if (d->refit_every > 0)
		refit_now(state, match->played_at);
	d->z = sk_adjust_unlink(state->settings.normal_link, team_prob[0]);
	if (use_context)
		d->z_context = sk_adjust_unlink(state->settings.normal_link, d->context_p);
	z = sk_adjust_z(d->z, d->z_context, d->weight, 1, 0);
	if (d->exponent != 0 && match->length != 1)
	{
		/* length^gamma, kept for the next match of the same length. */
		if (match->length != d->powered_length)
		{
			d->powered_length = match->length;
			d->length_factor = pow(match->length, d->exponent);
			/* Infinite, it would turn an even match's z of 0 into NaN. */
			if (!isfinite(d->length_factor))
				ereport(ERROR,
						(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
						 errmsg("length of match " INT64_FORMAT " to the power length_exponent, %g^%g, is too large to compute",
								match->match_id, match->length, d->exponent)));
		}
		z *= d->length_factor;
	}
	/* A three-way refit's record waits for the draw model's inputs (details_predict). */
	if (d->refit_every > 0 && !d->refit_drawn)
	{
		double		outcome = sk_rank_score(match->team_rank[0], match->team_rank[1]);

		if (d->window)
			predict_window_add(d->window, match->played_at, d->z, d->z_context, match->length,
							   outcome, NAN, NAN);
		else
			sk_adjust_bins_add(d->bins, z, outcome);
	}
	/* Nothing to adjust: the family's own chance, bit for bit. */
	if (z == d->z && d->scale == 1)
		return z;
	z *= d->scale;
	team_prob[0] = sk_adjust_link(state->settings.normal_link, z);
	team_prob[1] = 1 - team_prob[0];
	return z;
}

/*
 * The pair's mean rating less a new player's, in the family's rating
 * units: where draw_rate_slope moves the draw parameter from.
 */
static double
draw_level(const ReplayState *state, const ReplayMatch *match)
{
	double		sum = 0;
	int			i;

	for (i = 0; i < match->n_players; i++)
		sum += match->player[i]->r[0];
	return (sum / match->n_players - state->prior[0]) / state->settings.rating_unit;
}

/*
 * A two-team match's chances of a win, a draw and a loss from the final
 * z by the draw model, into team_prob[0], the engine's draw_prob and
 * team_prob[1].  draw_rate_slope s moves delta to delta + s level (at
 * least 0) and nu to nu e^(s level); a parameter too large for a double
 * stands at DBL_MAX, where the chance of a draw is 1 to the last digit.
 */
static void
model_draw(ReplayState *state, ReplayMatch *match, double z, double *team_prob)
{
	ReplayDetailsState *d = &state->engine->details;
	double		shift = d->draw_rate_slope != 0 ? d->draw_rate_slope * d->draw_level : 0;
	sk_draw_model model = replay_core_draw_model(d->draw_model);
	double		param;
	sk_status	status;

	switch (d->draw_model)
	{
		case DRAW_MODEL_DAVIDSON:
			param = sk_draw_shifted(model, d->draw_nu, shift);
			break;
		case DRAW_MODEL_NATIVE:
			d->draw_native = state->family->native_draw_margin(state, match);
			param = sk_draw_shifted(model, d->draw_native, shift);
			break;
		default:
			param = sk_draw_shifted(model, d->draw_margin, shift);
			break;
	}
	status = sk_draw_probs(state->settings.normal_link, model, z, Min(param, DBL_MAX), &team_prob[0],
						   &state->engine->draw_prob, &team_prob[1]);

	/*
	 * z is a clamped unlink or comes from finite ratings, and param is
	 * capped; a NaN from ratings an earlier match left beyond double range
	 * fails the match rather than leaving its chances half written.
	 */
	if (status != SK_OK)
		core_status_error(status, psprintf("%s could not split the prediction of match " INT64_FORMAT " by its draw model",
										   state->caller, match->match_id));
	state->engine->draw_modelled = true;
}

/*
 * The prediction of a match with details: the family's chance adjusted,
 * then split into a win, a draw and a loss by the draw model.
 */
void
details_predict(ReplayState *state, ReplayMatch *match, double *team_prob)
{
	ReplayDetailsState *d = &state->engine->details;
	double		z = adjust_prediction(state, match, team_prob);

	state->engine->draw_modelled = false;
	d->draw_level = d->draw_native = get_float8_nan();
	if (match->n_teams != 2)
		return;
	if (d->draw_rate_slope != 0 || d->want_z || d->refit_slope)
		d->draw_level = draw_level(state, match);
	if (d->draw_model == DRAW_MODEL_NONE)
		return;
	model_draw(state, match, isnan(z) ? sk_adjust_unlink(state->settings.normal_link, team_prob[0]) : z,
			   team_prob);
	if (d->refit_drawn)
		predict_window_add(d->window, match->played_at, d->z, d->z_context, match->length,
						   sk_rank_score(match->team_rank[0], match->team_rank[1]),
						   d->draw_level, d->draw_native);
}
