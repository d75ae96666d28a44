/*
 * glicko.c - the Glicko-1 family (Glickman 1999): games are rated per
 * rating period (periods.h).  At the start of each period a player's RD
 * grows to min(sqrt(RD^2 + c^2 t), rd_max), t = periods since the rating
 * was last current: once per period the player plays in, and once for each
 * period sat out (applied when the player is next seen, and at the end).
 * The prior counts as current at the end of the period before the player's
 * first, so a new player's RD grows once too (350 stays 350).  When
 * periods are per match, t is the calendar time since the player's last
 * match over period_length, all of it applied when the player is next
 * seen (periods.h).
 */
#include "families/family.h"
#include "families/periods.h"

#include "core/glicko.h"

enum
{
	G1_RATING, G1_RD, G1_C, G1_RD_MAX, G1_RD_PER_DAY,
	G1_PERIOD_LENGTH, G1_IDLE_GROWTH,	/* IDLE_OPTIONS */
	G1_DETAILS,
	G1_CONTEXT_RD = G1_DETAILS + DETAIL_OPTION_COUNT, G1_CONTEXT_C, G1_CONTEXT_RD_PER_DAY,
	G1_SEASON,
	G1_OPTION_COUNT = G1_SEASON + SEASON_OPTION_COUNT
};

/*
 * c = 34.6: Glickman's example, RD 50 back to 350 after 100 idle periods.
 * Per-match periods stand for 30 days each: Glickman's periods hold 5-10
 * games per player, a month of a tennis or chess player's, so the RD of
 * 50 is back at 350 after about 8 years idle.
 */
static const OptionSpec g1_options[] = {
	[G1_RATING] = OPTION_ANY("rating", 1500, "a new player's rating"),
	[G1_RD] = OPTION_POSITIVE("rd", 350, "a new player's rating deviation"),
	[G1_C] = OPTION_NONNEGATIVE("c", 34.6, "RD growth per rating period: RD' = sqrt(RD^2 + c^2 t)"),
	[G1_RD_MAX] = OPTION_POSITIVE("rd_max", 350, "the RD never grows past this"),
	[G1_RD_PER_DAY] = OPTION_NONNEGATIVE("rd_per_day", 0, "RD growth per idle day before a match, up to rd_max (0: off)"),
	IDLE_OPTIONS(G1_PERIOD_LENGTH, 30),
	DETAIL_OPTIONS(G1_DETAILS),
	[G1_CONTEXT_RD] = CONTEXT_RD_OPTION(G1_RD),
	[G1_CONTEXT_C] = OPTION_CONTEXT(G1_C, "c", BOUND_INCLUSIVE, "c of the context ratings"),
	[G1_CONTEXT_RD_PER_DAY] = CONTEXT_RD_PER_DAY_OPTION(G1_RD_PER_DAY),
	SEASON_OPTIONS(G1_SEASON),
};

StaticAssertDecl(lengthof(g1_options) == G1_OPTION_COUNT, "g1_options out of step with its enum");

static void
g1_configure(ReplayState *state)
{
	state->prior[0] = state->opt[G1_RATING];
	state->settings.rating_unit = FAMILY_GLICKO_RATING_UNIT;
	state->prior[1] = state->opt[G1_RD];
	state->settings.spread_field = 1;
	state->settings.spread_cap = state->opt[G1_RD_MAX];
	state->settings.idle_per_day = state->opt[G1_RD_PER_DAY];
}

/*
 * The period's own growth (t = 1; none where the calendar grew the RD to
 * the period's onset: periods_onset).  Options and ratings are checked, so
 * the core's checks cannot fail here.
 */
static double
g1_onset_rd(const ReplayState *state, const ReplayPlayer *player)
{
	double		out = player->r[1];

	if (periods_onset(state, player) > 0)
		(void) sk_glicko_decay(player->r[1], 1, state->opt[G1_C], state->opt[G1_RD_MAX], &out);
	return out;
}

static void
g1_rate_match(ReplayState *state, ReplayMatch *match)
{
	periods_record_match(state, state->family_data, match, g1_onset_rd, sk_glicko_sums_add);
}

/* Glickman's update from the RDs at the period's onset. */
static void
g1_rate_player(ReplayState *state, const ReplayPlayer *p, const sk_glicko_sums *sums, double *out)
{
	family_check_player_status(state, p,
							   sk_glicko_rate_sums(p->r[0], g1_onset_rd(state, p), sums,
												   &out[0], &out[1]));
}

static void
g1_end_period(ReplayState *state)
{
	periods_close(state, state->family_data, g1_rate_player);
}

/* Periods sat out (or the calendar's share of them): t of them grow the RD by c^2 t. */
static void
g1_finish_player(ReplayState *state, ReplayPlayer *player)
{
	int64		missed = state->periods_ended - player->last_period;

	if (periods_by_calendar(state, state->opt[G1_IDLE_GROWTH]))
	{
		double		t = periods_calendar_idle(state, player, state->opt[G1_PERIOD_LENGTH]);

		if (t > 0)
			family_check_player_status(state, player,
									   sk_glicko_decay(player->r[1], t, state->opt[G1_C],
													   state->opt[G1_RD_MAX], &player->r[1]));
	}
	else if (missed > 0)
	{
		family_check_player_status(state, player,
								   sk_glicko_decay(player->r[1], (double) missed, state->opt[G1_C],
												   state->opt[G1_RD_MAX], &player->r[1]));
		player->last_period = state->periods_ended;
	}
}


const ReplayFamily family_glicko = {
	FAMILY_IDENTITY(glicko), .n_fields = 2, .match_weights = true,
	.options = {g1_options, G1_OPTION_COUNT},
	.details_at = G1_DETAILS, .season_at = G1_SEASON,
	.data_size = sizeof(PeriodGames), .configure = g1_configure,
	.rate_match = g1_rate_match, .predict_win = periods_predict_win,
	.end_period = g1_end_period, .finish_player = g1_finish_player,
};
