/*
 * openskill.c - the OpenSkill (Weng-Lin) families: Plackett-Luce,
 * Bradley-Terry and Thurstone-Mosteller, full and partial pairing.  The
 * core rates the whole match.
 */
#include "families/family.h"

#include "core/links.h"

#include "core/openskill.h"

enum
{
	OS_MU, OS_SIGMA, OS_BETA, OS_KAPPA, OS_TAU, OS_EPSILON, OS_WINDOW_SIZE,
	OS_LIMIT_SIGMA, OS_BALANCE, OS_SIGMA_PER_DAY, OS_LINK,
	OS_DETAILS,
	OS_CONTEXTS = OS_DETAILS + DETAIL_OPTION_COUNT,
	OS_SEASON = OS_CONTEXTS + CONTEXT_SIGMA_OPTION_COUNT,
	OS_OPTION_COUNT = OS_SEASON + SEASON_OPTION_COUNT
};

/* openskill.py's defaults (core: sk_os_default_params). */
static const OptionSpec os_options[] = {
	[OS_MU] = OPTION_ANY("mu", 25.0, "mean of a new player's rating"),
	[OS_SIGMA] = OPTION_POSITIVE("sigma", 25.0 / 3.0, "spread of a new player's rating"),
	[OS_BETA] = OPTION_POSITIVE("beta", 25.0 / 6.0, "performance spread: the skill gap that is 'one class'"),
	[OS_KAPPA] = OPTION_POSITIVE("kappa", 0.0001, "floor of the sigma reduction factor"),
	[OS_TAU] = OPTION_NONNEGATIVE("tau", 25.0 / 300.0, "dynamics: added to sigma before each match"),
	[OS_EPSILON] = OPTION_NONNEGATIVE("epsilon", 0.1, "draw margin of the Thurstone-Mosteller models"),
	[OS_WINDOW_SIZE] = {"window_size", OPTION_COUNT, 4, BOUND_NONE, 0, BOUND_NONE, 0,
	"teams each team is compared with in the partial-pairing models"},
	[OS_LIMIT_SIGMA] = OPTION_FLAG("limit_sigma", 0, "never let a match raise sigma"),
	[OS_BALANCE] = OPTION_FLAG("balance", 0, "scale mu differences for lopsided matches"),
	[OS_SIGMA_PER_DAY] = OPTION_NONNEGATIVE("sigma_per_day", 0, "sigma growth per idle day before a match, up to the sigma option (0: off)"),
	[OS_LINK] = OPTION_NAMED("link", family_link_names, "predicted_win: the model's own, or logistic / normal in the mu difference"),
	DETAIL_OPTIONS(OS_DETAILS),
	CONTEXT_SIGMA_OPTIONS(OS_CONTEXTS, OS_SIGMA, OS_TAU, OS_SIGMA_PER_DAY),
	SEASON_OPTIONS(OS_SEASON),
};

StaticAssertDecl(lengthof(os_options) == OS_OPTION_COUNT, "os_options out of step with its enum");

typedef struct OpenSkillData
{
	sk_os_params params;
	int			margin_players;	/* the draw margin below is for this many */
	double		draw_margin;
} OpenSkillData;

static void
os_configure(ReplayState *state, sk_os_model model)
{
	sk_os_params *p = &((OpenSkillData *) state->family_data)->params;
	const double *o = state->opt;

	sk_os_default_params(p, model);
	p->beta = o[OS_BETA];
	p->kappa = o[OS_KAPPA];
	p->tau = o[OS_TAU];
	p->epsilon = o[OS_EPSILON];
	p->window_size = (int) o[OS_WINDOW_SIZE];
	p->limit_sigma = (int) o[OS_LIMIT_SIGMA];
	p->balance = (int) o[OS_BALANCE];
	state->prior[0] = o[OS_MU];
	state->prior[1] = o[OS_SIGMA];
	state->settings.spread_field = 1;
	state->settings.spread_cap = o[OS_SIGMA];
	state->settings.idle_per_day = o[OS_SIGMA_PER_DAY];
	family_rank_outcome_only(state, "OpenSkill rates score margins through the scores and margin arguments of pl_rate.");
	state->settings.normal_link = o[OS_LINK] != SK_LINK_LOGISTIC;
	state->settings.rating_unit = o[OS_BETA];
}

static void pl_configure(ReplayState *state) { os_configure(state, SK_OS_PLACKETT_LUCE); }
static void bt_full_configure(ReplayState *state) { os_configure(state, SK_OS_BT_FULL); }
static void bt_part_configure(ReplayState *state) { os_configure(state, SK_OS_BT_PART); }
static void tm_full_configure(ReplayState *state) { os_configure(state, SK_OS_TM_FULL); }
static void tm_part_configure(ReplayState *state) { os_configure(state, SK_OS_TM_PART); }

static void *
os_workspace(ReplayState *state, const ReplayMatch *match)
{
	return replay_scratch(state, sk_os_workspace_size(match->n_teams, match->n_players));
}

/* The whole match to the core, rated in place (no scores or weights). */
static void
os_rate_match(ReplayState *state, ReplayMatch *match)
{
	OpenSkillData *data = state->family_data;
	sk_os_match m = {.n_teams = match->n_teams, .team_start = match->team_start,
	.mu = state->mu, .sigma = state->sigma, .ranks = match->team_rank};

	family_gather_gaussian(state, match);
	family_check_status(state, match, sk_os_rate(&data->params, &m, state->mu, state->sigma,
												 os_workspace(state, match)));
	family_scatter_gaussian(state, match);
}

static void
os_predict_win(ReplayState *state, ReplayMatch *match, double *team_prob)
{
	if (state->opt[OS_LINK] != 0)
	{
		family_predict_link(state, match, (int) state->opt[OS_LINK], state->opt[OS_BETA], false,
							team_prob);
		return;
	}
	family_gather_gaussian(state, match);
	family_check_status(state, match,
						sk_os_predict_win(&((OpenSkillData *) state->family_data)->params,
										  match->n_teams, match->team_start,
										  state->mu, state->sigma, team_prob,
										  os_workspace(state, match)));
}

/*
 * openskill's predict_draw: the pairwise chance of equal performance.  The
 * draw margin depends only on the number of players, so it is kept for the
 * last size seen (most histories have one match size).
 */
static double
os_predict_draw(ReplayState *state, ReplayMatch *match)
{
	OpenSkillData *data = state->family_data;
	double		prob;

	if (data->margin_players != match->n_players)
	{
		data->margin_players = match->n_players;
		data->draw_margin = sk_os_draw_margin(data->params.beta, match->n_players);
	}
	family_gather_gaussian(state, match);
	family_check_status(state, match,
						sk_os_predict_draw_margin(&data->params, match->n_teams, match->team_start,
												  state->mu, state->sigma, data->draw_margin,
												  &prob, os_workspace(state, match)));
	return prob;
}

#define OPENSKILL_FAMILY(prefix) \
	const ReplayFamily family_##prefix = { \
		FAMILY_IDENTITY(prefix), .n_fields = 2, \
		.options = {os_options, OS_OPTION_COUNT}, \
		.details_at = OS_DETAILS, .season_at = OS_SEASON, \
		.data_size = sizeof(OpenSkillData), .configure = prefix##_configure, \
		.rate_match = os_rate_match, .predict_win = os_predict_win, \
		.predict_draw = os_predict_draw, \
	}

OPENSKILL_FAMILY(pl);
OPENSKILL_FAMILY(bt_full);
OPENSKILL_FAMILY(bt_part);
OPENSKILL_FAMILY(tm_full);
OPENSKILL_FAMILY(tm_part);
