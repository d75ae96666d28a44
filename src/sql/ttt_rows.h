/*
 * ttt_rows.h - a rows query and an options jsonb turned into the flat
 * history the TrueSkill Through Time core reads (core/ttt.h), with what the
 * SQL results need beside it (ids, times).
 *
 * Columns, by position: match_id bigint, played_at timestamptz, [period
 * timestamptz, ignored], player_id bigint, team int, rank float8; after
 * rank, by name, weight float8 (the player's partial-play weight in [0, 1],
 * NULL = 1), and one column of type skill.rating (any name): the player's
 * prior, read from its first row (NULL = the options' mu and sigma).
 * Rows come ordered by played_at, match_id, a match's rows together;
 * matches with the same played_at form one batch.
 */
#ifndef SKILL_SQL_TTT_ROWS_H
#define SKILL_SQL_TTT_ROWS_H

#include "sql/skill.h"

#include "core/ttt.h"
#include "utils/jsonb.h"

typedef struct TttOptions
{
	double		mu;				/* prior of players without a prior column */
	double		sigma;
	sk_ttt_params params;
	double		unit_usecs;		/* the time unit; 0: one unit per batch */
	double		resmooth_every; /* match_predictions: time units; 0: never */
	bool		other_columns;	/* evaluate, fit: columns not read are other systems' */
} TttOptions;

/*
 * Reads options (NULL: every default), each rule an error naming its key;
 * resmooth_every only where forecasts is true (match_predictions).
 */
extern void ttt_read_options(Jsonb *options, const char *caller, bool forecasts,
							 TttOptions *out);

struct tttplayers_hash;

typedef struct TttHistory
{
	sk_ttt_history h;			/* the core's view of the arrays below */
	struct tttplayers_hash *players;	/* player_id to index: ttt_player_index */
	int			n_events;
	int64	   *player_id;		/* by player index */
	int		   *player_matches;
	TimestampTz *player_last;
	TimestampTz *batch_played_at;	/* by batch */
	int64	   *event_match_id;	/* by event */
	int		   *event_batch;
	int		   *team_label;		/* by team: the rows' team number */
	int		   *event_min_before;	/* the fewest earlier matches of its players */
} TttHistory;

/*
 * Runs the rows query into a history, in CurrentMemoryContext; each
 * ordering or value rule is an error naming the row (match_id, player_id).
 */
extern void ttt_read_rows(FunctionCallInfo fcinfo, text *query, const TttOptions *options,
						  const char *caller, TttHistory *out);

/* The index of the player in the history, or -1 for one it lacks. */
extern int	ttt_player_index(const TttHistory *hist, int64 player_id);

/*
 * ttt_sql.c: skill.match_predictions('ttt', rows, options), called by
 * match_predictions once its arguments are known not NULL.
 */
extern void ttt_match_predictions(FunctionCallInfo fcinfo);

/*
 * ttt_sql.c: the honest forecasts evaluate and fit score, one per match
 * in the rows' order: each from the batches before it alone, the past
 * re-smoothed every resmooth_every time units (absent or null in the
 * options: TTT_RESMOOTH_DEFAULT).  Columns the model does not read are
 * left to the other systems.  Everything in CurrentMemoryContext.
 */
#define TTT_RESMOOTH_DEFAULT 30.0

typedef struct TttForecasts
{
	int			n;				/* matches */
	int64	   *match_id;
	int		   *n_teams;
	double	   *win;			/* the first team's chance of winning */
	double	   *draw;			/* of a tie (0 without p_draw) */
	double	   *outcome;		/* 1 won, 0.5 shared the best rank, 0 lost */
	bool		draws;			/* p_draw above 0 */
} TttForecasts;

extern void ttt_forecasts(FunctionCallInfo fcinfo, text *rows, Jsonb *options,
						  const char *caller, TttForecasts *out);

/*
 * The same in steps, for fit's many evaluations of one history: the
 * options for forecasts (resmooth_every's default as above, other columns
 * allowed), the rows read once (ttt_read_rows), then the forecasts with
 * parameters set in a copy of the options and the history's priors.
 */
extern void ttt_forecast_options(Jsonb *options, const char *caller, TttOptions *out);
extern void ttt_forecast_history(const TttHistory *history, const TttOptions *options,
								 const char *caller, TttForecasts *out);

#endif
