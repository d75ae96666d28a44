/*
 * context_names.c - context names to ids (context_names.h).
 */
#include "engine/context_names.h"

#include "common/hashfn.h"

typedef struct ContextEntry
{
	char	   *name;			/* NUL-terminated copy, owned by the dictionary */
	uint32		hash;
	int32		id;
	char		status;			/* simplehash's slot state */
} ContextEntry;

#define SH_PREFIX contexthash
#define SH_ELEMENT_TYPE ContextEntry
#define SH_KEY_TYPE char *
#define SH_KEY name
#define SH_HASH_KEY(tb, key) hash_bytes((const unsigned char *) (key), strlen(key))
#define SH_EQUAL(tb, a, b) (strcmp(a, b) == 0)
#define SH_STORE_HASH
#define SH_GET_HASH(tb, a) ((a)->hash)
#define SH_SCOPE static inline
#define SH_DEFINE
#define SH_DECLARE
#include "lib/simplehash.h"

/* Up to this many names are found by a scan, without hashing or copying. */
#define CONTEXT_SCAN 16

struct ContextNames
{
	MemoryContext mcxt;
	struct contexthash_hash *table;
	int32		count;
	/* The first names by id, with their lengths: most data has a few contexts. */
	const char *first[CONTEXT_SCAN];
	int			first_len[CONTEXT_SCAN];
};

ContextNames *
context_names_create(MemoryContext mcxt)
{
	ContextNames *names = MemoryContextAllocZero(mcxt, sizeof(ContextNames));

	names->mcxt = mcxt;
	names->table = contexthash_create(mcxt, 16, NULL);
	return names;
}

int32
context_names_id(ContextNames *names, const char *name, int len)
{
	char	   *key;
	ContextEntry *entry;
	bool		found;
	int			i;

	for (i = 0; i < Min(names->count, CONTEXT_SCAN); i++)
		if (names->first_len[i] == len && memcmp(names->first[i], name, len) == 0)
			return i;
	key = pnstrdup(name, len);
	entry = contexthash_insert(names->table, key, &found);
	if (!found)
	{
		entry->name = MemoryContextStrdup(names->mcxt, key);
		entry->id = names->count++;
		if (entry->id < CONTEXT_SCAN)
		{
			names->first[entry->id] = entry->name;
			names->first_len[entry->id] = len;
		}
	}
	pfree(key);
	return entry->id;
}
