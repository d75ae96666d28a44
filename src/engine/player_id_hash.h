/*
 * player_id_hash.h - the hash of a player id for the engine's simplehash
 * tables.  Ids are often dense, so they are mixed well: the 64-bit
 * finaliser of MurmurHash3.
 */
#ifndef SKILL_ENGINE_PLAYER_ID_HASH_H
#define SKILL_ENGINE_PLAYER_ID_HASH_H

#include "postgres.h"

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

#endif
