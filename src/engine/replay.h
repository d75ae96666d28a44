/*
 * replay.h - the replay engine: rows of (match, played_at, player, team,
 * rank) in, every player's rating out.
 *
 * One engine serves every family.  It keeps players in a hash table (memory
 * grows with players, never with matches), buffers the rows of the current
 * match, and rates a completed match once the match after it has been read
 * (or the input ends): it sorts the rows into teams and hands them to the
 * family's rate_match.  Matches are still rated one at a time, in order.  Families differ only
 * in the ReplayFamily callbacks: options, default rating, rating a match,
 * predicting it, and a final flush (Glicko-2's rating periods).
 *
 * This header is the engine's own, for the engine and the SQL glue that
 * drives it; what a family sees is engine/family_api.h.
 */
#ifndef SKILL_REPLAY_H
#define SKILL_REPLAY_H

#include "engine/family_api.h"

#include "engine/bulk_alloc.h"

#include "utils/float.h"
#include "utils/jsonb.h"

#include "core/draws.h"

/*
 * A row's match details, each optional: the rows query's
 * columns score, context, length and home, or the aggregates' details
 * argument.  A match without any rates as one without details, bit for bit.
 */
typedef struct ReplayDetails
{
	double		score;			/* the row's team's score; NaN: none */
	double		length;			/* the match's length (a best-of); NaN: none */
	int32		context;		/* the match's context, an id (context_names.h); -1: none */
	bool		home;			/* the row's team plays at home */
	double		match_weight;	/* the match's weight on its update; NaN: none (1) */
	bool		has_season;		/* the match belongs to a season (the season column) */
	int64		season;			/* its key: the int, or the text's id (context_names.h) */
} ReplayDetails;

static inline void
replay_details_none(ReplayDetails *details)
{
	details->score = details->length = details->match_weight = get_float8_nan();
	details->context = -1;
	details->home = false;
	details->has_season = false;
	details->season = 0;
}

/* A row of the match being collected; players are looked up at its end. */
typedef struct ReplayRow
{
	int64		player_id;
	uint32		hash;			/* of player_id, computed when the row arrives */
	struct ReplayPlayer *player;	/* set when the match is rated */
	int32		team;
	bool		has_prior;
	double		rank;
	double		prior[REPLAY_MAX_FIELDS];
	ReplayDetails details;
} ReplayRow;

/* The rows of one match, as they came. */
typedef struct ReplayBatch
{
	int64		match_id;
	TimestampTz played_at;
	ReplayRow  *rows;
	int			n_rows;
	int			max_rows;
	bool		has_details;	/* some row has details */
} ReplayBatch;

/*
 * What a history consumer receives for each rated match: self-contained
 * (ids, not pointers into the players table), because the Glicko families
 * learn a match's ratings after only when its rating period closes, and
 * the engine hands such matches on then.
 */
typedef struct ReplayResult
{
	int64		match_id;
	TimestampTz played_at;
	int			n_teams;
	int			n_players;
	const int  *team_start;		/* n_teams + 1 */
	const double *team_rank;	/* n_teams */
	const int32 *team_label;	/* n_teams */
	const int64 *player_id;		/* n_players, in team order */
	const int32 *matches_before;	/* n_players: matches rated before this one */
	const double *before;		/* n_players * n_fields */
	const double *after;		/* n_players * n_fields */
	const double *team_prob;	/* n_teams: chance of winning, before the match */
	const double *team_outcome; /* n_teams: the outcome each team's rows were rated with */
	double		draw_prob;		/* chance of a draw; NaN where the family has none */
	/*
	 * The two-team prediction's parts before predict_scale (adjust.h): NaN
	 * without two teams, or with nothing to adjust unless asked for.
	 */
	double		z;				/* from the overall ratings (home advantage included) */
	double		z_context;		/* from the context ratings; NaN: none */
	double		length;			/* 1 when not given */
	/*
	 * With a draw model in force on a two-team match, team_prob holds the
	 * chances of a win and of a loss and draw_prob that of a draw (which
	 * sum to 1); otherwise team_prob is the family's one chance per team.
	 * The draw model's inputs besides z, for a fit of its parameters on
	 * these records: the pair's mean rating less a new player's, in the
	 * family's rating units (NaN unless draw_rate_slope is not 0 or want_z),
	 * and the native draw margin on z (NaN unless draw_model is native).
	 */
	bool		draw_modelled;
	double		draw_level;
	double		draw_native;
} ReplayResult;

