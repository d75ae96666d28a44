/*
 * scratch.h - a replay engine's per-match arrays, reused from match to
 * match: grown to the largest match seen, at least doubling (a history of
 * ever larger matches reallocates a few times only), never shrunk.
 */
#ifndef SKILL_ENGINE_SCRATCH_H
#define SKILL_ENGINE_SCRATCH_H

#include "engine/pg_compat.h"

/* One array of a set that grows together. */
typedef struct ScratchArray
{
	void	  **array;			/* where the array's pointer is kept */
	Size		element;		/* bytes per element */
	int			extra;			/* elements beyond the capacity (team_start: 1) */
} ScratchArray;

/*
 * Makes room for n elements in each array when *capacity is smaller:
 * frees the arrays (when *capacity > 0) and allocates each afresh in mcxt
 * for max(n, 2 *capacity) elements, the new *capacity.
 */
extern void scratch_grow(MemoryContext mcxt, const ScratchArray *arrays, int count,
						 int *capacity, int n);

/* A work buffer of at least bytes, kept in *buffer of *size bytes. */
extern void *scratch_buffer(MemoryContext mcxt, void **buffer, Size *size, Size bytes);

#endif
