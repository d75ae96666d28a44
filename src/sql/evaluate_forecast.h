/*
 * evaluate_forecast.h - skill.evaluate's outside forecast: the rows query's
 * columns forecast_win (the chance the row's team wins, the same on all
 * rows of a team) and forecast_draw (the chance of a draw, the same on all
 * rows of a match), read and checked match by match as the rows go to the
 * engine, and kept until the engine hands the match to the scores.
 *
 * A match's probabilities must lie in [0, 1] and sum to 1 within 1e-6;
 * a NULL on any of its rows marks the match missing, and every system
 * leaves it out of its scores.  The matches waiting for the engine are
 * those of its open rating period at most (one or two without periods).
 */
#ifndef SKILL_SQL_EVALUATE_FORECAST_H
#define SKILL_SQL_EVALUATE_FORECAST_H

#include "sql/rows_query.h"

/* One match's forecast, as the scores take it. */
typedef struct ForecastMatch
{
	int64		match_id;
	double		win;			/* the first team's (lowest number) chance of winning */
	double		draw;			/* 0 without a forecast_draw column */
	bool		missing;		/* a NULL on a row: scored by no system */
} ForecastMatch;

/* One row of the match being read. */
typedef struct ForecastRow
{
	int32		team;
	double		win;			/* NaN: NULL */
} ForecastRow;

typedef struct ForecastReader
{
	MemoryContext mcxt;
	bool		seen_row;		/* the first row told the columns */
	bool		has_win;		/* the rows query has forecast_win */
	bool		has_draw;		/* and forecast_draw */
	/* The match being read. */
	int64		match_id;
	ForecastRow *rows;
	int			n_rows;
	int			max_rows;
	double		draw;			/* its first row's forecast_draw; NaN: NULL */
	/* Matches read, not yet taken: queue[head .. tail). */
	ForecastMatch *queue;
	int			head;
	int			tail;
	int			capacity;
} ForecastReader;

extern void forecast_reader_init(ForecastReader *reader, MemoryContext mcxt);

/* A row, before the engine gets it: ends the match before it, if any. */
extern void forecast_add_row(ForecastReader *reader, const RowValues *row);

/* Ends the last match, before the engine's replay_finish. */
extern void forecast_finish(ForecastReader *reader);

/* The forecast of the match the engine hands on, which must be the oldest kept; NULL without forecast columns. */
extern const ForecastMatch *forecast_take(ForecastReader *reader, int64 match_id);

#endif
