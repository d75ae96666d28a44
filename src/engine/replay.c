/*
 * replay.c - the replay engine shared by every family's aggregate and
 * history function.  See replay.h for the design.
 */
#include "engine/replay.h"

#include <math.h>

#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/float.h"

#include "engine/match_batch.h"
#include "engine/scratch.h"

#define PLAYER_TABLE_PREFIX playerhash
#define PLAYER_TABLE_ELEMENT ReplayPlayer
#include "engine/player_table.h"

static void
batch_init(MemoryContext mcxt, ReplayBatch *batch)
{
	batch->max_rows = 16;
	batch->rows = MemoryContextAlloc(mcxt, sizeof(ReplayRow) * batch->max_rows);
}

/* The two parts of a replay state, in one allocation. */
typedef struct ReplayStateAlloc
{
	ReplayState state;
	ReplayEngine engine;
} ReplayStateAlloc;

ReplayState *
replay_create(MemoryContext mcxt, const ReplayFamily *family)
{
	ReplayStateAlloc *alloc = MemoryContextAllocZero(mcxt, sizeof(ReplayStateAlloc));
	ReplayState *state = &alloc->state;
	ReplayEngine *e = &alloc->engine;

	state->engine = e;
	state->mcxt = mcxt;
	state->family = family;
	state->caller = family->name;
	e->players = playerhash_create(mcxt, 1024, NULL);
	batch_init(mcxt, &e->collecting);
	batch_init(mcxt, &e->waiting);
	state->opt = MemoryContextAllocZero(mcxt, sizeof(double) * Max(family->options.count, 1));
	e->opt_lists = MemoryContextAllocZero(mcxt, sizeof(TimestampTz *) *
										  Max(family->options.count, 1));
	/* What a family's configure leaves alone stays at these. */
	state->settings.rating_unit = 1;
	state->settings.spread_field = -1;
	if (family->data_size > 0)
		state->family_data = MemoryContextAllocZero(mcxt, family->data_size);
	return state;
}

/* Reads the options jsonb once and lets the family configure itself. */
void
replay_read_options(ReplayState *state, Jsonb *options)
{
	replay_read_options_with(state, options, 0, NULL, NULL);
}

void
replay_read_options_with(ReplayState *state, Jsonb *options, int n, const int *index,
						 const double *values)
{
	ReplayEngine *e = state->engine;
	int			k;

	e->options_read = true;
	options_read(&state->family->options, options, state->caller, state->opt, e->opt_lists);
	for (k = 0; k < n; k++)
		state->opt[index[k]] = values[k];
	if (n > 0)
		options_check(&state->family->options, state->caller, state->opt);
	details_configure(state);
	state->family->configure(state);
	lifecycle_configure(state);
}

/* Grows the match scratch to a match of this size. */
static void
ensure_match_capacity(ReplayState *state, int n_players, int n_teams)
{
	ReplayEngine *e = state->engine;

	if (n_players > e->scratch_players)
	{
		const ScratchArray per_player[] = {
			{(void **) &e->match.player, sizeof(ReplayPlayer *)},
			{(void **) &state->mu, sizeof(double)},
			{(void **) &state->sigma, sizeof(double)},
			{(void **) &e->before, sizeof(double) * REPLAY_MAX_FIELDS},
			{(void **) &e->after, sizeof(double) * REPLAY_MAX_FIELDS},
			{(void **) &e->ids, sizeof(int64)},
			{(void **) &e->matches_before, sizeof(int32)},
		};

		scratch_grow(state->mcxt, per_player, lengthof(per_player), &e->scratch_players,
					 n_players);
	}
	if (n_teams > e->scratch_teams)
	{
		const ScratchArray per_team[] = {
			{(void **) &e->match.team_start, sizeof(int), 1},
			{(void **) &e->match.team_rank, sizeof(double)},
			{(void **) &e->match.team_label, sizeof(int32)},
			{(void **) &e->team_prob, sizeof(double)},
		};

		scratch_grow(state->mcxt, per_team, lengthof(per_team), &e->scratch_teams, n_teams);
	}
}

/* A scratch buffer for the cores, reused across matches. */
void *
replay_scratch(ReplayState *state, size_t bytes)
{
	return scratch_buffer(state->mcxt, &state->engine->work, &state->engine->work_size, bytes);
}

/* Orders rows by team, keeping arrival order within a team (stable, so
 * results are reproducible; a radix sort, as one match may hold 100,000
 * players in any order). */
#define RS_SORT sort_rows_radix
#define RS_ELEMENT ReplayRow
#define RS_KEY(row) ((int64) (row)->team)
#include "engine/radix_sort.h"

