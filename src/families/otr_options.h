/*
 * otr_options.h - the options of the o!TR functions, declared once
 * (engine/options.h): otr_rate_match's, otr_decay's, and otr_replay's,
 * which are both sets (one volatility_cap serves both) plus as_of.
 */
#ifndef SKILL_FAMILIES_OTR_OPTIONS_H
#define SKILL_FAMILIES_OTR_OPTIONS_H

#include "engine/pg_compat.h"

#include "utils/jsonb.h"
#include "utils/timestamp.h"

#include "core/otr.h"
#include "engine/options.h"

/* What a replay needs besides the match and decay constants. */
typedef struct OtrReplaySettings
{
	sk_otr_params rate;
	sk_otr_decay_params decay;
	bool		has_as_of;		/* decay everyone to as_of at the end */
	TimestampTz as_of;
} OtrReplaySettings;

extern void otr_read_rate_params(Jsonb *options, const char *caller, sk_otr_params *p);
extern void otr_read_decay_params(Jsonb *options, const char *caller, sk_otr_decay_params *p);
/* with_as_of: otr_replay's table; without: otr_history's (no as_of). */
extern void otr_read_replay_settings(Jsonb *options, const char *caller, bool with_as_of,
									 OtrReplaySettings *s);
/* otr_replay's option table (skill.replay_options('otr') lists it). */
extern const OptionTable *otr_replay_options(void);

#endif
