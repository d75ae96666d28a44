/*
 * Glicko-1 copied from a family without periods: its struct says
 * uses_period = false where families.def says "period".  Must not compile
 * (make check-families): the rows would be read with the period
 * timestamp as player_id.
 * expect: -Werror=override-init
 */
#include "families/family.h"

extern const ReplayFamily family_copy;
const ReplayFamily family_copy = {
	FAMILY_IDENTITY(glicko), .n_fields = 2, .uses_period = false,
};
