/*
 * family_api.h - what a rating family (src/families/) sees of the replay
 * engine: the player and match it is handed, the ReplayFamily callbacks it
 * fills in, the option rows every family declares, and the part of the
 * replay state it reads and writes.  Everything else of the engine is in
 * engine/replay.h, which the families do not include (make check-layers).
 */
#ifndef SKILL_ENGINE_FAMILY_API_H
#define SKILL_ENGINE_FAMILY_API_H

#include "engine/pg_compat.h"

#include "utils/timestamp.h"

#include "engine/options.h"

#include "core/pairwise.h"

/* At most this many rating fields: elo 1, rating 2, glicko 3. */
#define REPLAY_MAX_FIELDS 3

/* A player: the element of the engine's hash table, keyed by id. */
typedef struct ReplayPlayer
{
	int64		id;
	char		status;			/* simplehash's slot state */
	bool		in_match;		/* in the match being rated (duplicate check) */
	bool		has_last_match;	/* last_match is known (not a seeded player) */
	int32		matches;		/* matches rated so far */
	int64		last_match;		/* the match_id of its last match (recurring ids) */
	double		r[REPLAY_MAX_FIELDS];	/* current rating */
	int64		last_period;	/* Glicko: periods_ended it is current to */
	TimestampTz last_played;	/* its last match (idle growth) */
	bool		has_season;		/* season: the key of its last match's season */
	int64		season;
} ReplayPlayer;

typedef struct ReplayState ReplayState;

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
	const ReplayState *scoring; /* whose outcome option, with team_score */
	const double *team_shift;	/* n_teams: home advantage added to field 0 */
	int32		context;
	double		length;
	double		weight;			/* scales the match's update (match_weight); 1 */
} ReplayMatch;

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
	bool		match_weights;	/* its rate_match callback scales the update by match->weight */
	bool		mov_outcome;	/* its rate_match callback applies outcome "mov"'s multiplier */
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
 * set the spread's field, cap and growth in configure (FamilySettings); the
 * season options are the rows at family->season_at.
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
	OUTCOME_RANK, OUTCOME_SHARE, OUTCOME_DIFFERENCE, OUTCOME_MOV
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

#define DETAIL_OPTIONS(at) \
	[(at) + DETAIL_OUTCOME] = OPTION_NAMED("outcome", replay_outcome_names, "the outcome rated: rank (1, 0.5, 0), share or difference of the score columns, or mov (Elo: 1, 0.5, 0 by score, K times a margin-of-victory multiplier)"), \
	[(at) + DETAIL_OUTCOME_W] = OPTION_SHARE("outcome_w", 0, "share outcome: weight of the result by rank, s = w r + (1 - w) sigmoid(k logit(share))"), \
	[(at) + DETAIL_OUTCOME_K] = OPTION_POSITIVE("outcome_k", 1, "share outcome: the k of sigmoid(k logit(share))"), \
	[(at) + DETAIL_OUTCOME_SCALE] = OPTION_POSITIVE("outcome_scale", 1, "difference outcome: s = sigmoid(score difference / outcome_scale)"), \
	[(at) + DETAIL_CONTEXT_WEIGHT] = OPTION_SHARE("context_weight", 0, "weight of the context ratings in the prediction"), \
	[(at) + DETAIL_LENGTH_EXPONENT] = OPTION_ANY("length_exponent", 0, "the prediction's logit (probit) is multiplied by length^length_exponent"), \
	[(at) + DETAIL_HOME_ADVANTAGE] = OPTION_ANY("home_advantage", 0, "added to the home team's rating in updates and predictions"), \
	[(at) + DETAIL_PREDICT_SCALE] = OPTION_POSITIVE("predict_scale", 1, "multiplies the prediction's logit (probit)"), \
	[(at) + DETAIL_REFIT_EVERY] = OPTION_EVERY("refit_every", "refit predict_scale, and context_weight and length_exponent if not 0, this often (an interval); under evaluate's objective three_way, the draw model's keys too"), \
	[(at) + DETAIL_REFIT_WINDOW] = OPTION_EVERY("refit_window", "with refit_every: refit on the matches of this interval before each refit only (default: all earlier)"), \
	[(at) + DETAIL_DRAW_MODEL] = OPTION_NAMED("draw_model", replay_draw_model_names, "two-team chances of a win, a draw and a loss: none (one chance), threshold, davidson, or native (TrueSkill's draw margin)"), \
	[(at) + DETAIL_DRAW_MARGIN] = OPTION_NONNEGATIVE("draw_margin", 0, "threshold draw model: the margin delta on the prediction's final logit (probit) z; P(win) = F(z - delta)"), \
	[(at) + DETAIL_DRAW_NU] = OPTION_NONNEGATIVE("draw_nu", 0, "davidson draw model: nu of P(draw) = nu / (e^(z/2) + e^(-z/2) + nu)"), \
	[(at) + DETAIL_DRAW_RATE_SLOPE] = OPTION_ANY("draw_rate_slope", 0, "draw models: delta (or ln nu) grows by this per rating unit of the pair's mean rating above a new player's")

/*
 * What a family's configure tells the engine besides the prior; the
 * engine reads it after configure, and replay_create sets the defaults
 * for a family that leaves a field alone.
 */
typedef struct FamilySettings
{
	double		rating_unit;	/* the rating scale (Elo's scale, beta) draw_rate_slope counts in; 1 */
	bool		normal_link;	/* the two-team chance is a normal cdf; false: logistic */
	int			spread_field;	/* rating field of the spread (idle growth, seasons); -1: none */
	double		spread_cap;		/* idle growth stops here */
	double		idle_per_day;	/* spread growth per idle day; 0: off */
} FamilySettings;

/*
 * The replay state as a family sees it: its options and settings, its own
 * data, the engine's scratch for the cores, and the rating periods.  The
 * rest is the engine's (engine/replay.h).
 */
struct ReplayState
{
	MemoryContext mcxt;
	const ReplayFamily *family;
	const char *caller;			/* SQL name for messages (aggregate or history) */
	double	   *opt;			/* option values, in the family's table order */
	double		prior[REPLAY_MAX_FIELDS];	/* rating of a player first seen */
	void	   *family_data;	/* family->data_size bytes */
	FamilySettings settings;	/* set in configure */

	/* n_players-sized gathers for the cores, grown to the largest match seen. */
	double	   *mu;
	double	   *sigma;

	/* Rating periods (Glicko). */
	bool		in_period;
	TimestampTz period_key;
	int64		periods_ended;	/* rating periods closed so far */
	bool		period_per_match;	/* the open period is one match's (replay.h) */

	struct ReplayEngine *engine;	/* the rest, the engine's own */
};

/* A details option's value (DETAIL_OPTIONS), for a family's configure to check. */
static inline double
replay_detail_option(const ReplayState *state, DetailOption option)
{
	return state->opt[state->family->details_at + option];
}

/* The player with this id, or NULL (replay.c). */
extern ReplayPlayer *replay_lookup(ReplayState *state, int64 player_id);

/* A scratch buffer for the cores, reused across matches (replay.c). */
extern void *replay_scratch(ReplayState *state, size_t bytes);

/* Team t's outcome against u from the scores, by the outcome option (details.c). */
extern double details_pair_outcome(const ReplayMatch *match, int t, int u);

/* Team t's outcome against team u: by the scores where the match has them, else by rank. */
static inline double
replay_pair_score(const ReplayMatch *match, int t, int u)
{
	return match->team_score ? details_pair_outcome(match, t, u)
		: sk_rank_score(match->team_rank[t], match->team_rank[u]);
}

#endif
