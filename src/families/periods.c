/*
 * periods.c - rating periods of the Glicko families (periods.h).
 */
#include "families/periods.h"

#include "miscadmin.h"

#include "core/glicko.h"
#include "families/family.h"

#define PLAYER_TABLE_PREFIX period_players
#define PLAYER_TABLE_ELEMENT PeriodPlayer
#include "engine/player_table.h"

const char *const periods_idle_growth_names[] = {"calendar", "periods", NULL};

double
periods_calendar_idle(const ReplayState *state, ReplayPlayer *player, double period_length)
{
	/*
	 * A player seen again in its own period (two matches at one time) owes
	 * nothing, and a new player's onset stays to come: last_period is left.
	 */
	if (player->matches == 0 || state->period_key <= player->last_played)
		return 0;

	/*
	 * Between periods (where periods stop being per match, and at the end)
	 * the player is current to the periods closed, as counting would leave
	 * it; last_played moves only when the player's match is rated.
	 */
	player->last_period = state->periods_ended + (state->in_period ? 1 : 0);
	return (double) (state->period_key - player->last_played) / period_length;
}

/* The open period's entry of the player with this id, new (zero sums) if need be. */
static sk_glicko_sums *
period_sums(ReplayState *state, PeriodGames *period, int64 id)
{
	PeriodPlayer *entry;
	bool		found;

	if (period->players == NULL)
		period->players = period_players_create(state->mcxt, 64, NULL);
	entry = period_players_insert(period->players, id, &found);
	if (!found)
		memset(&entry->sums, 0, sizeof(entry->sums));
	return &entry->sums;
}

void
periods_record_match(ReplayState *state, PeriodGames *period, const ReplayMatch *match,
					 PeriodOnsetRd onset, PeriodAddGame add)
{
	int			t,
				u,
				i,
				j;

	for (t = 0; t < match->n_teams; t++)
		for (i = match->team_start[t]; i < match->team_start[t + 1]; i++)
		{
			const ReplayPlayer *player = match->player[i];
			sk_glicko_sums *sums = period_sums(state, period, player->id);

			CHECK_FOR_INTERRUPTS();	/* a game per opponent: quadratic */
			for (u = 0; u < match->n_teams; u++)
				for (j = match->team_start[u]; u != t && j < match->team_start[u + 1]; j++)
				{
					/* Home advantage: the game's rating difference moves by it. */
					double		opp_rating = match->player[j]->r[0];

					if (match->team_shift)
						opp_rating += match->team_shift[u] - match->team_shift[t];
					family_check_player_status(state, player,
											   add(sums, player->r[0], opp_rating,
												   onset ? onset(state, match->player[j])
												   : match->player[j]->r[1],
												   replay_pair_score(match, t, u), match->weight));
				}
		}
}

void
periods_close(ReplayState *state, PeriodGames *period, PeriodRatePlayer rate)
{
	PeriodPlayer **entries;
	double	   *results;
	ReplayPlayer **rated;
	uint32		n,
				k;
	int			f = state->family->n_fields;

	if (period->players == NULL || period->players->members == 0)
		return;
	/* By id, so that which player an error names does not depend on the hashing. */
	entries = period_players_by_id(period->players, &n);
	results = MemoryContextAllocHuge(CurrentMemoryContext, sizeof(double) * REPLAY_MAX_FIELDS * n);
	rated = MemoryContextAllocHuge(CurrentMemoryContext, sizeof(ReplayPlayer *) * n);

	/* Nothing is inserted until the period is written back: pointers hold. */
	for (k = 0; k < n; k++)
	{
		if ((k & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		rated[k] = replay_lookup(state, entries[k]->id);
		rate(state, rated[k], &entries[k]->sums, &results[k * REPLAY_MAX_FIELDS]);
	}
	for (k = 0; k < n; k++)
	{
		if ((k & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		memcpy(rated[k]->r, &results[k * REPLAY_MAX_FIELDS], sizeof(double) * f);
		/* Rated through this period (the engine counts it closed next). */
		rated[k]->last_period = state->periods_ended + 1;
	}
	pfree(results);
	pfree(rated);
	pfree(entries);
	period_players_reset(period->players);
}

void
periods_predict_win(ReplayState *state, ReplayMatch *match, double *team_prob)
{
	family_gather(match, 0, state->mu);
	family_gather(match, 1, state->sigma);
	sk_glicko_predict_teams(match->n_teams, match->team_start, state->mu, state->sigma,
							team_prob);
}
