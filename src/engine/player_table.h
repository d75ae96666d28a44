/*
 * player_table.h - a replay's players in a hash table keyed by id, for
 * both replay engines: replay.c (the team/rank families) and
 * families/otr_replay.c (o!TR, whose players carry a peak and a match
 * slot instead).  Memory grows with players, never with matches.  An entry
 * holds the player itself, so finding one costs one cache miss rather than
 * two; the table's pages are mapped in bulk (bulk_alloc.c).
 *
 * Include it in one .c file with PLAYER_TABLE_PREFIX (the names' prefix)
 * and PLAYER_TABLE_ELEMENT (a struct with int64 id and char status, the
 * slot state simplehash keeps) defined.  It defines simplehash's functions
 * <prefix>_create, _insert_hash, _lookup, _start_iterate, _iterate, ...
 * (lib/simplehash.h) and <prefix>_by_id, every player ordered by id.
 */
#include "engine/bulk_alloc.h"
#include "engine/id_order.h"
#include "engine/player_id_hash.h"

#include "miscadmin.h"

#define PT_NAME(name) PT_NAME_(PLAYER_TABLE_PREFIX, name)
#define PT_NAME_(prefix, name) PT_NAME__(prefix, name)
#define PT_NAME__(prefix, name) prefix##_##name

#define SH_PREFIX PLAYER_TABLE_PREFIX
#define SH_ELEMENT_TYPE PLAYER_TABLE_ELEMENT
#define SH_KEY_TYPE int64
#define SH_KEY id
#define SH_HASH_KEY(tb, key) player_id_hash_checked((uint64) (key))
#define SH_EQUAL(tb, a, b) ((a) == (b))
#define SH_SCOPE static inline
#define SH_DEFINE
#define SH_DECLARE
#define SH_USE_NONDEFAULT_ALLOCATOR
#include "lib/simplehash.h"

static inline void *
PT_NAME(allocate) (struct PT_NAME(hash) *table, Size size)
{
	return bulk_alloc(table->ctx, size, MCXT_ALLOC_ZERO);
}

static inline void
PT_NAME(free) (struct PT_NAME(hash) *table, void *pointer)
{
	pfree(pointer);
}

/* Every player, ordered by id, so results do not depend on the hashing. */
static inline PLAYER_TABLE_ELEMENT **
PT_NAME(by_id) (struct PT_NAME(hash) *table, uint32 *count)
{
	PT_NAME(iterator) it;
	PLAYER_TABLE_ELEMENT *p;
	IdRef	   *refs = id_refs_alloc(table->members);
	uint32		n = 0;

	PT_NAME(start_iterate) (table, &it);
	while ((p = PT_NAME(iterate) (table, &it)) != NULL)
	{
		if ((n & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		refs[n].id = p->id;
		refs[n++].item = p;
	}
	*count = n;
	return (PLAYER_TABLE_ELEMENT **) id_refs_sort(refs, n);
}

#undef PT_NAME
#undef PT_NAME_
#undef PT_NAME__
#undef PLAYER_TABLE_PREFIX
#undef PLAYER_TABLE_ELEMENT