static void
sort_rows_by_team(ReplayState *state, ReplayRow *rows, int n)
{
	sort_rows_radix(rows, n, replay_scratch(state, sizeof(ReplayRow) * n));
}

/*
 * A match_id seen again after other rows, where one of its players last
 * played it: rated as a new match it would count twice.  (An id that none
 * of its players last played goes unseen: memory grows with players, not
 * with matches.)
 */
static void
match_recurs(ReplayState *state, const ReplayBatch *batch, const ReplayPlayer *p)
{
	/* timestamptz_to_str returns a static buffer: one call at a time. */
	char	   *first = pstrdup(timestamptz_to_str(p->last_played));

	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("match " INT64_FORMAT " appears twice in %s", batch->match_id, state->caller),
			 errdetail("Player " INT64_FORMAT " played it at %s; its rows come again at %s.",
					   p->id, first, timestamptz_to_str(batch->played_at)),
			 errhint("All rows of a match come together, with one played_at; give a different match a new match_id.")));
}

/*
 * Finds or creates the players of a match's rows (their buckets were
 * prefetched as the rows arrived).
 */
static void
resolve_players(ReplayState *state, ReplayBatch *batch)
{
	struct playerhash_hash *hash = state->engine->players;
	bool		inserted = false;
	int			n = batch->n_rows;
	int			i;

	for (i = 0; i < n; i++)
	{
		ReplayRow  *row = &batch->rows[i];
		bool		found;
		ReplayPlayer *p = playerhash_insert_hash(hash, row->player_id, row->hash, &found);

		if (!found)
		{
			inserted = true;
			memcpy(p->r, row->has_prior ? row->prior : state->prior,
				   sizeof(double) * state->family->n_fields);
			p->matches = 0;
			p->in_match = false;
			p->has_last_match = false;
			p->last_period = state->periods_ended;
			p->last_played = batch->played_at;
			p->has_season = false;
			if (state->family->new_player)
				state->family->new_player(state, p);
		}
		if (p->in_match)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("player " INT64_FORMAT " appears twice in match " INT64_FORMAT,
							row->player_id, batch->match_id)));
		if (found && p->has_last_match && p->last_match == batch->match_id)
			match_recurs(state, batch, p);
		p->in_match = true;
		if (batch->has_details)
			lifecycle_season_column(state, p, found, batch->match_id, &row->details);
		if (found && state->settings.idle_per_day > 0)
			lifecycle_idle(state, p, batch->played_at);
		if (state->family->finish_player)
			state->family->finish_player(state, p);
		row->player = p;
	}

	/*
	 * An insert may move other entries (Robin Hood displacement, or the
	 * table growing), so pointers taken before it are stale.
	 */
	if (inserted)
		for (i = 0; i < n; i++)
			batch->rows[i].player = playerhash_lookup_hash(hash, batch->rows[i].player_id,
														   batch->rows[i].hash);
}

/* Rates a buffered match and empties its buffer. */
static void
process_match(ReplayState *state, ReplayBatch *batch)
{
	ReplayEngine *e = state->engine;
	ReplayMatch *match = &e->match;
	const ReplayFamily *family = state->family;
	ReplayRow  *rows = batch->rows;
	int			n = batch->n_rows;
	int			i,
				t = 0;

	CHECK_FOR_INTERRUPTS();
	ensure_match_capacity(state, n, n);
	resolve_players(state, batch);
	sort_rows_by_team(state, rows, n);
	match->match_id = batch->match_id;
	match->played_at = batch->played_at;
	match->n_players = n;
	for (i = 0; i < n; i++)
	{
		ReplayRow  *row = &rows[i];

		if (i == 0 || row->team != rows[i - 1].team)
		{
			match->team_start[t] = i;
			match->team_label[t] = row->team;
			match->team_rank[t] = row->rank;
			t++;
		}
		else if (row->rank != match->team_rank[t - 1])
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("team %d of match " INT64_FORMAT " has players with different ranks",
							row->team, batch->match_id),
					 errdetail("A rank belongs to the whole team; give all its players the same one.")));
		match->player[i] = row->player;
	}
	match->team_start[t] = n;
	match->n_teams = t;
	if (t < 2)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("match " INT64_FORMAT " has only one team", batch->match_id),
				 errdetail("A match needs at least two teams (distinct team numbers).")));
	match->team_score = NULL;
	match->scoring = NULL;
	match->team_shift = NULL;
	match->context = -1;
	match->length = 1;
	match->weight = 1;
	if (batch->has_details)
		details_prepare(state, batch, match);

	if (e->emit)
	{
		int			f = family->n_fields;

		for (i = 0; i < n; i++)
		{
			memcpy(&e->before[i * f], match->player[i]->r, sizeof(double) * f);
			e->ids[i] = match->player[i]->id;
			e->matches_before[i] = match->player[i]->matches;
		}
	}
	/* A context's state predicts for the overall one (details.c). */
	if (e->emit || e->details.in_context)
	{
		family->predict_win(state, match, e->team_prob);
		/* A draw model in force gives a two-team match's draw chance itself. */
		e->draw_prob = family->predict_draw &&
			!(e->details.draw_model != DRAW_MODEL_NONE && match->n_teams == 2)
			? family->predict_draw(state, match) : get_float8_nan();
	}
	if (e->emit)
	{
		details_rate_in_context(state, batch, match);
		details_predict(state, match, e->team_prob);
		details_team_outcomes(state, match);
	}

	family->rate_match(state, match);

	for (i = 0; i < n; i++)
	{
		batch_check_rating(state->caller, match->match_id, match->player[i]->r,
						   family->n_fields);
		match->player[i]->matches++;
		match->player[i]->in_match = false;
		match->player[i]->last_played = match->played_at;
		match->player[i]->last_match = match->match_id;
		match->player[i]->has_last_match = true;
	}

	if (e->emit)
		results_match_rated(state, match);
	batch->n_rows = 0;
	batch->has_details = false;
}

