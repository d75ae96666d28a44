/*
 * lifecycle.c - a player's life around the matches, inside a replay: the
 * spread (sigma or RD) grows with idle calendar time before each match,
 * and every known player is soft-reset toward the prior at each season
 * start, before the season's first match.  The formulas are the core's
 * (core/growth.c), the same as the read-time SQL functions use.
 */
#include "engine/replay.h"

#include "miscadmin.h"
#include "utils/builtins.h"

#include "core/growth.h"

void
lifecycle_configure(ReplayState *state)
{
	ReplayLifecycle *life = &state->engine->life;
	int			starts = state->family->season_at + SEASON_STARTS;

	life->season_keep = state->opt[state->family->season_at + SEASON_KEEP];
	life->season_starts = state->engine->opt_lists[starts];
	life->n_seasons = life->season_starts ? (int) state->opt[starts] : 0;
	life->next_season = 0;
}

/* One soft reset of a player toward the family's prior. */
static void
reset_player(ReplayState *state, ReplayPlayer *p)
{
	int			sf = state->settings.spread_field;
	double		keep = state->engine->life.season_keep;

	p->r[0] = sk_season_mean(p->r[0], state->prior[0], keep);
	if (sf >= 0)
		p->r[sf] = sk_season_spread(p->r[sf], state->prior[sf], keep);
}

/* One soft reset of every known player. */
static void
reset_all(ReplayState *state)
{
	ReplayPlayer **players;
	uint32		n,
				i;

	players = replay_players_by_id(state, &n);
	for (i = 0; i < n; i++)
	{
		CHECK_FOR_INTERRUPTS();
		reset_player(state, players[i]);
	}
	pfree(players);
}

/* Applies every season start up to played_at, in order. */
void
lifecycle_new_season(ReplayState *state, TimestampTz played_at)
{
	while (lifecycle_season_due(state, played_at))
	{
		CHECK_FOR_INTERRUPTS();
		reset_all(state);
		state->engine->life.next_season++;
	}
}

/*
 * A player entered as it stood after its last match (replay_seed_player)
 * takes the resets of the season starts after that match, up to played_at:
 * the replay of the whole history reset it at each, as a known player.
 */
void
lifecycle_seeded_seasons(ReplayState *state, ReplayPlayer *player, TimestampTz played_at)
{
	const ReplayLifecycle *life = &state->engine->life;
	int			k;

	for (k = 0; k < life->n_seasons && life->season_starts[k] <= played_at; k++)
		if (life->season_starts[k] > player->last_played)
			reset_player(state, player);
}

/* The season starts up to played_at count as applied (to the seeded players). */
void
lifecycle_skip_seasons(ReplayState *state, TimestampTz played_at)
{
	while (lifecycle_season_due(state, played_at))
		state->engine->life.next_season++;
}

void
lifecycle_season_column(ReplayState *state, ReplayPlayer *player, bool found, int64 match_id,
						const ReplayDetails *details)
{
	if (!details->has_season)
		return;
	if (state->engine->life.n_seasons > 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s cannot take both seasons (the season column or argument) and option \"season_starts\" (match " INT64_FORMAT ")",
						state->caller, match_id),
				 errhint("Give the seasons one way: a season per match, or the times they start.")));
	if (found && player->has_season && player->season != details->season)
		reset_player(state, player);
	player->has_season = true;
	player->season = details->season;
}

/*
 * A season's first match resets its players before their period's update
 * (which starts from their ratings when it closes), so a period that began
 * in one season cannot take a match of another: its earlier games would be
 * rated from the reset ratings.  Per-match periods have nothing to mix.
 */
void
lifecycle_period_season(ReplayState *state, int64 match_id, const ReplayDetails *details)
{
	ReplayLifecycle *life = &state->engine->life;

	if (!details->has_season || state->period_per_match)
		return;
	if (life->period_has_season && life->season_period == state->period_key &&
		life->period_season != details->season)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("match " INT64_FORMAT " is of another season than the earlier matches of its rating period (%s)",
						match_id, timestamptz_to_str(state->period_key)),
				 errdetail("A season's first match resets its players, and a period is rated as one update: its matches must be of one season."),
				 errhint("Start a new rating period with the season.")));
	life->period_has_season = true;
	life->season_period = state->period_key;
	life->period_season = details->season;
}

void
lifecycle_idle(ReplayState *state, ReplayPlayer *player, TimestampTz played_at)
{
	int			sf = state->settings.spread_field;
	double		days = (double) (played_at - player->last_played) / USECS_PER_DAY;

	if (sf >= 0 && days > 0)
		player->r[sf] = sk_spread_after_idle(player->r[sf], days, state->settings.idle_per_day,
											 state->settings.spread_cap);
}
