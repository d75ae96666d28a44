/*
 * id_order.c - items ordered by id (id_order.h), by the radix sort.
 */
#include "engine/id_order.h"

#include "engine/bulk_alloc.h"
#include "miscadmin.h"

#define RS_SORT sort_id_refs
#define RS_ELEMENT IdRef
#define RS_KEY(ref) ((ref)->id)
#include "engine/radix_sort.h"

IdRef *
id_refs_alloc(uint32 n)
{
	return bulk_alloc(CurrentMemoryContext, sizeof(IdRef) * Max(n, 1), 0);
}

void	  **
id_refs_sort(IdRef *refs, uint32 n)
{
	IdRef	   *scratch = bulk_alloc(CurrentMemoryContext, sizeof(IdRef) * Max(n, 1), 0);
	void	  **out = bulk_alloc(CurrentMemoryContext, sizeof(void *) * Max(n, 1), 0);
	uint32		i;

	sort_id_refs(refs, n, scratch);
	for (i = 0; i < n; i++)
	{
		if ((i & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		out[i] = refs[i].item;
	}
	pfree(scratch);
	pfree(refs);
	return out;
}
