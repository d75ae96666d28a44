/*
 * evaluate_forecast.c - skill.evaluate's outside forecast, read from the
 * rows query's forecast columns (evaluate_forecast.h).
 */
#include "sql/evaluate_forecast.h"

#include <math.h>

#include "utils/float.h"
#include "utils/memutils.h"

/* How far a match's probabilities may sum from 1. */
#define FORECAST_SUM_TOLERANCE 1e-6

void
forecast_reader_init(ForecastReader *reader, MemoryContext mcxt)
{
	memset(reader, 0, sizeof(*reader));
	reader->mcxt = mcxt;
}

/* Two values of one forecast column agree: equal, or both NULL. */
static bool
same_value(double a, double b)
{
	return a == b || (isnan(a) && isnan(b));
}

static int
compare_rows(const void *a, const void *b)
{
	int32		ta = ((const ForecastRow *) a)->team,
				tb = ((const ForecastRow *) b)->team;

	return (ta > tb) - (ta < tb);
}

/* Column k of the row: a probability, or NaN for NULL. */
static double
row_probability(const RowValues *row, RowsForecast k, const char *column)
{
	double		p = row->forecast[k];

	if (row->forecast_null[k])
		return get_float8_nan();
	if (!(p >= 0 && p <= 1))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("%s of match " INT64_FORMAT ", player " INT64_FORMAT " is %g, not a probability in [0, 1]",
						column, row->match_id, row->player_id, p)));
	return p;
}

static ForecastMatch *
queue_slot(ForecastReader *reader)
{
	if (reader->tail == reader->capacity)
	{
		/* Taken matches leave room at the front first. */
		if (reader->head > 0)
		{
			memmove(reader->queue, reader->queue + reader->head,
					sizeof(ForecastMatch) * (reader->tail - reader->head));
			reader->tail -= reader->head;
			reader->head = 0;
		}
		else
		{
			reader->capacity = Max(64, 2 * reader->capacity);
			reader->queue = reader->queue
				? repalloc_huge(reader->queue, sizeof(ForecastMatch) * reader->capacity)
				: MemoryContextAllocHuge(reader->mcxt, sizeof(ForecastMatch) * reader->capacity);
		}
	}
	return &reader->queue[reader->tail++];
}

/*
 * The match read: its teams' rows agree, and its probabilities (one per
 * team, and the draw's) sum to 1, unless one is NULL.  Kept normalised,
 * so that a sum a rounding away from 1 never predicts more than certainty.
 */
static void
end_match(ForecastReader *reader)
{
	ForecastMatch *m;
	ForecastRow *rows = reader->rows;
	double		sum;
	bool		missing = reader->has_draw && isnan(reader->draw);
	int			i;

	if (reader->n_rows == 0)
		return;
	qsort(rows, reader->n_rows, sizeof(ForecastRow), compare_rows);
	sum = reader->has_draw ? reader->draw : 0;
	for (i = 0; i < reader->n_rows; i++)
	{
		if (i > 0 && rows[i].team == rows[i - 1].team)
		{
			if (!same_value(rows[i].win, rows[i - 1].win))
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("forecast_win of team %d of match " INT64_FORMAT " differs between its rows",
								rows[i].team, reader->match_id),
						 errdetail("A team has one chance of winning: give all its players' rows the same forecast_win.")));
			continue;
		}
		missing |= isnan(rows[i].win);
		sum += rows[i].win;
	}
	if (!missing && fabs(sum - 1) > FORECAST_SUM_TOLERANCE)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the forecast of match " INT64_FORMAT " sums to %.9g, not 1", reader->match_id, sum),
				 errdetail("Each team's forecast_win%s must sum to 1 within 1e-6.",
						   reader->has_draw ? " and the match's forecast_draw" : ""),
				 errhint("Remove a bookmaker's margin first: divide each implied probability by their sum.")));
	m = queue_slot(reader);
	m->match_id = reader->match_id;
	m->missing = missing;
	m->win = missing ? 0 : rows[0].win / sum;
	m->draw = missing || !reader->has_draw ? 0 : reader->draw / sum;
	reader->n_rows = 0;
}

void
forecast_add_row(ForecastReader *reader, const RowValues *row)
{
	double		win,
				draw;

	if (!reader->seen_row)
	{
		reader->seen_row = true;
		reader->has_win = row->has_forecast[FORECAST_WIN];
		reader->has_draw = row->has_forecast[FORECAST_DRAW];
		if (reader->has_draw && !reader->has_win)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("the rows query of evaluate has a forecast_draw column but no forecast_win"),
					 errdetail("The outside forecast gives each team's chance of winning in forecast_win, and the chance of a draw in forecast_draw.")));
	}
	if (!reader->has_win)
		return;
	win = row_probability(row, FORECAST_WIN, "forecast_win");
	draw = row_probability(row, FORECAST_DRAW, "forecast_draw");
	if (reader->n_rows > 0 && row->match_id != reader->match_id)
		end_match(reader);
	if (reader->n_rows == 0)
	{
		reader->match_id = row->match_id;
		reader->draw = draw;
	}
	else if (reader->has_draw && !same_value(draw, reader->draw))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("forecast_draw of match " INT64_FORMAT " differs between its rows", row->match_id),
				 errdetail("A match has one chance of a draw: give all its rows the same forecast_draw.")));
	if (reader->n_rows == reader->max_rows)
	{
		reader->max_rows = Max(16, 2 * reader->max_rows);
		reader->rows = reader->rows
			? repalloc(reader->rows, sizeof(ForecastRow) * reader->max_rows)
			: MemoryContextAlloc(reader->mcxt, sizeof(ForecastRow) * reader->max_rows);
	}
	reader->rows[reader->n_rows].team = row->team;
	reader->rows[reader->n_rows++].win = win;
}

void
forecast_finish(ForecastReader *reader)
{
	if (reader->has_win)
		end_match(reader);
}

const ForecastMatch *
forecast_take(ForecastReader *reader, int64 match_id)
{
	ForecastMatch *m;

	if (!reader->has_win)
		return NULL;
	if (reader->head == reader->tail || reader->queue[reader->head].match_id != match_id)
		elog(ERROR, "evaluate: no forecast kept for match " INT64_FORMAT, match_id);
	m = &reader->queue[reader->head++];
	if (reader->head == reader->tail)
		reader->head = reader->tail = 0;
	return m;
}
