/*
 * bulk_alloc.h - large arrays whose pages are mapped in one call.
 */
#ifndef SKILL_ENGINE_BULK_ALLOC_H
#define SKILL_ENGINE_BULK_ALLOC_H

#include "engine/pg_compat.h"

extern void *bulk_alloc(MemoryContext mcxt, Size size, int flags);

#endif
