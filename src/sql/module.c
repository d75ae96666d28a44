/*
 * module.c - the extension's loadable-module marker, the core's interrupt
 * hook, the check that every family matches families.def, and the warning
 * when the installed SQL is another version than the library.
 */
#include "engine/pg_compat.h"

#include "fmgr.h"

#include "miscadmin.h"

#include "core/status.h"
#include "families/family.h"
#include "sql/version.h"

#if PG_VERSION_NUM >= 180000
PG_MODULE_MAGIC_EXT(.name = "skill", .version = SKILL_VERSION);
#else
PG_MODULE_MAGIC;
#endif

void		_PG_init(void);

/* The core's long loops check for a cancel or statement_timeout through this. */
static void
check_interrupts(void)
{
	CHECK_FOR_INTERRUPTS();
}

void
_PG_init(void)
{
	sk_interrupt_hook = check_interrupts;
	family_check_list();
	warn_if_sql_differs();
}
