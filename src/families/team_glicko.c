/*
 * team_glicko.c - the team Glicko-1 family (core/team_glicko.h): matches of
 * exactly two teams, each rated as the note's team (RMS RD, certainty
 * boost), every player moved with its own RD, one match at a time (no
 * rating periods).  A match of another number of teams is an error.
 */
#include "families/family.h"

#include "core/pairwise.h"
#include "core/team_glicko.h"

enum
{
	TG_RATING, TG_RD, TG_SCALE, TG_RD_MAX, TG_RD_PER_DAY,
	TG_DETAILS,
	TG_CONTEXT_RD = TG_DETAILS + DETAIL_OPTION_COUNT, TG_CONTEXT_RD_PER_DAY,
	TG_SEASON,
	TG_OPTION_COUNT = TG_SEASON + SEASON_OPTION_COUNT
};

/* The note's R0, RD0, scale and rd_max. */
static const OptionSpec tg_options[] = {
	[TG_RATING] = OPTION_ANY("rating", 1500, "a new player's rating"),
	[TG_RD] = OPTION_POSITIVE("rd", 130, "a new player's rating deviation (the note's RD0)"),
	[TG_SCALE] = OPTION_POSITIVE("scale", 2, "scale of the update (1: the plain Glicko-1 step)"),
	[TG_RD_MAX] = OPTION_POSITIVE("rd_max", 350, "RD at which the update's RD factor reaches 1"),
	[TG_RD_PER_DAY] = OPTION_NONNEGATIVE("rd_per_day", 0, "RD growth per idle day before a match, up to rd_max (0: off)"),
	DETAIL_OPTIONS(TG_DETAILS),
	[TG_CONTEXT_RD] = CONTEXT_RD_OPTION(TG_RD),
	[TG_CONTEXT_RD_PER_DAY] = CONTEXT_RD_PER_DAY_OPTION(TG_RD_PER_DAY),
	SEASON_OPTIONS(TG_SEASON),
};

StaticAssertDecl(lengthof(tg_options) == TG_OPTION_COUNT, "tg_options out of step with its enum");

typedef struct TeamGlickoData
{
	sk_tg_params params;
} TeamGlickoData;

static void
tg_configure(ReplayState *state)
{
	sk_tg_params *p = &((TeamGlickoData *) state->family_data)->params;

	sk_tg_default_params(p);
	p->scale = state->opt[TG_SCALE];
	p->rd_max = state->opt[TG_RD_MAX];
	state->prior[0] = state->opt[TG_RATING];
	state->settings.rating_unit = FAMILY_GLICKO_RATING_UNIT;
	state->prior[1] = state->opt[TG_RD];
	state->settings.spread_field = 1;
	state->settings.spread_cap = state->opt[TG_RD_MAX];
	state->settings.idle_per_day = state->opt[TG_RD_PER_DAY];
}

/* Said before the core's general "wrong number of teams" would. */
static void
tg_check_two_teams(const ReplayMatch *match)
{
	if (match->n_teams != 2)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("team Glicko needs exactly 2 teams; match " INT64_FORMAT " has %d",
						match->match_id, match->n_teams),
				 errdetail("Team Glicko-1 rates one team against another.")));
}

static void
tg_rate_match(ReplayState *state, ReplayMatch *match)
{
	tg_check_two_teams(match);
	family_gather_gaussian(state, match);
	family_check_status(state, match,
						sk_tg_rate(&((TeamGlickoData *) state->family_data)->params,
								   match->n_teams, match->team_start, state->mu, state->sigma,
								   replay_pair_score(match, 0, 1),
								   state->mu, state->sigma));
	family_scatter_gaussian(state, match);
}

/* E_A and E_B of the update, normalised to sum to 1 (they do only when
 * the two team RDs are equal). */
static void
tg_predict_win(ReplayState *state, ReplayMatch *match, double *team_prob)
{
	double		e_a,
				e_b;

	tg_check_two_teams(match);
	family_gather_gaussian(state, match);
	family_check_status(state, match,
						sk_tg_expected(match->n_teams, match->team_start, state->mu,
									   state->sigma, &e_a, &e_b));
	team_prob[0] = e_a / (e_a + e_b);
	team_prob[1] = e_b / (e_a + e_b);
}

const ReplayFamily family_team_glicko = {
	FAMILY_IDENTITY(team_glicko), .n_fields = 2,
	.options = {tg_options, TG_OPTION_COUNT},
	.details_at = TG_DETAILS, .season_at = TG_SEASON,
	.data_size = sizeof(TeamGlickoData), .configure = tg_configure,
	.rate_match = tg_rate_match, .predict_win = tg_predict_win,
};
