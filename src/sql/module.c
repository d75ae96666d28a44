/*
 * module.c - the extension's loadable-module marker.
 */
#include "postgres.h"

#include "fmgr.h"

PG_MODULE_MAGIC;
