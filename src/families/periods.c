/*
 * periods.c - rating periods of the Glicko families (periods.h).
 */
#include "families/periods.h"

#include "miscadmin.h"

#include "core/glicko.h"
#include "core/pairwise.h"
#include "engine/bulk_alloc.h"
#include "families/family.h"

/* Groups a period's games by player, each player's in arrival order. */
#define RS_SORT sort_period_games
#define RS_ELEMENT PeriodGame
#define RS_KEY(game) ((game)->player)
#include "engine/radix_sort.h"

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

static PeriodGame *
next_game(ReplayState *state, PeriodGames *period)
{
	if (period->n_games == period->max_games)
	{
		period->max_games = Max(64, period->max_games * 2);
		if (period->games)
		{
			pfree(period->sort_scratch);
			period->games = repalloc_huge(period->games,
										  sizeof(PeriodGame) * period->max_games);
		}
		else
			period->games = bulk_alloc(state->mcxt, sizeof(PeriodGame) * period->max_games, 0);
		period->sort_scratch = bulk_alloc(state->mcxt,
										  sizeof(PeriodGame) * period->max_games, 0);
	}
	return &period->games[period->n_games++];
}

void
periods_record_match(ReplayState *state, PeriodGames *period, const ReplayMatch *match,
					 PeriodOnsetRd onset)
{
	int			t,
				u,
				i,
				j;

	period->weighted |= match->weight != 1;
	for (t = 0; t < match->n_teams; t++)
		for (i = match->team_start[t]; i < match->team_start[t + 1]; i++)
		{
			CHECK_FOR_INTERRUPTS();	/* a game per opponent: quadratic */
			for (u = 0; u < match->n_teams; u++)
				for (j = match->team_start[u]; u != t && j < match->team_start[u + 1]; j++)
				{
					PeriodGame *game = next_game(state, period);

					game->player = match->player[i]->id;
					/* Home advantage: the game's rating difference moves by it. */
					game->opp_rating = match->player[j]->r[0];
					if (match->team_shift)
						game->opp_rating += match->team_shift[u] - match->team_shift[t];
					game->opp_rd = onset ? onset(state, match->player[j])
						: match->player[j]->r[1];
					game->score = replay_pair_score(match, t, u);
					game->weight = match->weight;
				}
		}
}

static void
grow_run_scratch(ReplayState *state, PeriodGames *period, int64 n)
{
	if (n <= period->max_run)
		return;
	period->max_run = Max(n, period->max_run * 2);
	if (period->opp_rating)
	{
		pfree(period->opp_rating);
		pfree(period->opp_rd);
		pfree(period->scores);
		pfree(period->weights);
	}
	period->opp_rating = MemoryContextAllocHuge(state->mcxt, sizeof(double) * period->max_run);
	period->opp_rd = MemoryContextAllocHuge(state->mcxt, sizeof(double) * period->max_run);
	period->scores = MemoryContextAllocHuge(state->mcxt, sizeof(double) * period->max_run);
	period->weights = MemoryContextAllocHuge(state->mcxt, sizeof(double) * period->max_run);
}

void
periods_close(ReplayState *state, PeriodGames *period, PeriodRatePlayer rate)
{
	double	   *results;
	ReplayPlayer **rated;
	int64		start,
				end,
				k,
				n_players = 0,
				n_rated = 0;
	int			f = state->family->n_fields;

	if (period->n_games == 0)
		return;
	sort_period_games(period->games, period->n_games, period->sort_scratch);
	/* One result per player, not per game: a free-for-all has n^2 games. */
	for (k = 0; k < period->n_games; k++)
	{
		if ((k & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		n_players += k == 0 || period->games[k].player != period->games[k - 1].player;
	}
	results = MemoryContextAllocHuge(CurrentMemoryContext,
									 sizeof(double) * REPLAY_MAX_FIELDS * n_players);
	rated = MemoryContextAllocHuge(CurrentMemoryContext, sizeof(ReplayPlayer *) * n_players);

	/* Nothing is inserted until the period is written back: pointers hold. */
	for (start = 0; start < period->n_games; start = end)
	{
		ReplayPlayer *p = replay_lookup(state, period->games[start].player);

		CHECK_FOR_INTERRUPTS();
		for (end = start; end < period->n_games &&
			 period->games[end].player == period->games[start].player; end++)
			;
		grow_run_scratch(state, period, end - start);
		for (k = start; k < end; k++)
		{
			period->opp_rating[k - start] = period->games[k].opp_rating;
			period->opp_rd[k - start] = period->games[k].opp_rd;
			period->scores[k - start] = period->games[k].score;
			period->weights[k - start] = period->games[k].weight;
		}
		rate(state, p, (int) (end - start), period->opp_rating, period->opp_rd,
			 period->scores, period->weighted ? period->weights : NULL,
			 &results[n_rated * REPLAY_MAX_FIELDS]);
		rated[n_rated++] = p;
	}

	for (k = 0; k < n_rated; k++)
	{
		if ((k & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		memcpy(rated[k]->r, &results[k * REPLAY_MAX_FIELDS], sizeof(double) * f);
		/* Rated through this period (the engine counts it closed next). */
		rated[k]->last_period = state->periods_ended + 1;
	}
	pfree(results);
	pfree(rated);
	period->n_games = 0;
	period->weighted = false;
}

void
periods_predict_win(ReplayState *state, ReplayMatch *match, double *team_prob)
{
	family_gather(match, 0, state->mu);
	family_gather(match, 1, state->sigma);
	sk_glicko_predict_teams(match->n_teams, match->team_start, state->mu, state->sigma,
							team_prob);
}
