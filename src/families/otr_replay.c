/*
 * otr_replay.c - o!TR's replay over match histories (otr_replay.h).
 */
#include "families/otr_replay.h"

#include <math.h>

#include "miscadmin.h"
#include "utils/builtins.h"

#include "core/openskill.h"
#include "core/otr.h"
#include "engine/match_batch.h"
#include "engine/scratch.h"
#include "engine/sqlstate.h"

#define PLAYER_TABLE_PREFIX otrhash
#define PLAYER_TABLE_ELEMENT OtrPlayer
#include "engine/player_table.h"

OtrReplay *
otr_replay_create(MemoryContext mcxt, const char *caller)
{
	OtrReplay  *replay = MemoryContextAllocZero(mcxt, sizeof(OtrReplay));

	replay->mcxt = mcxt;
	replay->caller = caller;
	replay->players = otrhash_create(mcxt, 1024, NULL);
	replay->max_rows = 64;
	replay->rows = MemoryContextAlloc(mcxt, sizeof(OtrRow) * replay->max_rows);
	return replay;
}

void
otr_replay_read_options(OtrReplay *replay, Jsonb *options, bool with_as_of)
{
	otr_read_replay_settings(options, replay->caller, with_as_of, &replay->settings);
	replay->options_read = true;
}

/* Grows the per-match scratch to n players and cells score cells. */
static void
ensure_scratch(OtrReplay *replay, int n, int cells)
{
	if (n > replay->scratch_players)
	{
		const ScratchArray per_player[] = {
			{(void **) &replay->match_players, sizeof(OtrPlayer *)},
			{(void **) &replay->ids, sizeof(int64)},
			{(void **) &replay->games, sizeof(int32)},
			{(void **) &replay->last_game, sizeof(int32)},
			{(void **) &replay->matches_before, sizeof(int32)},
			{(void **) &replay->mu, sizeof(double)},
			{(void **) &replay->sigma, sizeof(double)},
			{(void **) &replay->mu_after, sizeof(double)},
			{(void **) &replay->sigma_after, sizeof(double)},
			{(void **) &replay->win_prob, sizeof(double)},
			{(void **) &replay->team_start, sizeof(int), 1},
		};

		scratch_grow(replay->mcxt, per_player, lengthof(per_player), &replay->scratch_players, n);
	}
	if (cells > replay->scratch_cells)
	{
		const ScratchArray per_cell[] = {{(void **) &replay->scores, sizeof(double)}};

		scratch_grow(replay->mcxt, per_cell, lengthof(per_cell), &replay->scratch_cells, cells);
	}
}

/* The cores' work space, reused across matches. */
static void *
work(OtrReplay *replay, Size bytes)
{
	return scratch_buffer(replay->mcxt, &replay->work, &replay->work_size, bytes);
}

static void
check_status(OtrReplay *replay, sk_status status)
{
	if (status == SK_ERR_NOT_FINITE || status == SK_ERR_OVERFLOW)
	{
		const double r[2] = {NAN, NAN};

		batch_rating_error(replay->caller, replay->match_id, r, 2);	/* 22003 */
	}
	if (status != SK_OK)
		core_status_error(status, psprintf("%s could not rate match " INT64_FORMAT,
										   replay->caller, replay->match_id));
}

/* The row count of the game starting at row i (rows of a game are together). */
static int
game_length(const OtrReplay *replay, int i)
{
	int			j = i + 1;

	while (j < replay->n_rows && replay->rows[j].game_id == replay->rows[i].game_id)
		j++;
	return j - i;
}

/*
 * Gives each player of the counted games (two or more scores) a slot, in
 * the order first seen, creating players met for the first time from their
 * row's prior, and counts the games each plays.  A player twice in one game
 * is an error.  Returns the number of players; *n_games is set to the
 * number of counted games.
 */
