/*
 * rows_query.h - reading a rows query (the text argument of the history
 * functions and skill.replay) through SPI, one decoded row at a time as the
 * executor makes it.
 *
 * Columns, by position: match_id bigint, played_at timestamptz,
 * [period timestamptz], player_id bigint, team int, rank float8 [, prior
 * of the family's rating type].  Families without rating periods ignore a
 * period column; the Glicko families without one rate each match as its
 * own period.  After rank, columns named score (float8), context (text),
 * length (float8), home (boolean), match_weight (float8) and season (int,
 * bigint or text) are the match details, in any order; NULL there means
 * none.  Columns named forecast_win and forecast_draw (float8) are an
 * outside forecast, which skill.evaluate scores and every other function
 * ignores.
 */
#ifndef SKILL_SQL_ROWS_QUERY_H
#define SKILL_SQL_ROWS_QUERY_H

#include "engine/replay.h"
#include "sql/skill.h"

/* The outside forecast's columns (skill.evaluate). */
typedef enum RowsForecast
{
	FORECAST_WIN, FORECAST_DRAW, FORECAST_COUNT
} RowsForecast;

typedef struct RowValues
{
	int64		match_id;
	TimestampTz played_at;
	TimestampTz period;			/* the period column, or played_at */
	int64		player_id;
	int32		team;
	double		rank;
	const double *prior;		/* NULL: the family default */
	double		prior_values[REPLAY_MAX_FIELDS];
	const ReplayDetails *details;	/* NULL: the query has no detail columns */
	ReplayDetails detail_values;
	bool		has_forecast[FORECAST_COUNT];	/* the query has the column */
	bool		forecast_null[FORECAST_COUNT];	/* NULL or absent */
	double		forecast[FORECAST_COUNT];	/* its value, unchecked */
} RowValues;

typedef void (*RowsQueryCallback) (void *arg, const RowValues *row);

/*
 * Runs query and calls fn for each row, in order.  prior_type reads
 * composite priors (unused for Elo).  Per-row memory is reset every few
 * thousand rows.
 */
extern void rows_query_run(const ReplayFamily *family, text *query,
						   CompositeType *prior_type, RowsQueryCallback fn, void *arg);

/* The match details, in the order of skill.match_details's fields. */
typedef enum RowsDetail
{
	DETAIL_SCORE, DETAIL_CONTEXT, DETAIL_LENGTH, DETAIL_HOME,
	DETAIL_MATCH_WEIGHT,		/* the rows query's only, as season is */
	DETAIL_COUNT
} RowsDetail;

/*
 * Reads the details of a deformed row or skill.match_details value:
 * column[d] is detail d's 1-based position in values/nulls, 0 where it is
 * absent; a NULL means none.  A score or length of NaN is refused, naming
 * match_id and player_id, since the engine takes NaN for "not given";
 * contexts become ids in contexts.
 */
extern void rows_read_details(const int *column, const Datum *values, const bool *nulls,
							  struct ContextNames *contexts, int64 match_id,
							  int64 player_id, ReplayDetails *details);

/* Feeds every row of query to state, in order, and finishes it. */
extern void rows_query_replay(ReplayState *state, text *query, CompositeType *prior_type);

/*
 * A score or length as given: NaN is refused, naming the match and the
 * player, since the engine takes NaN for "not given" (NULL says that).
 */
extern double rows_detail_number(double value, const char *name, int64 match_id,
								 int64 player_id);

#endif
