/*
 * otr_options.c - the o!TR option tables and their readers (otr_options.h).
 */
#include "families/otr_options.h"

#include <math.h>

#include "engine/options.h"

enum
{
	OTR_BETA, OTR_KAPPA, OTR_GAMMA, OTR_TAU, OTR_WEIGHT_A, OTR_WEIGHT_B,
	OTR_GAME_CORRECTION, OTR_STANDARD_LENGTH, OTR_FLOOR, OTR_CAP,
	OTR_RATE_COUNT
};

enum
{
	DECAY_DAYS, DECAY_RATE, DECAY_MINIMUM, DECAY_GROWTH, DECAY_NOT_BEFORE,
	DECAY_WEEKDAY, DECAY_HOUR, DECAY_COUNT
};

/* The volatility cap of otr_rate_match's and otr_decay's tables. */
#define OTR_VOLATILITY_CAP 400

/* otr-processor's constants (src/model/constants.rs), from row at. */
#define OTR_RATE_OPTIONS(at) \
	[(at) + OTR_BETA] = OPTION_POSITIVE("beta", 200, "performance spread per game"), \
	[(at) + OTR_KAPPA] = OPTION_POSITIVE("kappa", 0.0001, "floor of the sigma reduction factor, per game and per match"), \
	[(at) + OTR_GAMMA] = OPTION_NONNEGATIVE("gamma", 1, "factor on each game's delta"), \
	[(at) + OTR_TAU] = OPTION_NONNEGATIVE("tau", 0, "added to sigma before each game"), \
	[(at) + OTR_WEIGHT_A] = OPTION_ANY("weight_a", 0.9, "weight of Method A (games the player played)"), \
	[(at) + OTR_WEIGHT_B] = OPTION_ANY("weight_b", 1.0 - 0.9, "weight of Method B (every game, absentees tied last)"), \
	[(at) + OTR_GAME_CORRECTION] = OPTION_ANY("game_correction_constant", 0.5, "exponent of the match-length correction"), \
	[(at) + OTR_STANDARD_LENGTH] = OPTION_POSITIVE("standard_match_length", 8, "games of a standard match"), \
	[(at) + OTR_FLOOR] = OPTION_ANY("rating_floor", 100, "no rating falls below this"), \
	[(at) + OTR_CAP] = OPTION_POSITIVE("volatility_cap", OTR_VOLATILITY_CAP, "no volatility rises above this")

/* otr-processor's DecayConstants, from row at; weekday 0 = Sunday.
 * volatility_cap is the rate table's last option, shared. */
#define OTR_DECAY_OPTIONS(at) \
	[(at) + DECAY_DAYS] = OPTION_NONNEGATIVE("decay_days", 184, "idle days before the rating decays"), \
	[(at) + DECAY_RATE] = OPTION_NONNEGATIVE("decay_rate", 3, "rating lost per weekly step"), \
	[(at) + DECAY_MINIMUM] = OPTION_ANY("decay_minimum", 1000, "the floor is max(decay_minimum, (decay_minimum + peak) / 2)"), \
	[(at) + DECAY_GROWTH] = OPTION_NONNEGATIVE("volatility_growth", 500, "volatility^2 grows by this per weekly step"), \
	[(at) + DECAY_NOT_BEFORE] = {"not_before", OPTION_TIMESTAMP, 6940.0 * USECS_PER_DAY, BOUND_NONE, 0, BOUND_NONE, 0, \
	"no step before this time"}, \
	[(at) + DECAY_WEEKDAY] = {"weekday", OPTION_NUMBER, 3, BOUND_INCLUSIVE, 0, BOUND_INCLUSIVE, 6, \
	"day of the weekly step, 0 = Sunday (UTC)"}, \
	[(at) + DECAY_HOUR] = {"hour", OPTION_NUMBER, 12, BOUND_INCLUSIVE, 0, BOUND_EXCLUSIVE, 24, \
	"hour of the weekly step (UTC)"}

/* otr_decay's table: the decay options, then its own volatility_cap. */
#define DECAY_CAP DECAY_COUNT
/* otr_replay's: the rate options, the decay options, then as_of. */
#define REPLAY_DECAY OTR_RATE_COUNT
#define REPLAY_AS_OF (OTR_RATE_COUNT + DECAY_COUNT)

