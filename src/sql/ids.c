/*
 * ids.c - arrays of ids of any sortable type (ids.h).
 */
#include "sql/ids.h"

#include "catalog/pg_collation.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/typcache.h"

static int
cmp_ids(const void *a, const void *b, void *arg)
{
	const IdList *t = arg;

	return DatumGetInt32(FunctionCall2Coll(t->cmp, t->collation,
										   t->ids[*(const int *) a], t->ids[*(const int *) b]));
}

void
id_list_read(ArrayType *array, Oid collation, const char *arg, const char *noun,
			 const char *detail, IdList *t)
{
	TypeCacheEntry *type;
	bool	   *nulls;
	int		   *order;
	int			i;

	t->type = ARR_ELEMTYPE(array);
	type = lookup_type_cache(t->type, TYPECACHE_CMP_PROC_FINFO);
	deconstruct_array(array, t->type, type->typlen, type->typbyval, type->typalign,
					  &t->ids, &nulls, &t->n);
	for (i = 0; i < t->n; i++)
		if (nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("%s must not contain NULL elements", arg)));
	if (t->n < 2)
		return;
	if (!OidIsValid(type->cmp_proc_finfo.fn_oid))
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_FUNCTION),
				 errmsg("%s of type %s cannot be compared", arg, format_type_be(t->type)),
				 errhint("Use ids of a type with a sort order, such as bigint, text or uuid.")));
	t->cmp = &type->cmp_proc_finfo;
	t->collation = collation ? collation : DEFAULT_COLLATION_OID;
	order = palloc(sizeof(int) * t->n);
	for (i = 0; i < t->n; i++)
		order[i] = i;
	qsort_arg(order, t->n, sizeof(int), cmp_ids, t);
	for (i = 1; i < t->n; i++)
		if (cmp_ids(&order[i - 1], &order[i], t) == 0)
		{
			Oid			out;
			bool		varlena;

			getTypeOutputInfo(t->type, &out, &varlena);
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s %s appears twice in %s", noun,
							OidOutputFunctionCall(out, t->ids[order[i]]), arg),
					 errdetail("%s", detail)));
		}
}
