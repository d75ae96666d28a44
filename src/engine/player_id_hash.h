/*
 * player_id_hash.h - the hash of a player id for the engine's simplehash
 * tables.  Ids are often dense, so they are mixed well: the 64-bit
 * finaliser of MurmurHash3.  A table's SH_HASH_KEY is
 * player_id_hash_checked; rows that hash their ids ahead (to prefetch)
 * call mix_player_id and the tables' _hash entry points.
 */
#ifndef SKILL_ENGINE_PLAYER_ID_HASH_H
#define SKILL_ENGINE_PLAYER_ID_HASH_H

#include "postgres.h"

#include "engine/bulk_alloc.h"
#include "miscadmin.h"

static inline uint32
mix_player_id(uint64 h)
{
	h ^= h >> 33;
	h *= UINT64CONST(0xff51afd7ed558ccd);
	h ^= h >> 33;
	h *= UINT64CONST(0xc4ceb9fe1a85ec53);
	h ^= h >> 33;
	return (uint32) h;
}

/*
 * simplehash rehashes every entry it moves when a table grows, in a loop
 * with no interrupt check of its own: at 4M players the last growth moves
 * 3.8M entries, longer than a cancel should wait.  So the hash it calls
 * checks for interrupts every 65,536 calls.  An error there leaves the
 * table half moved, which is safe because an error ends the replay that
 * owns the table (fit's guarded replays rethrow a cancel and drop theirs).
 */
static uint32 player_id_hash_calls;

static inline uint32
player_id_hash_checked(uint64 id)
{
	if ((++player_id_hash_calls & 0xFFFF) == 0)
		CHECK_FOR_INTERRUPTS();
	return mix_player_id(id);
}

/*
 * A player table's allocator, after its simplehash.h with
 * SH_USE_NONDEFAULT_ALLOCATOR: the entries are mapped in bulk and zeroed by
 * bulk_alloc, which checks for interrupts as it goes.  simplehash's own
 * allocator zeroes a table in one memset, over a second at 4M players on
 * the benchmark VM (bench/cancel) with no interrupt check.
 */
#define PLAYER_TABLE_ALLOCATOR(prefix) \
	static inline void * \
	prefix##_allocate(struct prefix##_hash *table, Size size) \
	{ \
		return bulk_alloc(table->ctx, size, MCXT_ALLOC_ZERO); \
	} \
	static inline void \
	prefix##_free(struct prefix##_hash *table, void *pointer) \
	{ \
		pfree(pointer); \
	}

#endif
