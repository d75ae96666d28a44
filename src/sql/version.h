/*
 * version.h - the library's version and its check against the SQL
 * installed in the database (version_sql.c).
 */
#ifndef SKILL_VERSION_H
#define SKILL_VERSION_H

/* The Makefile passes EXTVERSION. */
#ifndef SKILL_VERSION
#error "build skill with its Makefile, which defines SKILL_VERSION"
#endif

/* At most one WARNING per backend: called when the library loads. */
extern void warn_if_sql_differs(void);

#endif
