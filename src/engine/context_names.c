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

struct ContextNames
{
	MemoryContext mcxt;
	struct contexthash_hash *table;
	int32		count;
	/* The last name looked up: a match's rows, which come together, share it. */
	ContextEntry *last;
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

	if (names->last && strncmp(names->last->name, name, len) == 0 &&
		names->last->name[len] == '\0')
		return names->last->id;
	key = pnstrdup(name, len);
	entry = contexthash_insert(names->table, key, &found);
	if (!found)
	{
		entry->name = MemoryContextStrdup(names->mcxt, key);
		entry->id = names->count++;
	}
	pfree(key);
	/* Valid until the next insert, which replaces it. */
	names->last = entry;
	return entry->id;
}
