/*
 * A family file for a prefix with no families.def line: no SQL would be
 * generated for it.  Must not compile (make check-families).
 * expect: family_kind_elo_copy
 */
#include "families/family.h"

const ReplayFamily family_copy = {
	FAMILY_IDENTITY(elo_copy), .n_fields = 1,
};
