/*
 * A family struct as the family files write it: its name, rating type and
 * period flag come from its families.def line.  Compiles (make check-families).
 */
#include "families/family.h"

extern const ReplayFamily family_copy;
const ReplayFamily family_copy = {
	FAMILY_IDENTITY(glicko), .n_fields = 2,
};
