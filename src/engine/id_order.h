/*
 * id_order.h - items ordered by a 64-bit id (the players of a replay, for
 * results that do not depend on the hashing).  The key sits beside the
 * pointer, so the sort does not chase pointers into a hash table.
 */
#ifndef SKILL_ENGINE_ID_ORDER_H
#define SKILL_ENGINE_ID_ORDER_H

#include "engine/pg_compat.h"

typedef struct IdRef
{
	int64		id;
	void	   *item;
} IdRef;

/* Room for n refs (at least one), for the caller to fill. */
extern IdRef *id_refs_alloc(uint32 n);

/* The items of refs[0..n) ordered by id (a new array); frees refs. */
extern void **id_refs_sort(IdRef *refs, uint32 n);

#endif
