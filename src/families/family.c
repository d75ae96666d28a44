/*
 * family.c - the family list and the helpers the family files share.
 */
#include "families/family.h"

#include <math.h>

#include "engine/sqlstate.h"

#include "core/links.h"
#include "core/openskill.h"
#include "families/otr_options.h"

#define FAMILY(prefix, kind, period, history, label) &family_##prefix,
static const ReplayFamily *const families[] = {
#include "families/families.def"
};
#undef FAMILY

/*
 * The registry: each family's line of families.def (which its struct is
 * checked against), then o!TR's entry.
 */
#define FAMILY(prefix, kind, period, history, label) \
	{#prefix, label, FAMILY_KIND_##kind, FAMILY_PERIOD_##period, FAMILY_HISTORY_##history, \
	 &family_##prefix},
static const FamilyEntry registry[] = {
#include "families/families.def"
	{"otr", "o!TR", VALUE_RATING, false, true, NULL},
};
#undef FAMILY

static const char *const kind_names[] = {
	[VALUE_ELO] = "elo", [VALUE_RATING] = "rating", [VALUE_GLICKO] = "glicko"
};

static void
family_defect(const FamilyEntry *line, const char *what)
{
	elog(ERROR, "family %s_replay does not match families.def: %s", line->prefix, what);
}

/*
 * The option table is laid out as family_api.h says: every row named (no row
 * skipped by the designated initializers), DETAIL_OPTIONS and
 * SEASON_OPTIONS where the struct says, and between them only context_*
 * rows, each named after and bounded like the option it stands in for.
 */
static void
check_options(const FamilyEntry *line, const ReplayFamily *f)
{
	const OptionTable *t = &f->options;
	int			k;

	for (k = 0; k < t->count; k++)
		if (t->specs[k].name == NULL)
			family_defect(line, psprintf("option %d has no row", k));
	if (f->details_at < 0 || f->season_at != t->count - SEASON_OPTION_COUNT ||
		f->details_at + DETAIL_OPTION_COUNT > f->season_at ||
		strcmp(t->specs[f->details_at].name, "outcome") != 0 ||
		strcmp(t->specs[f->season_at].name, "season_starts") != 0)
		family_defect(line, "details_at and season_at do not point at DETAIL_OPTIONS and SEASON_OPTIONS, last");
	for (k = f->details_at + DETAIL_OPTION_COUNT; k < f->season_at; k++)
	{
		const OptionSpec *c = &t->specs[k];
		const OptionSpec *base = c->inherits >= 0 && c->inherits < t->count
			? &t->specs[c->inherits] : NULL;

		if (!base || !isnan(c->default_value) || strncmp(c->name, "context_", 8) != 0 ||
			strcmp(c->name + 8, base->name) != 0 || c->low_bound != base->low_bound ||
			c->low != base->low || c->high_bound != base->high_bound)
			family_defect(line, psprintf("option \"%s\" is not an OPTION_CONTEXT row for the option it names",
										 c->name));
	}
}

void
family_check_list(void)
{
	int			i;

	for (i = 0; i < lengthof(families); i++)
	{
		const ReplayFamily *f = families[i];
		const FamilyEntry *line = &registry[i];

		if (f->name == NULL || strcmp(f->name, psprintf("%s_replay", line->prefix)) != 0)
			family_defect(line, psprintf("its struct is named \"%s\"", f->name ? f->name : ""));
		if (f->kind != line->kind)
			family_defect(line, psprintf("its struct has rating type %s, the list %s",
										 kind_names[f->kind], kind_names[line->kind]));
		if (f->uses_period != line->uses_period)
			family_defect(line, psprintf("its struct has uses_period %s, the list \"%s\"",
										 f->uses_period ? "true" : "false",
										 line->uses_period ? "period" : "none"));
		if (f->n_fields != (f->kind == VALUE_ELO ? 1 : 2) &&
			!(f->kind == VALUE_GLICKO && f->n_fields == 3))
			family_defect(line, psprintf("%d rating fields do not fit rating type %s",
										 f->n_fields, kind_names[f->kind]));
		check_options(line, f);
	}
}

const ReplayFamily *const *
family_list(int *count)
{
	*count = lengthof(families);
	return families;
}

const FamilyEntry *
family_registry(int *count)
{
	*count = lengthof(registry);
	return registry;
}

const FamilyEntry *
family_entry(const char *name)
{
	int			i;

	for (i = 0; i < lengthof(registry); i++)
		if (strcmp(registry[i].prefix, name) == 0)
			return &registry[i];
	return NULL;
}

/* o!TR is the one entry outside the engine. */
const OptionTable *
family_entry_options(const FamilyEntry *entry)
{
	return entry->family ? &entry->family->options : otr_replay_options();
}

char *
family_prefix(const ReplayFamily *family)
{
	return pnstrdup(family->name, strlen(family->name) - strlen("_replay"));
}

const ReplayFamily *
family_by_prefix(const char *name)
{
	int			i;
	size_t		len = strlen(name);

	/* Family names are "<prefix>_replay". */
	for (i = 0; i < lengthof(families); i++)
		if (strncmp(families[i]->name, name, len) == 0 &&
			strcmp(families[i]->name + len, "_replay") == 0)
			return families[i];
	return NULL;
}

void
family_check_status(ReplayState *state, const ReplayMatch *match, sk_status status)
{
	if (status != SK_OK)
		core_status_error(status, psprintf("%s could not rate match " INT64_FORMAT,
										   state->caller, match->match_id));
}

void
family_check_player_status(ReplayState *state, const ReplayPlayer *player, sk_status status)
{
	if (status != SK_OK)
		core_status_error(status, psprintf("%s could not rate player " INT64_FORMAT,
										   state->caller, player->id));
}

void
family_rank_outcome_only(ReplayState *state, const char *hint)
{
	if (replay_detail_option(state, DETAIL_OUTCOME) != OUTCOME_RANK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"outcome\" of %s must be \"rank\": its model is not defined for fractional outcomes",
						state->caller),
				 errhint("%s", hint)));
}

void
family_predict_gaussian_pairwise(ReplayState *state, ReplayMatch *match, double beta,
								 double *team_prob)
{
	sk_os_params p;

	sk_os_default_params(&p, SK_OS_PLACKETT_LUCE);
	p.beta = beta;
	family_gather_gaussian(state, match);
	family_check_status(state, match,
						sk_os_predict_win(&p, match->n_teams, match->team_start,
										  state->mu, state->sigma, team_prob,
										  replay_scratch(state, sk_os_workspace_size(match->n_teams,
																					 match->n_players))));
}

const char *const family_link_names[] = {"family", "logistic", "normal", NULL};

void
family_predict_link(ReplayState *state, ReplayMatch *match, int link, double beta,
					bool per_player, double *team_prob)
{
	family_gather_gaussian(state, match);
	family_check_status(state, match,
						sk_link_match_probs((sk_link) link, match->n_teams, match->team_start,
											state->mu, state->sigma, beta, per_player,
											team_prob,
											replay_scratch(state, sizeof(double) * 2 * match->n_teams)));
}
