/*
 * elo.c - the multiplayer Elo family: a team match is a game between every
 * pair of players on different teams (core: sk_elo_rate_teams).
 *
 * Each player's update uses the player's own K: FIDE-style steps (a K for
 * new players, another once a rating has been reached), else a schedule by
 * experience k_a / (n + k_b)^k_c, else the constant k.  A player's highest
 * rating is kept in its second rating field (Elo uses only the first).
 *
 * K is multiplied by the match's weight (match_weight) and, with outcome
 * "mov", by the margin-of-victory multiplier of the published NFL/NBA
 * models (core: sk_elo_mov_multiplier), whose winner's lead is the
 * difference of the two teams' mean ratings, home advantage included.
 */
#include "families/family.h"

#include <math.h>

#include "core/elo.h"

enum
{
	ELO_RATING, ELO_K, ELO_SCALE, ELO_K_A, ELO_K_B, ELO_K_C,
	ELO_K_NEW, ELO_K_NEW_GAMES, ELO_K_TOP, ELO_K_TOP_RATING, ELO_MOV_A, ELO_MOV_B,
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
	[ELO_MOV_A] = OPTION_POSITIVE("mov_a", 2.2, "outcome mov: the a of K's multiplier ln(margin + 1) a / (a + b lead)"),
	[ELO_MOV_B] = OPTION_NONNEGATIVE("mov_b", 0.001, "outcome mov: the b of K's multiplier ln(margin + 1) a / (a + b lead)"),
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

/* A team's mean of the gathered ratings (home advantage included). */
static double
team_mean(const ReplayMatch *match, const double *ratings, int t)
{
	double		sum = 0;
	int			i;

	for (i = match->team_start[t]; i < match->team_start[t + 1]; i++)
		sum += ratings[i];
	return sum / (match->team_start[t + 1] - match->team_start[t]);
}

/*
 * Outcome mov's multiplier of K for this match (state->mu gathered): two
 * teams with scores, the margin their difference, the winner's lead the
 * difference of the teams' mean ratings.
 */
static double
mov_multiplier(ReplayState *state, const ReplayMatch *match)
{
	double		lead,
				margin,
				out = 1;
	bool		tie;
	sk_status	status;

	if (match->n_teams != 2)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("outcome \"mov\" of %s needs exactly 2 teams; match " INT64_FORMAT " has %d",
						state->caller, match->match_id, match->n_teams)));
	if (match->team_score == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("outcome \"mov\" of %s needs both teams' scores; match " INT64_FORMAT " lacks one",
						state->caller, match->match_id),
				 errhint("Give the rows a score column with each team's points.")));
	margin = fabs(match->team_score[0] - match->team_score[1]);
	tie = match->team_score[0] == match->team_score[1];
	lead = team_mean(match, state->mu, 0) - team_mean(match, state->mu, 1);
	if (match->team_score[1] > match->team_score[0])
		lead = -lead;
	status = sk_elo_mov_multiplier(margin, lead, tie, state->opt[ELO_MOV_A],
								   state->opt[ELO_MOV_B], &out);
	if (status != SK_OK && !tie && !(state->opt[ELO_MOV_A] + state->opt[ELO_MOV_B] * lead > 0))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("outcome \"mov\" of %s has no multiplier for match " INT64_FORMAT ": a + b * lead = %g is not positive",
						state->caller, match->match_id,
						state->opt[ELO_MOV_A] + state->opt[ELO_MOV_B] * lead),
				 errdetail("The winner trails by %g rating points; mov_a / mov_b = %g is the most it may trail.",
						   -lead, state->opt[ELO_MOV_A] / state->opt[ELO_MOV_B]),
				 errhint("Lower mov_b.")));
	family_check_status(state, match, status);
	return out;
}

static void
elo_rate_match(ReplayState *state, ReplayMatch *match)
{
	double	   *k = replay_scratch(state, sizeof(double) * match->n_players);
	double		scale_k;
	int			i;

	family_gather(match, 0, state->mu);
	scale_k = match->weight;
	if (replay_detail_option(state, DETAIL_OUTCOME) == OUTCOME_MOV)
		scale_k *= mov_multiplier(state, match);
	for (i = 0; i < match->n_players; i++)
		k[i] = player_k(state, match->player[i]) * scale_k;
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

/*
 * fit's bounds for mov_b keep a + b * lead away from 0: over the search
 * the winner may trail by up to MOV_SEARCH_TRAIL scales (an expected
 * score of 1e-5) before the multiplier fails, that is b <= a / (5 scale)
 * at the lowest a and highest scale (the published b = 0.001 with a = 2.2
 * at scale 400 allows 2200 points).  Called by fit, through dead_option,
 * with each option's range over the search.
 */
#define MOV_SEARCH_TRAIL 5.0

static void
mov_search_bounds(const double *low, const double *high)
{
	double		most = low[ELO_MOV_A] / (MOV_SEARCH_TRAIL * high[ELO_SCALE]);

	if (high[ELO_MOV_B] > most)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the search bounds of \"mov_b\" reach %g, past mov_a / (%g scale) = %g",
						high[ELO_MOV_B], MOV_SEARCH_TRAIL, most),
				 errdetail("With mov_b above that, a winner trailing by less than %g scales of rating (%g points) makes a + b * lead reach 0, and the replay fails there.",
						   MOV_SEARCH_TRAIL, MOV_SEARCH_TRAIL * high[ELO_SCALE]),
				 errhint("Search mov_b up to %g, or search mov_a from higher.", most)));
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
		case ELO_MOV_A:
		case ELO_MOV_B:
			if (low[ELO_DETAILS + DETAIL_OUTCOME] != OUTCOME_MOV)
				return "option \"outcome\" is not \"mov\"";
			mov_search_bounds(low, high);
			return NULL;
	}
	return NULL;
}

const ReplayFamily family_elo = {
	FAMILY_IDENTITY(elo), .n_fields = 1,
	.match_weights = true, .mov_outcome = true,
	.options = {elo_options, ELO_OPTION_COUNT},
	.details_at = ELO_DETAILS, .season_at = ELO_SEASON,
	.configure = elo_configure, .new_player = elo_new_player,
	.rate_match = elo_rate_match, .predict_win = elo_predict_win,
	.dead_option = elo_dead_option,
};
