/*
 * module.c - the extension's loadable-module marker, the core's interrupt
 * hook, and the check that every family matches families.def.
 */
#include "engine/pg_compat.h"

#include "fmgr.h"

#include "miscadmin.h"

#include "core/status.h"
#include "families/family.h"

PG_MODULE_MAGIC;

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
}
