/*
 * otr_options.h - the options of the o!TR functions, declared once
 * (engine/options.h): otr_rate_match's, otr_decay's, and otr_replay's,
 * which are both sets (one volatility_cap serves both) plus as_of.
 */
#ifndef SKILL_ENGINE_OTR_OPTIONS_H
#define SKILL_ENGINE_OTR_OPTIONS_H

#include "postgres.h"

#include "utils/jsonb.h"
#include "utils/timestamp.h"

#include "core/otr.h"

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
extern void otr_read_replay_settings(Jsonb *options, const char *caller, OtrReplaySettings *s);

#endif
