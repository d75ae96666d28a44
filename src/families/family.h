/*
 * family.h - what the family files (src/families/) share: the list of
 * families, and small helpers to hand a match to a core.
 *
 * The family files look alike on purpose: each declares its own option
 * table, configure and callbacks in the same order, so that a reader (or
 * the author of a new family) finds the same parts in the same places.
 */
#ifndef SKILL_FAMILIES_FAMILY_H
#define SKILL_FAMILIES_FAMILY_H

#include "engine/family_api.h"

#include "core/status.h"

/*
 * What families.def says of each family, as constants a family file uses:
 * family_kind_<prefix> (its rating type) and family_period_<prefix>
 * (whether its rows carry a rating period).
 */
#define FAMILY_KIND_rating VALUE_RATING
#define FAMILY_KIND_elo VALUE_ELO
#define FAMILY_KIND_glicko VALUE_GLICKO
#define FAMILY_PERIOD_period true
#define FAMILY_PERIOD_none false
#define FAMILY_HISTORY_history true
#define FAMILY_HISTORY_none false

#define FAMILY(prefix, kind, period, history, label) \
	extern const ReplayFamily family_##prefix; \
	enum { family_kind_##prefix = FAMILY_KIND_##kind, family_period_##prefix = FAMILY_PERIOD_##period };
#include "families/families.def"
#undef FAMILY

/*
 * The fields of a ReplayFamily that families.def decides, from its line:
 * every family's struct starts with FAMILY_IDENTITY(prefix), so the C
 * struct and the generated SQL cannot disagree.  A prefix not in the list
 * does not compile; setting one of these fields again after it is an error
 * of the -Werror build (-Woverride-init, part of -Wextra; make
 * check-families); and family_check_list() checks every family at load.
 */
#define FAMILY_IDENTITY(prefix) \
	.name = #prefix "_replay", \
	.kind = (ReplayValueKind) family_kind_##prefix, \
	.uses_period = family_period_##prefix

/*
 * Raises an error naming the first family that does not match its
 * families.def line (a struct written without FAMILY_IDENTITY), whose
 * number of rating fields does not fit its rating type, or whose option
 * table is not laid out as family_api.h says.  _PG_init calls it, so such a
 * build fails on its first use.
 */
extern void family_check_list(void);

/*
 * The context_* rows (OPTION_CONTEXT) that several families declare, each
 * given the index of the option it stands in for: the Glicko families'
 * RD rows, and OpenSkill's and TrueSkill's three rows from row at.
 */
#define CONTEXT_RD_OPTION(rd) \
	OPTION_CONTEXT(rd, "rd", BOUND_EXCLUSIVE, "RD a player's context rating starts with")
#define CONTEXT_RD_PER_DAY_OPTION(rd_per_day) \
	OPTION_CONTEXT(rd_per_day, "rd_per_day", BOUND_INCLUSIVE, "rd_per_day of the context ratings")

#define CONTEXT_SIGMA_OPTION_COUNT 3
#define CONTEXT_SIGMA_OPTIONS(at, sigma, tau, sigma_per_day) \
	[(at)] = OPTION_CONTEXT(sigma, "sigma", BOUND_EXCLUSIVE, "sigma a player's context rating starts with"), \
	[(at) + 1] = OPTION_CONTEXT(tau, "tau", BOUND_INCLUSIVE, "tau of the context ratings"), \
	[(at) + 2] = OPTION_CONTEXT(sigma_per_day, "sigma_per_day", BOUND_INCLUSIVE, "sigma_per_day of the context ratings")

/*
 * The registry (skill.families()): one entry per family of families.def,
 * in its order, then o!TR, which has a replay aggregate and a history of
 * its own (otr_replay.c) but is no ReplayFamily: skill.replay,
 * skill.rate_match and the other functions taking a family by name do not
 * take it.  Whatever lists the families asks here, not a list of names.
 */
typedef struct FamilyEntry
{
	const char *prefix;			/* "pl": skill.pl_replay, skill.pl_history */
	const char *label;			/* the system's name */
	ReplayValueKind kind;
	bool		uses_period;
	bool		has_history;
	const ReplayFamily *family; /* NULL: not the engine's (o!TR) */
} FamilyEntry;

/* Every entry; *count is set. */
extern const FamilyEntry *family_registry(int *count);

/* The entry whose prefix is name, or NULL. */
extern const FamilyEntry *family_entry(const char *name);

/* The options the entry's replay takes in its options jsonb. */
extern const OptionTable *family_entry_options(const FamilyEntry *entry);

/* The family whose SQL prefix is name ("pl", "elo", ...), or NULL. */
extern const ReplayFamily *family_by_prefix(const char *name);

/* The family's SQL prefix: "pl" for pl_replay (palloc'd). */
extern char *family_prefix(const ReplayFamily *family);

/* Every family, in families.def order; *count is set. */
extern const ReplayFamily *const *family_list(int *count);

/*
 * Copies rating field f of the match's players into out (player order),
 * and back.  Field 0 (the rating) is moved by the team's home advantage
 * (match->team_shift) on the way out and back on the way in, so every
 * family's update and prediction see it.  Inline: they run for every
 * match of a replay.
 */
static inline void
family_gather(const ReplayMatch *match, int f, double *out)
{
	int			i,
				t;

	for (i = 0; i < match->n_players; i++)
		out[i] = match->player[i]->r[f];
	if (f == 0 && match->team_shift)
		for (t = 0; t < match->n_teams; t++)
			for (i = match->team_start[t]; i < match->team_start[t + 1]; i++)
				out[i] += match->team_shift[t];
}

static inline void
family_scatter(ReplayMatch *match, int f, const double *in)
{
	int			i,
				t;

	for (i = 0; i < match->n_players; i++)
		match->player[i]->r[f] = in[i];
	if (f == 0 && match->team_shift)
		for (t = 0; t < match->n_teams; t++)
			for (i = match->team_start[t]; i < match->team_start[t + 1]; i++)
				match->player[i]->r[f] -= match->team_shift[t];
}

/*
 * The rating unit of the Glicko families (settings.rating_unit, which
 * draw_rate_slope counts in): the difference at which, with RD 0, the
 * odds are 10 to 1, as Elo's scale is.
 */
#define FAMILY_GLICKO_RATING_UNIT 400.0

/* Families that take only rank outcomes (OpenSkill, TrueSkill) call this in configure. */
extern void family_rank_outcome_only(ReplayState *state, const char *hint);

/* Both fields of the Gaussian families into state->mu, state->sigma, and back. */
static inline void
family_gather_gaussian(ReplayState *state, const ReplayMatch *match)
{
	family_gather(match, 0, state->mu);
	family_gather(match, 1, state->sigma);
}

static inline void
family_scatter_gaussian(ReplayState *state, ReplayMatch *match)
{
	family_scatter(match, 0, state->mu);
	family_scatter(match, 1, state->sigma);
}

/*
 * Raise a core's bad status as an error naming the match, or the player
 * (the Glicko families rate players when a period closes); the SQLSTATE
 * is engine/sqlstate.h's.
 */
extern void family_check_status(ReplayState *state, const ReplayMatch *match,
								sk_status status);
extern void family_check_player_status(ReplayState *state, const ReplayPlayer *player,
									   sk_status status);

/*
 * Gaussian team chances for more than two teams: OpenSkill's normalised
 * pairwise Phi((mu_a - mu_b) / sqrt(2 beta^2 + sigma_a^2 + sigma_b^2)).
 */
extern void family_predict_gaussian_pairwise(ReplayState *state, ReplayMatch *match,
											 double beta, double *team_prob);

/* The names of the link option: family (the family's own), logistic, normal. */
extern const char *const family_link_names[];

/*
 * Team chances through a logistic or normal link (core/links.h): each
 * team's mean is its mu sum, its variance its sigma^2 sum plus beta^2 per
 * team (per_player false: OpenSkill) or per player (true: TrueSkill).
 */
extern void family_predict_link(ReplayState *state, ReplayMatch *match, int link, double beta,
								bool per_player, double *team_prob);

#endif
