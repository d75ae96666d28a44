/*
 * module.c - the extension's loadable-module marker, and the core's
 * interrupt hook.
 */
#include "postgres.h"

#include "fmgr.h"

#include "miscadmin.h"

#include "core/status.h"

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
}
