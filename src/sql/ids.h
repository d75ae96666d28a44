/*
 * ids.h - an array of ids of any type with a sort order (ticket ids,
 * server ids), checked: no NULL, no id twice.
 */
#ifndef SKILL_SQL_IDS_H
#define SKILL_SQL_IDS_H

#include "engine/pg_compat.h"

#include "fmgr.h"
#include "utils/array.h"

typedef struct IdList
{
	Datum	   *ids;
	int			n;
	Oid			type;
	FmgrInfo   *cmp;
	Oid			collation;
} IdList;

/*
 * Reads array (arg names it, noun one element, e.g. "ticket id"); an id
 * given twice is an error with detail as its errdetail.
 */
extern void id_list_read(ArrayType *array, Oid collation, const char *arg,
						 const char *noun, const char *detail, IdList *out);

#endif