/* A team's expected score: its chance of winning plus half that of a draw. */
static inline double
replay_expected_score(const ReplayResult *result, int t)
{
	return result->draw_modelled ? result->team_prob[t] + result->draw_prob / 2
		: result->team_prob[t];
}

/*
 * The first team's chances of a win and a draw as a three-way prediction:
 * the draw model's, or without one the expected score and no draw.
 */
static inline void
replay_three_way(const ReplayResult *result, double *win, double *draw)
{
	*win = result->team_prob[0];
	*draw = result->draw_modelled ? result->draw_prob : 0;
}

typedef void (*ReplayEmit) (ReplayState *state, const ReplayResult *result);

/* The core's model of the chances: native is a threshold on the family's own margin. */
static inline sk_draw_model
replay_core_draw_model(ReplayDrawModel model)
{
	return model == DRAW_MODEL_NONE ? SK_DRAW_NONE
		: model == DRAW_MODEL_DAVIDSON ? SK_DRAW_DAVIDSON : SK_DRAW_THRESHOLD;
}

/* The details' settings and scratch (details.c). */
typedef struct ReplayDetailsState
{
	ReplayOutcome outcome;
	double		outcome_w;
	double		outcome_k;
	double		outcome_scale;
	double		context_weight;
	double		length_exponent;
	double		home_advantage;
	double		predict_scale;
	double		refit_every;	/* microseconds; 0: never */
	double		refit_window;	/* microseconds; 0: all earlier matches */
	bool		refit_weight;	/* the refit covers context_weight too */
	bool		refit_exponent; /* and length_exponent */
	/*
	 * The refits maximise the three-way likelihood under the draw model and
	 * refit its parameters too (draw_margin or draw_nu, and draw_rate_slope
	 * if not 0): set by evaluate's objective three_way before the replay.
	 */
	bool		refit_three_way;
	bool		refit_drawn;	/* refit_three_way with a draw model: in force */
	bool		refit_slope;	/* draw_rate_slope is refitted */
	ReplayDrawModel draw_model;
	double		draw_margin;	/* the draw model's parameters in force */
	double		draw_nu;
	double		draw_rate_slope;
	bool		want_context;	/* rate context ratings even at weight 0 (fit) */
	bool		want_z;			/* report ReplayResult.z even unadjusted (fit) */
	bool		in_context;		/* this state rates one context's matches */
	ReplayState *parent;		/* of a context state */
	ReplayState **contexts;		/* by context id, made when first seen */
	int			n_contexts;
	/* Scratch of the match being rated. */
	double	   *team_score;
	double	   *team_shift;
	double	   *team_outcome;
	int			scratch_teams;
	double		context_p;		/* the context state's chance of the first team */
	double		z;				/* the match's ReplayResult parts */
	double		z_context;
	double		draw_level;
	double		draw_native;
	double		powered_length;	/* length^length_exponent, for this length */
	double		length_factor;
	/*
	 * The walk-forward refit: of predict_scale alone over all earlier
	 * matches from fixed bins; otherwise from the records of a window.
	 */
	struct sk_adjust_bins *bins;
	struct PredictWindow *window;
	bool		refit_started;
	TimestampTz next_refit;
	double		scale;			/* predict_scale in force */
	double		weight;			/* context_weight in force */
	double		exponent;		/* length_exponent in force */
} ReplayDetailsState;

/* The seasons (lifecycle.c); the spread's field and growth are FamilySettings. */
typedef struct ReplayLifecycle
{
	double		season_keep;	/* share of the distance to the prior kept */
	const TimestampTz *season_starts;
	int			n_seasons;
	int			next_season;	/* the first start not yet applied */
	/* The season column: the season of the open rating period's matches. */
	bool		period_has_season;
	TimestampTz season_period;	/* the period it is of */
	int64		period_season;
} ReplayLifecycle;

/*
 * The engine's part of a replay state (ReplayState.engine), allocated with
 * it by replay_create.
 */
