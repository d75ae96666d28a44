/*
 * pg_compat.h - what differs between the PostgreSQL majors skill builds
 * against (15, 16, 17 and 18; 16 is kept by these guards alone, with no
 * build or test here: docs/operations.md, "Supported majors").  Include it
 * right after postgres.h; the rest of the source then writes one form.
 */
#ifndef SKILL_PG_COMPAT_H
#define SKILL_PG_COMPAT_H

#include "postgres.h"

#if PG_VERSION_NUM < 150000
#error "skill supports PostgreSQL 15, 16, 17 and 18"
#endif

/* 16 moved the varlena macros (VARDATA, SET_VARSIZE) out of postgres.h. */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

/*
 * 18 marks a function that never returns with pg_noreturn in front of the
 * declaration and dropped the trailing pg_attribute_noreturn(); before 18
 * that attribute, written in front, means the same.
 */
#ifndef pg_noreturn
#define pg_noreturn pg_attribute_noreturn()
#endif

#endif
