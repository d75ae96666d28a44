/*
 * otr_replay.c - the o!TR replay engine (otr_replay.h).
 */
#include "engine/otr_replay.h"
#include "engine/id_order.h"
#include "engine/player_id_hash.h"

#include <math.h>

#include "miscadmin.h"
#include "utils/builtins.h"

#include "core/openskill.h"
#include "core/otr.h"
#include "engine/bulk_alloc.h"
#include "engine/sqlstate.h"

#define SH_PREFIX otrhash
#define SH_ELEMENT_TYPE OtrPlayer
#define SH_KEY_TYPE int64
#define SH_KEY id
#define SH_HASH_KEY(tb, key) player_id_hash_checked((uint64) (key))
#define SH_EQUAL(tb, a, b) ((a) == (b))
#define SH_SCOPE static inline
#define SH_DEFINE
#define SH_DECLARE
#define SH_USE_NONDEFAULT_ALLOCATOR
#include "lib/simplehash.h"
PLAYER_TABLE_ALLOCATOR(otrhash)

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
	MemoryContext old = MemoryContextSwitchTo(replay->mcxt);

	if (n > replay->scratch_players)
	{
		n = Max(n, replay->scratch_players * 2);
		if (replay->scratch_players > 0)
		{
			pfree(replay->match_players);
			pfree(replay->ids);
			pfree(replay->games);
			pfree(replay->last_game);
			pfree(replay->matches_before);
			pfree(replay->mu);
			pfree(replay->sigma);
			pfree(replay->mu_after);
			pfree(replay->sigma_after);
			pfree(replay->win_prob);
			pfree(replay->team_start);
			pfree(replay->work);
		}
		replay->match_players = palloc(sizeof(OtrPlayer *) * n);
		replay->ids = palloc(sizeof(int64) * n);
		replay->games = palloc(sizeof(int32) * n);
		replay->last_game = palloc(sizeof(int32) * n);
		replay->matches_before = palloc(sizeof(int32) * n);
		replay->mu = palloc(sizeof(double) * n);
		replay->sigma = palloc(sizeof(double) * n);
		replay->mu_after = palloc(sizeof(double) * n);
		replay->sigma_after = palloc(sizeof(double) * n);
		replay->win_prob = palloc(sizeof(double) * n);
		replay->team_start = palloc(sizeof(int) * (n + 1));
		/* The predictions' scratch (one-player teams) or the match's, whichever is larger. */
		replay->work = palloc(Max(sk_otr_workspace_size(n),
								  sk_os_workspace_size(Max(n, 2), Max(n, 2))));
		replay->scratch_players = n;
	}
	if (cells > replay->scratch_cells)
	{
		cells = Max(cells, replay->scratch_cells * 2);
		if (replay->scratch_cells > 0)
			pfree(replay->scores);
		replay->scores = palloc(sizeof(double) * cells);
		replay->scratch_cells = cells;
	}
	MemoryContextSwitchTo(old);
}

static void
check_finite_result(OtrReplay *replay, double mu, double sigma)
{
	if (!isfinite(mu) || !isfinite(sigma))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("%s could not rate match " INT64_FORMAT ": the result is not a finite number",
						replay->caller, replay->match_id),
				 errdetail("The ratings or options are too extreme to compute in double precision.")));
	/* A sigma must stay > 0 to be stored as a skill.rating. */
	if (!(sigma > 0.0))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("%s could not rate match " INT64_FORMAT ": a rating's spread underflowed to zero",
						replay->caller, replay->match_id),
				 errdetail("The ratings or options are too extreme to compute in double precision.")));
}

static void
check_status(OtrReplay *replay, sk_status status)
{
	if (status == SK_ERR_NOT_FINITE || status == SK_ERR_OVERFLOW)
		check_finite_result(replay, NAN, NAN);	/* 22003 */
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
										   replay->win_prob, replay->work));
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
										   replay->sigma_after, replay->work));
	for (i = 0; i < n; i++)
	{
		OtrPlayer  *p = replay->match_players[i];

		check_finite_result(replay, replay->mu_after[i], replay->sigma_after[i]);
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
	if (!replay->in_match || match_id != replay->match_id)
	{
		if (replay->in_match &&
			(played_at < replay->played_at ||
			 (played_at == replay->played_at && match_id < replay->match_id)))
			out_of_order(replay, "match", match_id);
		if (replay->in_match)
			rate_match(replay);
		replay->in_match = true;
		replay->match_id = match_id;
		replay->played_at = played_at;
		CHECK_FOR_INTERRUPTS();
	}
	else if (played_at != replay->played_at)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("rows of match " INT64_FORMAT " have different played_at values", match_id)));
	else if (game_id < replay->rows[replay->n_rows - 1].game_id)
		out_of_order(replay, "game", game_id);

	if (replay->n_rows == replay->max_rows)
	{
		replay->max_rows *= 2;
		replay->rows = repalloc(replay->rows, sizeof(OtrRow) * replay->max_rows);
	}
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
	otrhash_iterator it;
	OtrPlayer  *p;
	IdRef	   *refs = id_refs_alloc(replay->players->members);
	uint32		n = 0;

	otrhash_start_iterate(replay->players, &it);
	while ((p = otrhash_iterate(replay->players, &it)) != NULL)
	{
		if ((n & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		refs[n].id = p->id;
		refs[n++].item = p;
	}
	*count = n;
	return (OtrPlayer **) id_refs_sort(refs, n);
}
