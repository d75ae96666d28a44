/*
 * elo.c - the multiplayer Elo family: a team match is a game between every
 * pair of players on different teams (core: sk_elo_rate_teams).
 */
#include "families/family.h"

#include "core/elo.h"

enum
{
	ELO_RATING, ELO_K, ELO_SCALE
};

static const OptionSpec elo_options[] = {
	OPTION_ANY("rating", 1500, "a new player's rating"),
	OPTION_NONNEGATIVE("k", 32, "K factor: the most one match can move a rating"),
	OPTION_POSITIVE("scale", 400, "rating difference at which the odds are 10 to 1"),
};

static void
elo_configure(ReplayState *state)
{
	state->prior[0] = state->opt[ELO_RATING];
}

static void
elo_rate_match(ReplayState *state, ReplayMatch *match)
{
	family_gather(match, 0, state->mu);
	sk_elo_rate_teams(match->n_teams, match->team_start, match->team_rank, state->mu,
					  state->opt[ELO_K], state->opt[ELO_SCALE], state->sigma);
	family_scatter(match, 0, state->sigma);
}

/* A team's chance: its players' mean expected score against the others. */
static void
elo_predict_win(ReplayState *state, ReplayMatch *match, double *team_prob)
{
	family_gather(match, 0, state->mu);
	sk_elo_predict_teams(match->n_teams, match->team_start, state->mu,
						 state->opt[ELO_SCALE], team_prob);
}

const ReplayFamily family_elo = {
	.name = "elo_replay", .n_fields = 1, .kind = VALUE_ELO,
	.options = {elo_options, lengthof(elo_options)},
	.configure = elo_configure,
	.rate_match = elo_rate_match, .predict_win = elo_predict_win,
};