static const OptionSpec rate_options[] = {OTR_RATE_OPTIONS(0)};
static const OptionSpec decay_options[] = {
	OTR_DECAY_OPTIONS(0),
	[DECAY_CAP] = OPTION_POSITIVE("volatility_cap", OTR_VOLATILITY_CAP, "volatility never grows past this"),
};
static const OptionSpec replay_options[] = {
	OTR_RATE_OPTIONS(0),
	OTR_DECAY_OPTIONS(REPLAY_DECAY),
	[REPLAY_AS_OF] = {"as_of", OPTION_TIMESTAMP, NAN, BOUND_NONE, 0, BOUND_NONE, 0,
	"at the end, decay every player to this time (a weekly run passes its run time)"},
};
/* The history reports each match as it is rated: no as_of. */
static const OptionSpec history_options[] = {OTR_RATE_OPTIONS(0), OTR_DECAY_OPTIONS(REPLAY_DECAY)};

StaticAssertDecl(lengthof(rate_options) == OTR_RATE_COUNT, "rate options out of step");
StaticAssertDecl(lengthof(decay_options) == DECAY_CAP + 1, "decay options out of step");
StaticAssertDecl(lengthof(replay_options) == REPLAY_AS_OF + 1, "replay options out of step");
StaticAssertDecl(lengthof(history_options) == REPLAY_AS_OF, "history options out of step");

static const OptionTable rate_table = {rate_options, lengthof(rate_options)};
static const OptionTable decay_table = {decay_options, lengthof(decay_options)};
static const OptionTable replay_table = {replay_options, lengthof(replay_options)};
static const OptionTable history_table = {history_options, lengthof(history_options)};

static void
rate_params(const double *v, sk_otr_params *p)
{
	p->beta = v[OTR_BETA];
	p->kappa = v[OTR_KAPPA];
	p->gamma = v[OTR_GAMMA];
	p->tau = v[OTR_TAU];
	p->weight_a = v[OTR_WEIGHT_A];
	p->weight_b = v[OTR_WEIGHT_B];
	p->game_correction_constant = v[OTR_GAME_CORRECTION];
	p->standard_match_length = v[OTR_STANDARD_LENGTH];
	p->rating_floor = v[OTR_FLOOR];
	p->volatility_cap = v[OTR_CAP];
}

/* v: the decay options in OTR_DECAY_OPTIONS order; cap: volatility_cap. */
static void
decay_params(const double *v, double cap, const char *caller, sk_otr_decay_params *p)
{
	if (v[DECAY_WEEKDAY] != floor(v[DECAY_WEEKDAY]))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"weekday\" of %s must be a whole number from 0 to 6", caller)));
	p->decay_days = v[DECAY_DAYS];
	p->decay_rate = v[DECAY_RATE];
	p->decay_minimum = v[DECAY_MINIMUM];
	p->volatility_growth = v[DECAY_GROWTH];
	p->volatility_cap = cap;
	p->not_before = (int64) v[DECAY_NOT_BEFORE];
	p->weekday = (int) v[DECAY_WEEKDAY];
	p->hour = v[DECAY_HOUR];
}

void
otr_read_rate_params(Jsonb *options, const char *caller, sk_otr_params *p)
{
	double		v[lengthof(rate_options)];
	TimestampTz *lists[lengthof(rate_options)];

	options_read(&rate_table, options, caller, v, lists);
	rate_params(v, p);
}

void
otr_read_decay_params(Jsonb *options, const char *caller, sk_otr_decay_params *p)
{
	double		v[lengthof(decay_options)];
	TimestampTz *lists[lengthof(decay_options)];

	options_read(&decay_table, options, caller, v, lists);
	decay_params(v, v[DECAY_CAP], caller, p);
}

void
otr_read_replay_settings(Jsonb *options, const char *caller, bool with_as_of,
						 OtrReplaySettings *s)
{
	double		v[lengthof(replay_options)];
	TimestampTz *lists[lengthof(replay_options)];
	double		as_of = NAN;

	options_read(with_as_of ? &replay_table : &history_table, options, caller, v, lists);
	rate_params(v, &s->rate);
	decay_params(&v[REPLAY_DECAY], v[OTR_CAP], caller, &s->decay);
	if (with_as_of)
		as_of = v[REPLAY_AS_OF];
	s->has_as_of = !isnan(as_of);
	s->as_of = s->has_as_of ? (TimestampTz) as_of : 0;
}

const OptionTable *
otr_replay_options(void)
{
	return &replay_table;
}
