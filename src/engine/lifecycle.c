/*
 * lifecycle.c - a player's life around the matches, inside a replay: the
 * spread (sigma or RD) grows with idle calendar time before each match,
 * and every known player is soft-reset toward the prior at each season
 * start, before the season's first match.  The formulas are the core's
 * (core/growth.c), the same as the read-time SQL functions use.
 */
#include "engine/replay.h"

#include "miscadmin.h"

#include "core/growth.h"

void
lifecycle_configure(ReplayState *state)
{
	int			starts = state->family->season_at + SEASON_STARTS;

	state->life.season_keep = state->opt[state->family->season_at + SEASON_KEEP];
	state->life.season_starts = state->opt_lists[starts];
	state->life.n_seasons = state->life.season_starts ? (int) state->opt[starts] : 0;
	state->life.next_season = 0;
}

/* One soft reset of every known player toward the family's prior. */
static void
reset_all(ReplayState *state)
{
	int			sf = state->life.spread_field;
	double		keep = state->life.season_keep;
	ReplayPlayer **players;
	uint32		n,
				i;

	players = replay_players_by_id(state, &n);
	for (i = 0; i < n; i++)
	{
		ReplayPlayer *p = players[i];

		CHECK_FOR_INTERRUPTS();
		p->r[0] = sk_season_mean(p->r[0], state->prior[0], keep);
		if (sf >= 0)
			p->r[sf] = sk_season_spread(p->r[sf], state->prior[sf], keep);
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
		state->life.next_season++;
	}
}

void
lifecycle_idle(ReplayState *state, ReplayPlayer *player, TimestampTz played_at)
{
	int			sf = state->life.spread_field;
	double		days = (double) (played_at - player->last_played) / USECS_PER_DAY;

	if (sf >= 0 && days > 0)
		player->r[sf] = sk_spread_after_idle(player->r[sf], days, state->life.idle_per_day,
											 state->life.spread_cap);
}