static int
assign_slots(OtrReplay *replay, int *n_games)
{
	int			n = 0,
				games = 0,
				i,
				k;

	for (i = 0; i < replay->n_rows; i += k)
	{
		int			j;

		k = game_length(replay, i);
		if (k < 2)
			continue;			/* otr-processor drops such games when loading */
		for (j = i; j < i + k; j++)
		{
			OtrRow	   *row = &replay->rows[j];
			bool		found;
			OtrPlayer  *p = otrhash_insert(replay->players, row->player_id, &found);

			if (!found)
			{
				p->mu = row->has_prior ? row->prior_mu : OTR_DEFAULT_MU;
				p->sigma = row->has_prior ? row->prior_sigma : OTR_DEFAULT_SIGMA;
				p->peak = p->mu;
				p->matches = 0;
				p->last_played = 0;
				p->slot = -1;
			}
			if (p->slot < 0)
			{
				p->slot = n;
				replay->ids[n] = p->id;
				replay->games[n] = 0;
				replay->last_game[n++] = -1;
			}
			if (replay->last_game[p->slot] == games)
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("player " INT64_FORMAT " appears twice in game " INT64_FORMAT " of match " INT64_FORMAT,
								row->player_id, row->game_id, replay->match_id)));
			replay->last_game[p->slot] = games;
			replay->games[p->slot]++;
			row->slot = p->slot;
		}
		games++;
	}
	/* Inserting may have grown the table and moved its entries: find them again. */
	for (i = 0; i < n; i++)
		replay->match_players[i] = otrhash_lookup(replay->players, replay->ids[i]);
	*n_games = games;
	return n;
}

/* The counted games' scores, games x players, NaN where a player sat out. */
static void
fill_scores(OtrReplay *replay, int n, int n_games)
{
	int			g = 0,
				i,
				k;

	for (i = 0; i < n * n_games; i++)
		replay->scores[i] = NAN;
	for (i = 0; i < replay->n_rows; i += k)
	{
		int			j;

		k = game_length(replay, i);
		if (k < 2)
			continue;
		for (j = i; j < i + k; j++)
			replay->scores[g * n + replay->rows[j].slot] = replay->rows[j].score;
		g++;
	}
}

/* Each player's chance of winning, OpenSkill's predict_win over one-player teams. */
static void
predict(OtrReplay *replay, int n)
{
	sk_os_params p;
	int			i;

	if (n < 2)
	{
		replay->win_prob[0] = 1.0;
		return;
	}
	sk_os_default_params(&p, SK_OS_PLACKETT_LUCE);
	p.beta = replay->settings.rate.beta;
	p.kappa = replay->settings.rate.kappa;
	for (i = 0; i <= n; i++)
		replay->team_start[i] = i;
	check_status(replay, sk_os_predict_win(&p, n, replay->team_start, replay->mu, replay->sigma,
										   replay->win_prob, work(replay, sk_os_workspace_size(n, n))));
}

/* Decays, rates and moves on the players of the buffered match. */
static void
rate_match(OtrReplay *replay)
{
	int			n_games,
				n,
				i;

	/* Every row could be a new player; the scores need players x games cells. */
	ensure_scratch(replay, replay->n_rows, 0);
	n = assign_slots(replay, &n_games);
	if (n == 0)
	{
		replay->n_rows = 0;
		return;					/* no game with two scores: nothing to rate */
	}
	for (i = 0; i < n; i++)
	{
		OtrPlayer  *p = replay->match_players[i];

		if (p->matches > 0)
			check_status(replay, sk_otr_decay(&replay->settings.decay, p->mu, p->sigma, p->peak,
											  p->last_played, replay->played_at,
											  &p->mu, &p->sigma));
		replay->mu[i] = p->mu;
		replay->sigma[i] = p->sigma;
		replay->matches_before[i] = p->matches;
	}
	ensure_scratch(replay, n, n * n_games);
	fill_scores(replay, n, n_games);
	replay->n_rows = 0;
	if (replay->emit)
		predict(replay, n);
	check_status(replay, sk_otr_rate_match(&replay->settings.rate, n, n_games, replay->mu,
										   replay->sigma, replay->scores, replay->mu_after,
										   replay->sigma_after,
										   work(replay, sk_otr_workspace_size(n))));
	for (i = 0; i < n; i++)
	{
		OtrPlayer  *p = replay->match_players[i];
		const double r[2] = {replay->mu_after[i], replay->sigma_after[i]};

		batch_check_rating(replay->caller, replay->match_id, r, 2);
		p->mu = replay->mu_after[i];
		p->sigma = replay->sigma_after[i];
		p->peak = fmax(p->peak, p->mu);
		p->matches++;
		p->last_played = replay->played_at;
		p->slot = -1;
	}
	if (replay->emit)
	{
		OtrMatchResult result = {
			.match_id = replay->match_id,
			.played_at = replay->played_at,
			.n_players = n,
			.player_id = replay->ids,
			.games = replay->games,
			.matches_before = replay->matches_before,
			.mu_before = replay->mu,
			.sigma_before = replay->sigma,
			.mu_after = replay->mu_after,
			.sigma_after = replay->sigma_after,
			.win_prob = replay->win_prob,
		};

		replay->emit(replay, &result);
	}
}

