/*
 * compact.h - the engine's third driver: a history held in memory as
 * column arrays, replayed as often as needed without reading it again
 * (the evaluator and the fitter replay one history many times).
 *
 * The other two drivers are the aggregates (sql/replay_sql.c), fed a row
 * at a time by the executor, and the history functions
 * (sql/history_sql.c), fed a row at a time by their rows query.  All three
 * hand the engine the same rows through replay_add_row, so they rate
 * identically.
 */
#ifndef SKILL_ENGINE_COMPACT_H
#define SKILL_ENGINE_COMPACT_H

#include "engine/replay.h"

typedef struct CompactRows
{
	MemoryContext mcxt;
	int			n_fields;		/* prior fields per row */
	int64		count;
	int64		capacity;
	int64	   *match_id;
	TimestampTz *played_at;
	TimestampTz *period;
	int64	   *player_id;
	int32	   *team;
	double	   *rank;
	bool	   *has_prior;
	double	   *prior;			/* count * n_fields */
	ReplayDetails *details;		/* NULL until a row has details */
} CompactRows;

extern CompactRows *compact_create(MemoryContext mcxt, int n_fields);

/* Appends one row; prior NULL means the family default, details NULL none. */
extern void compact_append(CompactRows *rows, int64 match_id, TimestampTz played_at,
						   TimestampTz period, int64 player_id, int32 team, double rank,
						   const double *prior, const ReplayDetails *details);

/* Feeds every row to state, in order, and finishes it. */
extern void compact_replay(ReplayState *state, const CompactRows *rows);

#endif