typedef struct ReplayEngine
{
	TimestampTz **opt_lists;	/* the lists of OPTION_TIMES options */
	ReplayLifecycle life;
	ReplayDetailsState details;
	struct ContextNames *context_names; /* the aggregates': context text to ids */
	bool		options_read;

	/* Players, in a hash table keyed by id (see replay.c). */
	struct playerhash_hash *players;

	/*
	 * Matches in flight: the one being collected, and the one before it,
	 * rated when the next begins (see replay_add_row).
	 */
	bool		in_match;
	int64		match_id;		/* of the match being collected */
	TimestampTz played_at;
	ReplayBatch collecting;
	ReplayBatch waiting;

	/*
	 * Periods are per match (ReplayState.period_per_match) while every
	 * row's period equals its played_at (a history without a period
	 * column, or an aggregate given played_at as the period): then a
	 * period stands for no calendar time of its own, and the Glicko
	 * families grow RDs by the calendar time a player was idle instead of
	 * by the periods closed meanwhile.  The first row whose period differs
	 * ends that for the rest of the replay; a period keeps the status it
	 * opened with, so its matches are treated alike.
	 */
	bool		period_keys_differ; /* some row's period was not its played_at */

	/* Scratch for one match, grown to the largest match seen. */
	ReplayMatch match;
	double	   *before;			/* n_players * n_fields (history) */
	double	   *team_prob;
	void	   *work;
	size_t		work_size;
	int			scratch_players;
	int			scratch_teams;

	/* History: called after each rated match when set. */
	ReplayEmit	emit;
	void	   *emit_arg;
	struct ReplayPending *pending;	/* matches of the open period (results.c) */
	int64	   *ids;			/* n_players-sized scratch for results */
	int32	   *matches_before;
	double	   *after;
	double		draw_prob;		/* of the match being rated */
	bool		draw_modelled;	/* by the draw model (details.c) */
} ReplayEngine;

/* Engine (replay.c). */
extern ReplayState *replay_create(MemoryContext mcxt, const ReplayFamily *family);
extern void replay_read_options(ReplayState *state, Jsonb *options);
/* The same, then values[k] for option index[k] (k < n) in place of the jsonb's. */
extern void replay_read_options_with(ReplayState *state, Jsonb *options, int n,
									 const int *index, const double *values);
extern void replay_add_row(ReplayState *state, int64 match_id, TimestampTz played_at,
						   int64 player_id, int32 team, double rank,
						   const double *prior, bool has_period, TimestampTz period,
						   const ReplayDetails *details);
extern void replay_finish(ReplayState *state);
extern ReplayPlayer *replay_seed_player(ReplayState *state, int64 match_id, int64 player_id,
									  const double *r, int32 matches, TimestampTz last_played);
extern ReplayPlayer **replay_players_by_id(ReplayState *state, uint32 *count);

/* Lifecycle steps (lifecycle.c). */
extern void lifecycle_configure(ReplayState *state);
extern void lifecycle_new_season(ReplayState *state, TimestampTz played_at);
extern void lifecycle_idle(ReplayState *state, ReplayPlayer *player, TimestampTz played_at);
/* A seeded player's season resets up to played_at; then the replay's own start after it. */
extern void lifecycle_seeded_seasons(ReplayState *state, ReplayPlayer *player,
									 TimestampTz played_at);
extern void lifecycle_skip_seasons(ReplayState *state, TimestampTz played_at);
/*
 * The season column: a player whose last match was of another season is
 * reset once before its first match of this one (row's details); either
 * way it is then of this season.  found: the player had been seen.
 */
extern void lifecycle_season_column(ReplayState *state, ReplayPlayer *player, bool found,
									int64 match_id, const ReplayDetails *details);
/* A rating period of the rows' own (a period column) holds one season's matches. */
extern void lifecycle_period_season(ReplayState *state, int64 match_id,
									const ReplayDetails *details);

/* Whether a season starts at or before played_at (inline: every match asks). */
static inline bool
lifecycle_season_due(const ReplayState *state, TimestampTz played_at)
{
	const ReplayLifecycle *life = &state->engine->life;

	return life->next_season < life->n_seasons &&
		played_at >= life->season_starts[life->next_season];
}

/* Match details (details.c). */
extern void details_configure(ReplayState *state);
/* Why the draw key detail (DETAIL_DRAW_*) has no effect under draw_model; NULL when it has. */
extern const char *details_unused_draw_key(int detail, ReplayDrawModel draw_model);
extern void details_check_row(ReplayState *state, int64 match_id, int64 player_id,
							  const ReplayDetails *details);
extern void details_prepare(ReplayState *state, const ReplayBatch *batch, ReplayMatch *match);
extern void details_rate_in_context(ReplayState *state, const ReplayBatch *batch,
									const ReplayMatch *match);
extern void details_predict(ReplayState *state, ReplayMatch *match, double *team_prob);
extern void details_team_outcomes(ReplayState *state, const ReplayMatch *match);

/* The engine's steps that details.c drives for a context's own state. */
extern void replay_rate_batch(ReplayState *state, ReplayBatch *batch, TimestampTz period);

/* Results for the emit callback (results.c). */
extern void results_match_rated(ReplayState *state, const ReplayMatch *match);
extern void results_period_closed(ReplayState *state);
extern double replay_first_team_outcome(const ReplayResult *result);


#endif
