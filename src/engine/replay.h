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
 */
#ifndef SKILL_REPLAY_H
#define SKILL_REPLAY_H

#include "engine/pg_compat.h"

#include "engine/bulk_alloc.h"

#include "utils/float.h"
#include "utils/jsonb.h"
#include "utils/timestamp.h"

#include "engine/options.h"

#include "core/draws.h"
#include "core/pairwise.h"

/* At most this many rating fields: elo 1, rating 2, glicko 3. */
#define REPLAY_MAX_FIELDS 3

/* A player: the element of the engine's hash table, keyed by id. */
typedef struct ReplayPlayer
{
	int64		id;
	char		status;			/* simplehash's slot state */
	bool		in_match;		/* in the match being rated (duplicate check) */
	int32		matches;		/* matches rated so far */
	double		r[REPLAY_MAX_FIELDS];	/* current rating */
	int64		last_period;	/* Glicko: periods_ended it is current to */
	TimestampTz last_played;	/* its last match (idle growth) */
} ReplayPlayer;

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
} ReplayDetails;

static inline void
replay_details_none(ReplayDetails *details)
{
	details->score = details->length = get_float8_nan();
	details->context = -1;
	details->home = false;
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

/* One match, sorted into teams, as the family callbacks see it. */
typedef struct ReplayMatch
{
	int64		match_id;
	TimestampTz played_at;
	int			n_teams;
	int			n_players;
	int		   *team_start;		/* n_teams + 1 */
	double	   *team_rank;		/* n_teams */
	int32	   *team_label;		/* n_teams: the team numbers of the input */
	ReplayPlayer **player;		/* n_players, in team order */
	/* From the details (details.c); NULL, -1 and 1 without them. */
	const double *team_score;	/* n_teams: the teams' scores, where the
								 * outcome comes from them (replay_pair_score) */
	const struct ReplayState *scoring;	/* whose outcome option, with team_score */
	const double *team_shift;	/* n_teams: home advantage added to field 0 */
	int32		context;
	double		length;
} ReplayMatch;

typedef struct ReplayState ReplayState;

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

/* The SQL type of a family's ratings. */
typedef enum ReplayValueKind
{
	VALUE_ELO,					/* float8 */
	VALUE_RATING,				/* skill.rating (mu, sigma) */
	VALUE_GLICKO				/* skill.glicko (rating, rd, vol); vol NULL with 2 fields */
} ReplayValueKind;

typedef struct ReplayFamily
{
	const char *name;			/* the SQL aggregate, for messages */
	int			n_fields;		/* rating fields per player */
	ReplayValueKind kind;
	bool		uses_period;	/* rows carry a rating-period key (Glicko) */
	OptionTable options;		/* declared once: see engine/options.h */
	/*
	 * Where the rows every family shares sit in options: DETAIL_OPTIONS at
	 * details_at, the family's context_* rows (OPTION_CONTEXT) from
	 * details_at + DETAIL_OPTION_COUNT up to season_at, and SEASON_OPTIONS
	 * at season_at, last.
	 */
	int			details_at;
	int			season_at;
	Size		data_size;		/* the family's own state, zeroed */
	/* Turns the option values into the family's settings and the prior. */
	void		(*configure) (ReplayState *state);
	/* Sets up a player first seen, after its rating is set (may be NULL). */
	void		(*new_player) (ReplayState *state, ReplayPlayer *player);
	void		(*rate_match) (ReplayState *state, ReplayMatch *match);
	/* Win probability of each team before the match (histories). */
	void		(*predict_win) (ReplayState *state, ReplayMatch *match, double *team_prob);
	/* Chance of a draw before the match (may be NULL: none defined). */
	double		(*predict_draw) (ReplayState *state, ReplayMatch *match);
	/*
	 * The family's own draw margin on its final probit argument for a
	 * two-team match, after predict_win (draw_model native; NULL: the
	 * family has none, and native is refused).
	 */
	double		(*native_draw_margin) (ReplayState *state, ReplayMatch *match);
	/* Rates a rating period when it closes (may be NULL). */
	void		(*end_period) (ReplayState *state);
	/* Brings a player up to date when it is next seen and at the end (may be NULL). */
	void		(*finish_player) (ReplayState *state, ReplayPlayer *player);
	/*
	 * Why option index can have no effect when every option lies within
	 * [low, high] (by index), or NULL; skill.fit refuses to search it.
	 * May be NULL: none is ever dead.
	 */
	const char *(*dead_option) (int index, const double *low, const double *high);
} ReplayFamily;

/*
 * The player's life around the matches (lifecycle.c): growth of the spread
 * (sigma or RD) with idle time, and soft resets at season starts.  Families
 * set the spread's field, cap and growth in configure; the season options
 * are the rows at family->season_at.
 */
typedef enum SeasonOption
{
	SEASON_STARTS, SEASON_KEEP, SEASON_OPTION_COUNT
} SeasonOption;

/* The season options every family declares, last in its table, from row at. */
#define SEASON_OPTIONS(at) \
	[(at) + SEASON_STARTS] = OPTION_TIMESTAMPS("season_starts", "season starts: every known player is soft-reset toward the prior before the first match at or after each"), \
	[(at) + SEASON_KEEP] = OPTION_SHARE("season_keep", 0.5, "share of the distance from the prior a season reset keeps")

/*
 * The options of the match details, which every family declares (before
 * its context_* rows and SEASON_OPTIONS) from row family->details_at, and
 * the engine reads there (details.c).
 */
extern const char *const replay_outcome_names[];

typedef enum ReplayOutcome
{
	OUTCOME_RANK, OUTCOME_SHARE, OUTCOME_DIFFERENCE
} ReplayOutcome;

typedef enum DetailOption
{
	DETAIL_OUTCOME, DETAIL_OUTCOME_W, DETAIL_OUTCOME_K, DETAIL_OUTCOME_SCALE,
	DETAIL_CONTEXT_WEIGHT, DETAIL_LENGTH_EXPONENT, DETAIL_HOME_ADVANTAGE,
	DETAIL_PREDICT_SCALE, DETAIL_REFIT_EVERY, DETAIL_REFIT_WINDOW,
	DETAIL_DRAW_MODEL, DETAIL_DRAW_MARGIN, DETAIL_DRAW_NU, DETAIL_DRAW_RATE_SLOPE,
	DETAIL_OPTION_COUNT
} DetailOption;

/*
 * The draw model of a two-team prediction (option draw_model; details.c):
 * none keeps the family's two-outcome chance; the others split it into the
 * chances of a win, a draw and a loss (core/draws.h), native by the
 * family's own draw margin (ReplayFamily.native_draw_margin).
 */
extern const char *const replay_draw_model_names[];

typedef enum ReplayDrawModel
{
	DRAW_MODEL_NONE, DRAW_MODEL_THRESHOLD, DRAW_MODEL_DAVIDSON, DRAW_MODEL_NATIVE
} ReplayDrawModel;

/* The core's model of the chances: native is a threshold on the family's own margin. */
static inline sk_draw_model
replay_core_draw_model(ReplayDrawModel model)
{
	return model == DRAW_MODEL_NONE ? SK_DRAW_NONE
		: model == DRAW_MODEL_DAVIDSON ? SK_DRAW_DAVIDSON : SK_DRAW_THRESHOLD;
}

#define DETAIL_OPTIONS(at) \
	[(at) + DETAIL_OUTCOME] = OPTION_NAMED("outcome", replay_outcome_names, "the outcome rated: rank (1, 0.5, 0), share or difference of the score columns"), \
	[(at) + DETAIL_OUTCOME_W] = OPTION_SHARE("outcome_w", 0, "share outcome: weight of the result by rank, s = w r + (1 - w) sigmoid(k logit(share))"), \
	[(at) + DETAIL_OUTCOME_K] = OPTION_POSITIVE("outcome_k", 1, "share outcome: the k of sigmoid(k logit(share))"), \
	[(at) + DETAIL_OUTCOME_SCALE] = OPTION_POSITIVE("outcome_scale", 1, "difference outcome: s = sigmoid(score difference / outcome_scale)"), \
	[(at) + DETAIL_CONTEXT_WEIGHT] = OPTION_SHARE("context_weight", 0, "weight of the context ratings in the prediction"), \
	[(at) + DETAIL_LENGTH_EXPONENT] = OPTION_ANY("length_exponent", 0, "the prediction's logit (probit) is multiplied by length^length_exponent"), \
	[(at) + DETAIL_HOME_ADVANTAGE] = OPTION_ANY("home_advantage", 0, "added to the home team's rating in updates and predictions"), \
	[(at) + DETAIL_PREDICT_SCALE] = OPTION_POSITIVE("predict_scale", 1, "multiplies the prediction's logit (probit)"), \
	[(at) + DETAIL_REFIT_EVERY] = OPTION_EVERY("refit_every", "refit predict_scale, and context_weight and length_exponent if not 0, this often (an interval)"), \
	[(at) + DETAIL_REFIT_WINDOW] = OPTION_EVERY("refit_window", "with refit_every: refit on the matches of this interval before each refit only (default: all earlier)"), \
	[(at) + DETAIL_DRAW_MODEL] = OPTION_NAMED("draw_model", replay_draw_model_names, "two-team chances of a win, a draw and a loss: none (one chance), threshold, davidson, or native (TrueSkill's draw margin)"), \
	[(at) + DETAIL_DRAW_MARGIN] = OPTION_NONNEGATIVE("draw_margin", 0, "threshold draw model: the margin delta on the prediction's final logit (probit) z; P(win) = F(z - delta)"), \
	[(at) + DETAIL_DRAW_NU] = OPTION_NONNEGATIVE("draw_nu", 0, "davidson draw model: nu of P(draw) = nu / (e^(z/2) + e^(-z/2) + nu)"), \
	[(at) + DETAIL_DRAW_RATE_SLOPE] = OPTION_ANY("draw_rate_slope", 0, "draw models: delta (or ln nu) grows by this per rating unit of the pair's mean rating above a new player's")

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
	bool		normal_link;	/* the family's two-team chance is a normal cdf */
	ReplayDrawModel draw_model;
	double		draw_margin;
	double		draw_nu;
	double		draw_rate_slope;
	double		rating_unit;	/* the family's rating scale (Elo's scale, beta), for the slope */
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

typedef struct ReplayLifecycle
{
	int			spread_field;	/* rating field of the spread; -1: none */
	double		spread_cap;		/* idle growth stops here */
	double		idle_per_day;	/* spread growth per idle day; 0: off */
	double		season_keep;	/* share of the distance to the prior kept */
	const TimestampTz *season_starts;
	int			n_seasons;
	int			next_season;	/* the first start not yet applied */
} ReplayLifecycle;

struct ReplayState
{
	MemoryContext mcxt;
	const ReplayFamily *family;
	const char *caller;			/* SQL name for messages (aggregate or history) */
	double	   *opt;			/* option values, in the family's table order */
	TimestampTz **opt_lists;	/* the lists of OPTION_TIMES options */
	ReplayLifecycle life;
	ReplayDetailsState details;
	struct ContextNames *context_names; /* the aggregates': context text to ids */
	double		prior[REPLAY_MAX_FIELDS];	/* rating of a player first seen */
	void	   *family_data;	/* family->data_size bytes */
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

	/* Rating periods (Glicko). */
	bool		in_period;
	TimestampTz period_key;
	int64		periods_ended;	/* rating periods closed so far */

	/*
	 * Periods are per match while every row's period equals its played_at
	 * (a history without a period column, or an aggregate given played_at
	 * as the period): then a period stands for no calendar time of its
	 * own, and the Glicko families grow RDs by the calendar time a player
	 * was idle instead of by the periods closed meanwhile.  The first row
	 * whose period differs ends that for the rest of the replay; a period
	 * keeps the status it opened with, so its matches are treated alike.
	 */
	bool		period_keys_differ; /* some row's period was not its played_at */
	bool		period_per_match;	/* of the open period */

	/* Scratch for one match, grown to the largest match seen. */
	ReplayMatch match;
	double	   *mu;				/* n_players-sized gathers for the cores */
	double	   *sigma;
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
};

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
extern ReplayPlayer *replay_lookup(ReplayState *state, int64 player_id);
extern ReplayPlayer *replay_seed_player(ReplayState *state, int64 match_id, int64 player_id,
									  const double *r, int32 matches, TimestampTz last_played);
extern ReplayPlayer **replay_players_by_id(ReplayState *state, uint32 *count);
extern void *replay_scratch(ReplayState *state, size_t bytes);

/* Lifecycle steps (lifecycle.c). */
extern void lifecycle_configure(ReplayState *state);
extern void lifecycle_new_season(ReplayState *state, TimestampTz played_at);
extern void lifecycle_idle(ReplayState *state, ReplayPlayer *player, TimestampTz played_at);
/* A seeded player's season resets up to played_at; then the replay's own start after it. */
extern void lifecycle_seeded_seasons(ReplayState *state, ReplayPlayer *player,
									 TimestampTz played_at);
extern void lifecycle_skip_seasons(ReplayState *state, TimestampTz played_at);

/* Whether a season starts at or before played_at (inline: every match asks). */
static inline bool
lifecycle_season_due(const ReplayState *state, TimestampTz played_at)
{
	const ReplayLifecycle *life = &state->life;

	return life->next_season < life->n_seasons &&
		played_at >= life->season_starts[life->next_season];
}

/* Team t's outcome against u from the scores, by the outcome option (details.c). */
extern double details_pair_outcome(const ReplayMatch *match, int t, int u);

/* Team t's outcome against team u: by the scores where the match has them, else by rank. */
static inline double
replay_pair_score(const ReplayMatch *match, int t, int u)
{
	return match->team_score ? details_pair_outcome(match, t, u)
		: sk_rank_score(match->team_rank[t], match->team_rank[u]);
}

/* Match details (details.c). */
extern void details_configure(ReplayState *state);
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