static void
out_of_order(OtrReplay *replay, const char *what, int64 match_id)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("%s " INT64_FORMAT " arrives out of order in %s", what, match_id,
					replay->caller),
			 errdetail("Rows must come ordered by played_at, match_id, game_id, with all rows of a match together (after match " INT64_FORMAT ", played_at %s).",
					   replay->match_id, timestamptz_to_str(replay->played_at)),
			 errhint("Feed the rows from a subquery with ORDER BY played_at, match_id, game_id.")));
}

void
otr_replay_add_row(OtrReplay *replay, int64 match_id, TimestampTz played_at, int64 game_id,
				   int64 player_id, double score, const double *prior)
{
	OtrRow	   *row;

	if (!isfinite(score))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("score of player " INT64_FORMAT " in game " INT64_FORMAT " of match " INT64_FORMAT " must be a finite number",
						player_id, game_id, match_id)));
	if (TIMESTAMP_NOT_FINITE(played_at))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("played_at of match " INT64_FORMAT " must be a finite time", match_id)));
	switch (batch_row_place(replay->in_match, replay->match_id, replay->played_at, match_id,
							played_at))
	{
		case ROW_GOES_BACK:
			out_of_order(replay, "match", match_id);
			break;
		case ROW_NEW_MATCH:
			if (replay->in_match)
				rate_match(replay);
			replay->in_match = true;
			replay->match_id = match_id;
			replay->played_at = played_at;
			CHECK_FOR_INTERRUPTS();
			break;
		case ROW_IN_MATCH:
			if (game_id < replay->rows[replay->n_rows - 1].game_id)
				out_of_order(replay, "game", game_id);
			break;
	}

	batch_reserve((void **) &replay->rows, &replay->max_rows, replay->n_rows + 1, sizeof(OtrRow));
	row = &replay->rows[replay->n_rows++];
	row->game_id = game_id;
	row->player_id = player_id;
	row->score = score;
	row->has_prior = prior != NULL;
	if (prior)
	{
		row->prior_mu = prior[0];
		row->prior_sigma = prior[1];
	}
}

void
otr_replay_finish(OtrReplay *replay)
{
	otrhash_iterator it;
	OtrPlayer  *p;

	if (replay->in_match)
		rate_match(replay);
	replay->in_match = false;
	if (!replay->settings.has_as_of)
		return;
	otrhash_start_iterate(replay->players, &it);
	while ((p = otrhash_iterate(replay->players, &it)) != NULL)
	{
		CHECK_FOR_INTERRUPTS();
		if (replay->settings.as_of < p->last_played)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"as_of\" of %s is before the last match of player " INT64_FORMAT,
							replay->caller, p->id),
					 errdetail("as_of is %s; the player's last match was played at %s.",
							   timestamptz_to_str(replay->settings.as_of),
							   timestamptz_to_str(p->last_played))));
		check_status(replay, sk_otr_decay(&replay->settings.decay, p->mu, p->sigma, p->peak,
										  p->last_played, replay->settings.as_of,
										  &p->mu, &p->sigma));
	}
	replay->settings.has_as_of = false;	/* a final function may run twice */
}

/* Every player, ordered by id, so results do not depend on the hashing. */
OtrPlayer **
otr_replay_players_by_id(OtrReplay *replay, uint32 *count)
{
	return otrhash_by_id(replay->players, count);
}
