/*
 * trueskill.c - the TrueSkill family: the core's factor graph rates the
 * whole match.
 */
#include "families/family.h"

#include "core/links.h"
#include "core/normal.h"

#include "utils/float.h"

#include "core/trueskill.h"

enum
{
	TS_MU, TS_SIGMA, TS_BETA, TS_TAU, TS_DRAW_PROBABILITY, TS_MIN_DELTA, TS_SIGMA_PER_DAY,
	TS_LINK,
	TS_DETAILS,
	TS_CONTEXTS = TS_DETAILS + DETAIL_OPTION_COUNT,
	TS_SEASON = TS_CONTEXTS + CONTEXT_SIGMA_OPTION_COUNT,
	TS_OPTION_COUNT = TS_SEASON + SEASON_OPTION_COUNT
};

/* trueskill 0.4.5's defaults (core: sk_ts_default_params). */
static const OptionSpec ts_options[] = {
	[TS_MU] = OPTION_ANY("mu", 25.0, "mean of a new player's rating"),
	[TS_SIGMA] = OPTION_POSITIVE("sigma", 25.0 / 3.0, "spread of a new player's rating"),
	[TS_BETA] = OPTION_POSITIVE("beta", 25.0 / 3.0 / 2.0, "performance spread"),
	[TS_TAU] = OPTION_NONNEGATIVE("tau", 25.0 / 3.0 / 100.0, "dynamics: added to sigma before each match"),
	[TS_DRAW_PROBABILITY] = {"draw_probability", OPTION_NUMBER, 0.10, BOUND_INCLUSIVE, 0, BOUND_EXCLUSIVE, 1,
	"chance of a draw between equal teams"},
	[TS_MIN_DELTA] = OPTION_POSITIVE("min_delta", 1e-4, "convergence threshold of the message passing"),
	[TS_SIGMA_PER_DAY] = OPTION_NONNEGATIVE("sigma_per_day", 0, "sigma growth per idle day before a match, up to the sigma option (0: off)"),
	[TS_LINK] = OPTION_NAMED("link", family_link_names, "predicted_win: the model's own, or logistic / normal in the mu difference"),
	DETAIL_OPTIONS(TS_DETAILS),
	CONTEXT_SIGMA_OPTIONS(TS_CONTEXTS, TS_SIGMA, TS_TAU, TS_SIGMA_PER_DAY),
	SEASON_OPTIONS(TS_SEASON),
};

StaticAssertDecl(lengthof(ts_options) == TS_OPTION_COUNT, "ts_options out of step with its enum");

typedef struct TrueSkillData
{
	sk_ts_params params;
	double		margin_per_root_player; /* Phi^-1((draw_probability + 1) / 2) beta */
} TrueSkillData;

static void
ts_configure(ReplayState *state)
{
	sk_ts_params *p = &((TrueSkillData *) state->family_data)->params;
	const double *o = state->opt;

	sk_ts_default_params(p);
	p->mu = state->prior[0] = o[TS_MU];
	p->sigma = state->prior[1] = o[TS_SIGMA];
	p->beta = o[TS_BETA];
	p->tau = o[TS_TAU];
	p->draw_probability = o[TS_DRAW_PROBABILITY];
	p->min_delta = o[TS_MIN_DELTA];
	((TrueSkillData *) state->family_data)->margin_per_root_player =
		sk_norm_ppf((p->draw_probability + 1) / 2) * p->beta;
	state->settings.spread_field = 1;
	state->settings.spread_cap = o[TS_SIGMA];
	state->settings.idle_per_day = o[TS_SIGMA_PER_DAY];
	family_rank_outcome_only(state, "TrueSkill rates ranks only.");
	state->settings.normal_link = o[TS_LINK] != SK_LINK_LOGISTIC;
	state->settings.rating_unit = o[TS_BETA];
	if (replay_detail_option(state, DETAIL_DRAW_MODEL) == DRAW_MODEL_NATIVE &&
		!state->settings.normal_link)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"draw_model\" of %s cannot be \"native\" with option \"link\" \"logistic\"",
						state->caller),
				 errdetail("TrueSkill's draw margin is a threshold on the normal cdf's argument.")));
}

/* The whole match to the factor graph, rated in place (no weights). */
static void
ts_rate_match(ReplayState *state, ReplayMatch *match)
{
	TrueSkillData *data = state->family_data;
	sk_ts_match m = {.n_teams = match->n_teams, .team_start = match->team_start,
	.mu = state->mu, .sigma = state->sigma, .ranks = match->team_rank};
	void	   *work = replay_scratch(state, sk_ts_workspace_size(match->n_teams,
																	match->n_players));

	family_gather_gaussian(state, match);
	family_check_status(state, match, sk_ts_rate(&data->params, &m, state->mu, state->sigma,
												 work));
	family_scatter_gaussian(state, match);
}

/* Two teams: TrueSkill's own formula; more: the pairwise normalised one. */
static void
ts_predict_win(ReplayState *state, ReplayMatch *match, double *team_prob)
{
	double		beta = ((TrueSkillData *) state->family_data)->params.beta;
	sk_ts_match m = {.n_teams = 2, .team_start = match->team_start,
	.mu = state->mu, .sigma = state->sigma};

	if (state->opt[TS_LINK] != 0)
	{
		family_predict_link(state, match, (int) state->opt[TS_LINK], beta, true, team_prob);
		return;
	}
	if (match->n_teams != 2)
	{
		family_predict_gaussian_pairwise(state, match, beta, team_prob);
		return;
	}
	family_gather_gaussian(state, match);
	family_check_status(state, match, sk_ts_win_probability(beta, &m, &team_prob[0]));
	team_prob[1] = 1.0 - team_prob[0];
}

/* Two teams: the draw margin's share of the performance difference. */
static double
ts_predict_draw(ReplayState *state, ReplayMatch *match)
{
	TrueSkillData *data = state->family_data;
	sk_ts_match m = {.n_teams = 2, .team_start = match->team_start,
	.mu = state->mu, .sigma = state->sigma};
	double		prob;

	if (match->n_teams != 2)
		return get_float8_nan();
	family_gather_gaussian(state, match);
	family_check_status(state, match, sk_ts_draw_probability(&data->params, &m, &prob));
	return prob;
}

/*
 * draw_model native: TrueSkill's draw margin eps = Phi^-1((draw_probability
 * + 1) / 2) sqrt(n) beta for n players (the paper's, and trueskill's
 * quality), as a threshold on the probit argument (mu_a - mu_b) / c,
 * c = sqrt(n beta^2 + the sigma^2 sum): eps / c.  So P(draw) is the
 * family's predicted_draw, Phi((eps - d) / c) - Phi((-eps - d) / c).
 */
static double
ts_native_draw_margin(ReplayState *state, ReplayMatch *match)
{
	const TrueSkillData *data = state->family_data;
	double		beta = data->params.beta;
	double		var = match->n_players * beta * beta;
	int			i;

	for (i = 0; i < match->n_players; i++)
		var += match->player[i]->r[1] * match->player[i]->r[1];
	return data->margin_per_root_player * sqrt(match->n_players / var);
}

const ReplayFamily family_trueskill = {
	FAMILY_IDENTITY(trueskill), .n_fields = 2,
	.options = {ts_options, TS_OPTION_COUNT},
	.details_at = TS_DETAILS, .season_at = TS_SEASON,
	.data_size = sizeof(TrueSkillData), .configure = ts_configure,
	.rate_match = ts_rate_match, .predict_win = ts_predict_win,
	.predict_draw = ts_predict_draw, .native_draw_margin = ts_native_draw_margin,
};