/* Rates the waiting match, if any. */
static void
rate_waiting(ReplayState *state)
{
	ReplayEngine *e = state->engine;

	if (e->waiting.n_rows > 0)
		process_match(state, &e->waiting);
}

ReplayPlayer *
replay_lookup(ReplayState *state, int64 player_id)
{
	return playerhash_lookup(state->engine->players, player_id);
}

/*
 * Enters a player as a replay would have left it after its last match,
 * before any row is added: the per-match update (rate_match_sql.c) rates
 * one match from the state its caller keeps, and the player is then "seen
 * again" by the engine (idle growth from last_played, the Glicko families'
 * calendar growth), exactly as in the replay of the whole history.  The
 * pointer is valid until the next insert.
 */
ReplayPlayer *
replay_seed_player(ReplayState *state, int64 match_id, int64 player_id, const double *r,
				   int32 matches, TimestampTz last_played)
{
	bool		found;
	ReplayPlayer *p = playerhash_insert(state->engine->players, player_id, &found);

	if (found)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("player " INT64_FORMAT " appears twice in match " INT64_FORMAT,
						player_id, match_id)));
	memcpy(p->r, r, sizeof(p->r));
	p->matches = matches;
	p->in_match = false;
	p->has_last_match = false;	/* the caller keeps no match_id */
	p->last_period = state->periods_ended;
	p->last_played = last_played;
	p->has_season = false;
	return p;
}

/* Every player, ordered by id, so results do not depend on the hashing. */
ReplayPlayer **
replay_players_by_id(ReplayState *state, uint32 *count)
{
	return playerhash_by_id(state->engine->players, count);
}

/* Brings every player up to date (finish_player). */
static void
finish_all_players(ReplayState *state)
{
	ReplayEngine *e = state->engine;
	playerhash_iterator it;
	ReplayPlayer *p;

	if (!state->family->finish_player)
		return;
	playerhash_start_iterate(e->players, &it);
	while ((p = playerhash_iterate(e->players, &it)) != NULL)
	{
		CHECK_FOR_INTERRUPTS();
		state->family->finish_player(state, p);
	}
}

static void
close_period(ReplayState *state)
{
	if (state->family->end_period)
		state->family->end_period(state);
	if (state->engine->emit)
		results_period_closed(state);
	state->periods_ended++;
}

/*
 * Closes the current rating period when a match opens a later one, and
 * notes whether periods are still per match (replay.h).
 */
static void
enter_period(ReplayState *state, int64 match_id, TimestampTz played_at, TimestampTz period)
{
	ReplayEngine *e = state->engine;

	if (period != played_at)
		e->period_keys_differ = true;
	if (state->in_period && period == state->period_key)
		return;
	if (state->in_period && period < state->period_key)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("rating period of match " INT64_FORMAT " goes back in time", match_id),
				 errdetail("Periods must not decrease as played_at increases.")));
	if (state->in_period)
	{
		rate_waiting(state);
		close_period(state);
	}

	/*
	 * Periods stop being per match: every player takes the calendar growth
	 * it is owed up to the period just closed, and periods count from here.
	 */
	if (state->period_per_match && e->period_keys_differ)
	{
		state->in_period = false;
		finish_all_players(state);
	}
	state->in_period = true;
	state->period_key = period;
	state->period_per_match = !e->period_keys_differ;
}

