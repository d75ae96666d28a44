/*
 * A family file for a prefix with no families.def line: no SQL would be
 * generated for it.  Must not compile (make check-families).
 * expect: family_kind_not_in_the_list
 */
#include "families/family.h"

extern const ReplayFamily family_copy;
const ReplayFamily family_copy = {
	FAMILY_IDENTITY(not_in_the_list), .n_fields = 1,
};
