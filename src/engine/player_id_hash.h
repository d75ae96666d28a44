/*
 * player_id_hash.h - the hash of a player id for the engine's simplehash
 * tables.  Ids are often dense, so they are mixed well: the 64-bit
 * finaliser of MurmurHash3.  The player tables (player_table.h) hash by
 * player_id_hash_checked; rows that hash their ids ahead (to prefetch)
 * call mix_player_id and the tables' _hash entry points.
 */
#ifndef SKILL_ENGINE_PLAYER_ID_HASH_H
#define SKILL_ENGINE_PLAYER_ID_HASH_H

#include "engine/pg_compat.h"

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

#endif