/* A season starting at or before played_at: its last match and rating period close first. */
static void
season_if_due(ReplayState *state, TimestampTz played_at)
{
	if (!lifecycle_season_due(state, played_at))
		return;
	rate_waiting(state);

	/*
	 * The next match opens a period, its own or the rest of this one: a
	 * start between two periods counts none of its own.
	 */
	if (state->in_period)
	{
		close_period(state);
		state->in_period = false;
	}
	lifecycle_new_season(state, played_at);
}

/*
 * Rates a batch at once, in its rating period: a context's own state
 * (details.c), which is handed each match of its context as the overall
 * state rates it (nothing waits in such a state).
 */
void
replay_rate_batch(ReplayState *state, ReplayBatch *batch, TimestampTz period)
{
	ReplayEngine *e = state->engine;

	season_if_due(state, batch->played_at);
	if (state->family->uses_period)
		enter_period(state, batch->match_id, batch->played_at, period);
	e->match_id = batch->match_id;
	e->played_at = batch->played_at;
	process_match(state, batch);
}

/* A new match begins, later in the order (played_at, match_id) than the last. */
static void
start_match(ReplayState *state, int64 match_id, TimestampTz played_at,
			bool has_period, TimestampTz period)
{
	ReplayEngine *e = state->engine;

	if (e->in_match)
	{
		ReplayBatch done = e->collecting;

		/*
		 * The match just completed waits while the next one is read: its
		 * players' buckets, prefetched as its rows came, then have a whole
		 * match's worth of executor time to arrive in cache.
		 */
		rate_waiting(state);
		e->collecting = e->waiting;
		e->waiting = done;
	}
	season_if_due(state, played_at);
	if (has_period)
		enter_period(state, match_id, played_at, period);
	e->in_match = true;
	e->match_id = match_id;
	e->collecting.match_id = match_id;
	e->collecting.played_at = played_at;
	e->played_at = played_at;
}

void
replay_add_row(ReplayState *state, int64 match_id, TimestampTz played_at,
			   int64 player_id, int32 team, double rank, const double *prior,
			   bool has_period, TimestampTz period, const ReplayDetails *details)
{
	ReplayEngine *e = state->engine;
	ReplayBatch *batch;
	ReplayRow  *row;

	if (!isfinite(rank))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("rank of player " INT64_FORMAT " in match " INT64_FORMAT " must be a finite number",
						player_id, match_id)));

	switch (batch_row_place(e->in_match, e->match_id, e->played_at, match_id,
							played_at))
	{
		case ROW_GOES_BACK:
			batch_out_of_order(state->caller, match_id, e->match_id, e->played_at);
			break;
		case ROW_NEW_MATCH:
			start_match(state, match_id, played_at, has_period, period);
			if (details && has_period)
				lifecycle_period_season(state, match_id, details);
			break;
		case ROW_IN_MATCH:
			if (has_period && period != state->period_key)
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("rows of match " INT64_FORMAT " have different rating periods",
								match_id)));
			break;
	}

	batch = &e->collecting;
	batch_reserve((void **) &batch->rows, &batch->max_rows, batch->n_rows + 1, sizeof(ReplayRow));
	row = &batch->rows[batch->n_rows++];
	row->player_id = player_id;

	/*
	 * Start loading the player's bucket now: the executor fetches the
	 * match's other rows while the cache miss is served.
	 */
	row->hash = mix_player_id((uint64) player_id);
	__builtin_prefetch(&e->players->data[row->hash & e->players->sizemask]);
	row->player = NULL;
	row->team = team;
	row->rank = rank;
	row->has_prior = prior != NULL;
	if (prior)
		memcpy(row->prior, prior, sizeof(double) * state->family->n_fields);
	if (details)
	{
		details_check_row(state, match_id, player_id, details);
		row->details = *details;
		batch->has_details = true;
		/* Its context's state, where the match is rated too (details.c). */
		if (details->context >= 0 && details->context < e->details.n_contexts &&
			e->details.contexts[details->context])
		{
			ReplayEngine *sub = e->details.contexts[details->context]->engine;
			struct playerhash_hash *in_context = sub->players;

			__builtin_prefetch(&in_context->data[row->hash & in_context->sizemask]);
		}
	}
	else
		replay_details_none(&row->details);
}

/* Rates what is pending and brings every player up to date. */
void
replay_finish(ReplayState *state)
{
	ReplayEngine *e = state->engine;

	if (e->in_match)
	{
		rate_waiting(state);
		process_match(state, &e->collecting);
		e->in_match = false;
	}
	if (state->in_period)
	{
		close_period(state);
		state->in_period = false;
	}
	finish_all_players(state);
}
