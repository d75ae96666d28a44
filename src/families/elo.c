/*
 * elo.c - the multiplayer Elo family: a team match is a game between every
 * pair of players on different teams (core: sk_elo_rate_teams).
 *
 * Each player's update uses the player's own K: FIDE-style steps (a K for
 * new players, another once a rating has been reached), else a schedule by
 * experience k_a / (n + k_b)^k_c, else the constant k.  A player's highest
 * rating is kept in its second rating field (Elo uses only the first).
 */
#include "families/family.h"

#include "core/elo.h"

enum
{
	ELO_RATING, ELO_K, ELO_SCALE, ELO_K_A, ELO_K_B, ELO_K_C,
	ELO_K_NEW, ELO_K_NEW_GAMES, ELO_K_TOP, ELO_K_TOP_RATING,
	ELO_DETAILS,
	ELO_CONTEXT_K = ELO_DETAILS + DETAIL_OPTION_COUNT,
	ELO_SEASON,
	ELO_OPTION_COUNT = ELO_SEASON + SEASON_OPTION_COUNT
};

#define ELO_PEAK 1				/* the rating field that holds the peak */

static const OptionSpec elo_options[] = {
	[ELO_RATING] = OPTION_ANY("rating", 1500, "a new player's rating"),
	[ELO_K] = OPTION_NONNEGATIVE("k", 32, "K factor: the most one match can move a rating"),
	[ELO_SCALE] = OPTION_POSITIVE("scale", 400, "rating difference at which the odds are 10 to 1"),
	[ELO_K_A] = OPTION_NONNEGATIVE("k_a", 0, "K schedule k_a / (n + k_b)^k_c, n = the player's earlier matches (0: off)"),
	[ELO_K_B] = OPTION_NONNEGATIVE("k_b", 1, "offset of the K schedule"),
	[ELO_K_C] = OPTION_NONNEGATIVE("k_c", 0, "exponent of the K schedule"),
	[ELO_K_NEW] = OPTION_NONNEGATIVE("k_new", 0, "K of a player with fewer than k_new_games earlier matches (0: off)"),
	[ELO_K_NEW_GAMES] = {"k_new_games", OPTION_COUNT, 30, BOUND_NONE, 0, BOUND_NONE, 0,
	"matches a player counts as new for k_new"},
	[ELO_K_TOP] = OPTION_NONNEGATIVE("k_top", 0, "K of a player whose rating has ever reached k_top_rating (0: off)"),
	[ELO_K_TOP_RATING] = OPTION_ANY("k_top_rating", 2400, "rating from which k_top applies"),
	DETAIL_OPTIONS(ELO_DETAILS),
	[ELO_CONTEXT_K] = OPTION_CONTEXT(ELO_K, "k", BOUND_INCLUSIVE, "K factor of the context ratings"),
	SEASON_OPTIONS(ELO_SEASON),
};

StaticAssertDecl(lengthof(elo_options) == ELO_OPTION_COUNT, "elo_options out of step with its enum");

static void
elo_configure(ReplayState *state)
{
	const double *o = state->opt;

	if (o[ELO_K_A] > 0 && o[ELO_K_C] > 0 && !(o[ELO_K_B] > 0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"k_b\" of %s must be greater than zero when \"k_c\" is",
						state->caller),
				 errdetail("A player's first match would divide by 0^k_c.")));
	state->prior[0] = o[ELO_RATING];
	state->settings.rating_unit = o[ELO_SCALE];
}

static void
elo_new_player(ReplayState *state, ReplayPlayer *player)
{
	player->r[ELO_PEAK] = player->r[0];
}

/* The player's K for this match (see the file comment for the order). */
static double
player_k(const ReplayState *state, const ReplayPlayer *p)
{
	const double *o = state->opt;

	if (o[ELO_K_NEW] > 0 && p->matches < o[ELO_K_NEW_GAMES])
		return o[ELO_K_NEW];
	if (o[ELO_K_TOP] > 0 && p->r[ELO_PEAK] >= o[ELO_K_TOP_RATING])
		return o[ELO_K_TOP];
	if (o[ELO_K_A] > 0)
		return sk_elo_k_schedule(o[ELO_K_A], o[ELO_K_B], o[ELO_K_C], p->matches);
	return o[ELO_K];
}

/* The core's view of replay_pair_score, where the match has scores. */
static double
pair_outcome(const void *match, int t, int u)
{
	return details_pair_outcome(match, t, u);
}

static void
elo_rate_match(ReplayState *state, ReplayMatch *match)
{
	double	   *k = replay_scratch(state, sizeof(double) * match->n_players);
	int			i;

	family_gather(match, 0, state->mu);
	for (i = 0; i < match->n_players; i++)
		k[i] = player_k(state, match->player[i]);
	sk_elo_rate_teams(match->n_teams, match->team_start, match->team_rank,
					  match->team_score ? pair_outcome : NULL, match,
					  state->mu, k, state->opt[ELO_SCALE], state->sigma);
	family_scatter(match, 0, state->sigma);
	for (i = 0; i < match->n_players; i++)
		match->player[i]->r[ELO_PEAK] = Max(match->player[i]->r[ELO_PEAK],
											match->player[i]->r[0]);
}

/* A team's chance: its players' mean expected score against the others. */
static void
elo_predict_win(ReplayState *state, ReplayMatch *match, double *team_prob)
{
	family_gather(match, 0, state->mu);
	sk_elo_predict_teams(match->n_teams, match->team_start, state->mu,
						 state->opt[ELO_SCALE], team_prob);
}

static const char *
elo_dead_option(int index, const double *low, const double *high)
{
	switch (index)
	{
		case ELO_K:
			return low[ELO_K_A] > 0 ? "the K schedule (option \"k_a\" > 0) replaces it" : NULL;
		case ELO_K_B:
		case ELO_K_C:
			return high[ELO_K_A] == 0 ? "the K schedule is off (option \"k_a\" is 0)" : NULL;
		case ELO_K_NEW_GAMES:
			return high[ELO_K_NEW] == 0 ? "option \"k_new\" is 0 (off)" : NULL;
		case ELO_K_TOP_RATING:
			return high[ELO_K_TOP] == 0 ? "option \"k_top\" is 0 (off)" : NULL;
	}
	return NULL;
}

const ReplayFamily family_elo = {
	FAMILY_IDENTITY(elo), .n_fields = 1,
	.options = {elo_options, ELO_OPTION_COUNT},
	.details_at = ELO_DETAILS, .season_at = ELO_SEASON,
	.configure = elo_configure, .new_player = elo_new_player,
	.rate_match = elo_rate_match, .predict_win = elo_predict_win,
	.dead_option = elo_dead_option,
};
