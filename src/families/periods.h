/*
 * periods.h - rating periods for the Glicko families: a period's games are
 * gathered as its matches arrive, into each player's sums of the update
 * (core/glicko.h), and rated together when it closes, each against the
 * opponents' ratings at the period's start.  Memory grows with the
 * period's players, not its games (a free-for-all of n has n^2).
 */
#ifndef SKILL_FAMILIES_PERIODS_H
#define SKILL_FAMILIES_PERIODS_H

#include "engine/family_api.h"

#include "core/glicko.h"

/*
 * A player of the open period and its games so far, as sums.  A game is
 * added when its match is recorded: ratings change only when a period
 * closes (and periods sat out were applied when the players were looked
 * up for this match), so both ratings are those at the period's start.
 */
typedef struct PeriodPlayer
{
	int64		id;				/* an id: hash entries may move before the period ends */
	char		status;			/* simplehash's slot state */
	sk_glicko_sums sums;
} PeriodPlayer;

typedef struct PeriodGames
{
	struct period_players_hash *players;	/* of the open period */
} PeriodGames;

/* One game's terms into a player's sums: sk_glicko_sums_add or sk_glicko2_sums_add. */
typedef sk_status (*PeriodAddGame) (sk_glicko_sums *sums, double rating, double opp_rating,
									double opp_rd, double score, double weight);

/*
 * Rates one player from its period's sums; writes the player's new rating
 * fields into out.  Raises on bad input.
 */
typedef void (*PeriodRatePlayer) (ReplayState *state, const ReplayPlayer *player,
								  const sk_glicko_sums *sums, double *out);

/*
 * An opponent's RD as the period's update sees it: Glicko-1 grows every RD
 * to its value at the period's onset; NULL keeps it (Glicko-2, whose
 * opponents enter with the RD they have).
 */
typedef double (*PeriodOnsetRd) (const ReplayState *state, const ReplayPlayer *player);

/*
 * Idle growth.  Glickman's RD grows once per rating period, and a period
 * is meant to hold several games per player.  When periods are per match
 * (replay.h: no period column, or played_at given as the period) a period
 * is no stretch of time, and counting them would grow a player's RD with
 * every other player's match.  There, with idle_growth "calendar" (the
 * default), the growth of one period is spread over period_length of
 * calendar time instead: a player idle for d grows as over d/period_length
 * periods, applied when it is next seen (before the prediction), and the
 * period's own update adds none.  A new player's first period grows it once
 * (its prior counts as current one period before), as when periods are
 * counted, so a replay's first period is rated alike either way.
 * idle_growth "periods" counts every period as one, per match or not.
 * With an explicit period column nothing changes.
 */
typedef enum PeriodsIdleGrowth
{
	IDLE_GROWTH_CALENDAR, IDLE_GROWTH_PERIODS
} PeriodsIdleGrowth;

extern const char *const periods_idle_growth_names[];

/*
 * The two options (period_length at index at, idle_growth after it),
 * declared by both Glicko families after rd_per_day; the
 * default period_length is the family's (glicko.c, glicko2.c).
 */
#define IDLE_OPTIONS(at, default_days) \
	[(at)] = {"period_length", OPTION_INTERVAL, (default_days) * (double) USECS_PER_DAY, BOUND_NONE, 0, \
	 BOUND_NONE, 0, "the calendar time one rating period stands for when periods are per match"}, \
	[(at) + 1] = OPTION_NAMED("idle_growth", periods_idle_growth_names, \
				 "calendar: per-match periods grow RDs by idle time over period_length; periods: each period counts one, per-match ones too")

/* Whether the open period grows RDs by the calendar (idle_growth is its option value). */
static inline bool
periods_by_calendar(const ReplayState *state, double idle_growth)
{
	return state->period_per_match && idle_growth == IDLE_GROWTH_CALENDAR;
}

/*
 * How many periods' growth a player seen again is owed by the calendar:
 * its idle time over period_length (microseconds); 0 for a new player,
 * which grows at the period's onset instead.  Inside a period, a player
 * grown here counts as current through the period's onset.
 */
extern double periods_calendar_idle(const ReplayState *state, ReplayPlayer *player,
									double period_length);

/*
 * The periods of growth a player's rating takes at the open period's
 * onset: 1 (Glickman's), or 0 when periods_calendar_idle grew it already.
 */
static inline double
periods_onset(const ReplayState *state, const ReplayPlayer *player)
{
	return player->last_period > state->periods_ended ? 0.0 : 1.0;
}

/*
 * Adds every pair of players on different teams, scored by team rank (or
 * the scores), to the first one's sums; a game the core refuses raises
 * naming that player.
 */
extern void periods_record_match(ReplayState *state, PeriodGames *period,
								 const ReplayMatch *match, PeriodOnsetRd onset,
								 PeriodAddGame add);

/* Team chances before a match: Glickman's win probability, pairwise. */
extern void periods_predict_win(ReplayState *state, ReplayMatch *match, double *team_prob);

/* Rates every player of the closing period, then writes all results back. */
extern void periods_close(ReplayState *state, PeriodGames *period, PeriodRatePlayer rate);

#endif
