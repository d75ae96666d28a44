/*
 * glicko2.c - the Glicko-2 family: games are rated per rating period
 * (periods.h); periods a player sits out grow the RD (core:
 * sk_glicko2_idle_rd), and each period's update grows it once more
 * (Glickman's step 6).  When periods are per match, the growth is vol^2 per
 * period_length of the player's idle time, all of it applied when the
 * player is next seen, and the update adds none (periods.h).
 */
#include "families/family.h"
#include "families/periods.h"

#include "core/glicko2.h"
#include "engine/glicko2_convergence.h"

enum
{
	G2_RATING, G2_RD, G2_VOL, G2_TAU, G2_EPSILON, G2_RD_PER_DAY,
	G2_PERIOD_LENGTH, G2_IDLE_GROWTH,	/* IDLE_OPTIONS */
	G2_DETAILS,
	G2_CONTEXT_RD = G2_DETAILS + DETAIL_OPTION_COUNT, G2_CONTEXT_TAU, G2_CONTEXT_RD_PER_DAY,
	G2_SEASON,
	G2_OPTION_COUNT = G2_SEASON + SEASON_OPTION_COUNT
};

/*
 * Per-match periods stand for 3 days each: a period grows phi^2 by vol^2,
 * at the default vol 0.06 about 1/11 of Glicko-1's c^2, so 3 days bring
 * an RD of 50 back to 350 after about 9 years idle, as Glicko-1's month
 * does after 8.  (Lichess's per-game Glicko-2, vol 0.09 and 0.21436
 * periods a day, grows as fast as 2 days would with vol 0.06.)
 */
static const OptionSpec g2_options[] = {
	[G2_RATING] = OPTION_ANY("rating", 1500, "a new player's rating"),
	[G2_RD] = OPTION_POSITIVE("rd", 350, "a new player's rating deviation"),
	[G2_VOL] = OPTION_POSITIVE("vol", 0.06, "a new player's volatility"),
	[G2_TAU] = OPTION_POSITIVE("tau", 0.5, "constrains the change in volatility over time"),
	[G2_EPSILON] = OPTION_POSITIVE("epsilon", 0.000001, "convergence tolerance of the volatility iteration"),
	[G2_RD_PER_DAY] = OPTION_NONNEGATIVE("rd_per_day", 0, "RD growth per idle day before a match, up to the rd option (0: off)"),
	IDLE_OPTIONS(G2_PERIOD_LENGTH, 3),
	DETAIL_OPTIONS(G2_DETAILS),
	[G2_CONTEXT_RD] = CONTEXT_RD_OPTION(G2_RD),
	[G2_CONTEXT_TAU] = OPTION_CONTEXT(G2_TAU, "tau", BOUND_EXCLUSIVE, "tau of the context ratings"),
	[G2_CONTEXT_RD_PER_DAY] = CONTEXT_RD_PER_DAY_OPTION(G2_RD_PER_DAY),
	SEASON_OPTIONS(G2_SEASON),
};

StaticAssertDecl(lengthof(g2_options) == G2_OPTION_COUNT, "g2_options out of step with its enum");

static void
g2_configure(ReplayState *state)
{
	state->prior[0] = state->opt[G2_RATING];
	state->settings.rating_unit = FAMILY_GLICKO_RATING_UNIT;
	state->prior[1] = state->opt[G2_RD];
	state->prior[2] = state->opt[G2_VOL];
	state->settings.spread_field = 1;
	state->settings.spread_cap = state->opt[G2_RD];
	state->settings.idle_per_day = state->opt[G2_RD_PER_DAY];
}

static void
g2_rate_match(ReplayState *state, ReplayMatch *match)
{
	periods_record_match(state, state->family_data, match, NULL, sk_glicko2_sums_add);
}

static void
g2_rate_player(ReplayState *state, const ReplayPlayer *p, const sk_glicko_sums *sums, double *out)
{
	sk_glicko2	in = {p->r[0], p->r[1], p->r[2]};
	sk_glicko2	result;
	sk_status	status = sk_glicko2_rate_sums(&in, sums, state->opt[G2_TAU],
											  state->opt[G2_EPSILON], periods_onset(state, p),
											  &result);

	glicko2_converged(status, state->caller, &p->id, state->opt[G2_TAU], state->opt[G2_EPSILON]);
	family_check_player_status(state, p, status);
	out[0] = result.rating;
	out[1] = result.rd;
	out[2] = result.vol;
}

static void
g2_end_period(ReplayState *state)
{
	periods_close(state, state->family_data, g2_rate_player);
}

static void
g2_finish_player(ReplayState *state, ReplayPlayer *player)
{
	int64		missed = state->periods_ended - player->last_period;

	if (periods_by_calendar(state, state->opt[G2_IDLE_GROWTH]))
	{
		double		t = periods_calendar_idle(state, player, state->opt[G2_PERIOD_LENGTH]);

		if (t > 0)
			player->r[1] = sk_glicko2_idle_rd(player->r[1], player->r[2], t);
	}
	else if (missed > 0)
	{
		player->r[1] = sk_glicko2_idle_rd(player->r[1], player->r[2], (double) missed);
		player->last_period = state->periods_ended;
	}
}


const ReplayFamily family_glicko2 = {
	FAMILY_IDENTITY(glicko2), .n_fields = 3, .match_weights = true,
	.options = {g2_options, G2_OPTION_COUNT},
	.details_at = G2_DETAILS, .season_at = G2_SEASON,
	.data_size = sizeof(PeriodGames), .configure = g2_configure,
	.rate_match = g2_rate_match, .predict_win = periods_predict_win,
	.end_period = g2_end_period, .finish_player = g2_finish_player,
};
