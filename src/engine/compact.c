/*
 * compact.c - a history in memory, replayed from its arrays (compact.h).
 */
#include "engine/compact.h"

#include "miscadmin.h"
#include "utils/float.h"

CompactRows *
compact_create(MemoryContext mcxt, int n_fields)
{
	CompactRows *rows = MemoryContextAllocZero(mcxt, sizeof(CompactRows));

	rows->mcxt = mcxt;
	rows->n_fields = n_fields;
	return rows;
}

/* Grows one column array to the new capacity. */
static void *
grow(MemoryContext mcxt, void *array, Size elem_size, int64 capacity)
{
	Size		bytes = elem_size * (Size) capacity;

	if (array == NULL)
		return MemoryContextAllocHuge(mcxt, bytes);
	return repalloc_huge(array, bytes);
}

static void
compact_grow(CompactRows *rows)
{
	int64		cap = Max(1024, rows->capacity * 2);
	MemoryContext m = rows->mcxt;

	rows->match_id = grow(m, rows->match_id, sizeof(int64), cap);
	rows->played_at = grow(m, rows->played_at, sizeof(TimestampTz), cap);
	rows->period = grow(m, rows->period, sizeof(TimestampTz), cap);
	rows->player_id = grow(m, rows->player_id, sizeof(int64), cap);
	rows->team = grow(m, rows->team, sizeof(int32), cap);
	rows->rank = grow(m, rows->rank, sizeof(double), cap);
	rows->has_prior = grow(m, rows->has_prior, sizeof(bool), cap);
	rows->prior = grow(m, rows->prior, sizeof(double) * rows->n_fields, cap);
	if (rows->details)
		rows->details = grow(m, rows->details, sizeof(ReplayDetails), cap);
	rows->capacity = cap;
}

void
compact_append(CompactRows *rows, int64 match_id, TimestampTz played_at, TimestampTz period,
			   int64 player_id, int32 team, double rank, const double *prior,
			   const ReplayDetails *details)
{
	int64		i = rows->count;

	if (i == rows->capacity)
		compact_grow(rows);
	if (details && rows->details == NULL)
	{
		/* The first row with details: the earlier rows have none. */
		int64		k;

		rows->details = grow(rows->mcxt, NULL, sizeof(ReplayDetails), rows->capacity);
		for (k = 0; k < i; k++)
			replay_details_none(&rows->details[k]);
	}
	if (rows->details)
	{
		if (details)
			rows->details[i] = *details;
		else
			replay_details_none(&rows->details[i]);
	}
	rows->match_id[i] = match_id;
	rows->played_at[i] = played_at;
	rows->period[i] = period;
	rows->player_id[i] = player_id;
	rows->team[i] = team;
	rows->rank[i] = rank;
	rows->has_prior[i] = prior != NULL;
	if (prior)
		memcpy(&rows->prior[i * rows->n_fields], prior, sizeof(double) * rows->n_fields);
	rows->count++;
}

void
compact_replay(ReplayState *state, const CompactRows *rows)
{
	bool		uses_period = state->family->uses_period;
	int64		i;

	Assert(rows->n_fields == state->family->n_fields);
	for (i = 0; i < rows->count; i++)
	{
		if ((i & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		replay_add_row(state, rows->match_id[i], rows->played_at[i], rows->player_id[i],
					   rows->team[i], rows->rank[i],
					   rows->has_prior[i] ? &rows->prior[i * rows->n_fields] : NULL,
					   uses_period, rows->period[i], rows->details ? &rows->details[i] : NULL);
	}
	replay_finish(state);
}
