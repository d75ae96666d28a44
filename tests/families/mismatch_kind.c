/*
 * A struct that says Elo's ratings are skill.rating where families.def
 * says elo (float8).  Must not compile (make check-families).
 * expect: -Werror=override-init
 */
#include "families/family.h"

extern const ReplayFamily family_copy;
const ReplayFamily family_copy = {
	FAMILY_IDENTITY(elo), .n_fields = 1, .kind = VALUE_RATING,
};
