/*
 * version_sql.c - skill.version(), and the check that the SQL installed in
 * the database is the library's version (docs/operations.md, "Upgrades").
 *
 * One library serves every released version's SQL, so a database whose
 * ALTER EXTENSION skill UPDATE has not run yet keeps working; the check
 * only says so, once per backend, when the library loads.
 */
#include "skill.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/parallel.h"
#include "access/table.h"
#include "access/xact.h"
#include "catalog/indexing.h"
#include "catalog/pg_extension.h"
#include "commands/extension.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/rel.h"

#include "sql/version.h"

/* The extversion of skill in this database, or NULL where it is not installed. */
static char *
installed_version(void)
{
	Oid			ext = get_extension_oid("skill", true);
	Relation	rel;
	ScanKeyData key;
	SysScanDesc scan;
	HeapTuple	tuple;
	char	   *version = NULL;

	if (!OidIsValid(ext))
		return NULL;
	rel = table_open(ExtensionRelationId, AccessShareLock);
	ScanKeyInit(&key, Anum_pg_extension_oid, BTEqualStrategyNumber, F_OIDEQ,
				ObjectIdGetDatum(ext));
	scan = systable_beginscan(rel, ExtensionOidIndexId, true, NULL, 1, &key);
	tuple = systable_getnext(scan);
	if (HeapTupleIsValid(tuple))
	{
		bool		isnull;
		Datum		d = heap_getattr(tuple, Anum_pg_extension_extversion,
									 RelationGetDescr(rel), &isnull);

		if (!isnull)
			version = text_to_cstring(DatumGetTextPP(d));
	}
	systable_endscan(scan);
	table_close(rel, AccessShareLock);
	return version;
}

void
warn_if_sql_differs(void)
{
	char	   *installed;

	/*
	 * Catalogs can be read only inside a transaction (not when the library
	 * is preloaded); CREATE and ALTER EXTENSION load it while the catalog
	 * still names the version they are leaving; a parallel worker's leader
	 * has said it already.
	 */
	if (!IsTransactionState() || creating_extension || IsParallelWorker())
		return;
	installed = installed_version();
	if (installed != NULL && strcmp(installed, SKILL_VERSION) != 0)
		ereport(WARNING,
				(errmsg("skill's library is version %s, but this database has skill %s installed",
						SKILL_VERSION, installed),
				 errdetail("Calls keep working: the library serves every released version's SQL."),
				 errhint("Run ALTER EXTENSION skill UPDATE in this database.")));
}

PG_FUNCTION_INFO_V1(skill_version);
Datum
skill_version(PG_FUNCTION_ARGS)
{
	TupleDesc	desc;
	Datum		values[2];
	bool		nulls[2] = {false, false};
	char	   *installed = installed_version();

	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "skill.version: the result type is not a row");
	desc = BlessTupleDesc(desc);
	values[0] = CStringGetTextDatum(SKILL_VERSION);
	if (installed != NULL)
		values[1] = CStringGetTextDatum(installed);
	else
		nulls[1] = true;
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}
