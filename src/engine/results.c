/*
 * results.c - what the engine hands a history consumer (ReplayResult).
 *
 * A family without rating periods has a match's ratings after as soon as it
 * is rated, and its result goes out at once.  A period family (Glicko)
 * rates at the period's close, so its matches wait here, copied without
 * pointers into the players table, and go out when the period closes, with
 * each player's rating after that period.  Memory grows with the matches of
 * one period, not with the history.
 */
#include "engine/replay.h"

#include "miscadmin.h"

/* The matches of the open period, packed one after another. */
typedef struct ReplayPending
{
	char	   *data;
	Size		used;
	Size		size;
} ReplayPending;

/* One packed match: this header, then its arrays (see pack_match). */
typedef struct PendingHeader
{
	int64		match_id;
	TimestampTz played_at;
	int			n_teams;
	int			n_players;
	double		draw_prob;
	double		z;
	double		z_context;
	double		length;
	bool		draw_modelled;
	double		draw_level;
	double		draw_native;
	Size		bytes;			/* of the whole record */
} PendingHeader;

#define ALIGNED(n) MAXALIGN(n)

static Size
record_size(int n_teams, int n_players, int f)
{
	return ALIGNED(sizeof(PendingHeader)) +
		ALIGNED(sizeof(int) * (n_teams + 1)) +
		ALIGNED(sizeof(double) * n_teams) * 3 +	/* ranks, chances, outcomes */
		ALIGNED(sizeof(int32) * n_teams) +
		ALIGNED(sizeof(int64) * n_players) +
		ALIGNED(sizeof(int32) * n_players) +
		ALIGNED(sizeof(double) * n_players * f);
}

/* Points the result's arrays into a packed record (the after array aside). */
static void
unpack(char *rec, ReplayResult *r, int f)
{
	PendingHeader *h = (PendingHeader *) rec;
	char	   *p = rec + ALIGNED(sizeof(PendingHeader));

	r->match_id = h->match_id;
	r->played_at = h->played_at;
	r->n_teams = h->n_teams;
	r->n_players = h->n_players;
	r->draw_prob = h->draw_prob;
	r->z = h->z;
	r->z_context = h->z_context;
	r->length = h->length;
	r->draw_modelled = h->draw_modelled;
	r->draw_level = h->draw_level;
	r->draw_native = h->draw_native;
	r->team_start = (int *) p;
	p += ALIGNED(sizeof(int) * (h->n_teams + 1));
	r->team_rank = (double *) p;
	p += ALIGNED(sizeof(double) * h->n_teams);
	r->team_prob = (double *) p;
	p += ALIGNED(sizeof(double) * h->n_teams);
	r->team_outcome = (double *) p;
	p += ALIGNED(sizeof(double) * h->n_teams);
	r->team_label = (int32 *) p;
	p += ALIGNED(sizeof(int32) * h->n_teams);
	r->player_id = (int64 *) p;
	p += ALIGNED(sizeof(int64) * h->n_players);
	r->matches_before = (int32 *) p;
	p += ALIGNED(sizeof(int32) * h->n_players);
	r->before = (double *) p;
}

/*
 * The result of the match just rated, pointing at the engine's scratch
 * (field by field like unpack above, on purpose: the same struct filled
 * from two places).
 */
static void
current_result(ReplayState *state, const ReplayMatch *match, ReplayResult *r)
{
	ReplayEngine *e = state->engine;

	r->match_id = match->match_id;
	r->played_at = match->played_at;
	r->n_teams = match->n_teams;
	r->n_players = match->n_players;
	r->team_start = match->team_start;
	r->team_rank = match->team_rank;
	r->team_label = match->team_label;
	r->player_id = e->ids;
	r->matches_before = e->matches_before;
	r->before = e->before;
	r->team_prob = e->team_prob;
	r->draw_prob = e->draw_prob;
	r->team_outcome = e->details.team_outcome;
	r->z = e->details.z;
	r->z_context = e->details.z_context;
	r->length = match->length;
	r->draw_modelled = e->draw_modelled;
	r->draw_level = e->details.draw_level;
	r->draw_native = e->details.draw_native;
	r->after = e->after;
}

static void
pack_match(ReplayState *state, const ReplayResult *r)
{
	ReplayEngine *e = state->engine;
	ReplayPending *pending = e->pending;
	int			f = state->family->n_fields;
	Size		bytes = record_size(r->n_teams, r->n_players, f);
	PendingHeader *h;
	ReplayResult slots;

	if (pending == NULL)
		pending = e->pending = MemoryContextAllocZero(state->mcxt, sizeof(ReplayPending));
	if (pending->used + bytes > pending->size)
	{
		pending->size = Max(pending->used + bytes, Max(pending->size * 2, 65536));
		pending->data = pending->data ? repalloc_huge(pending->data, pending->size)
			: MemoryContextAllocHuge(state->mcxt, pending->size);
	}
	h = (PendingHeader *) (pending->data + pending->used);
	h->match_id = r->match_id;
	h->played_at = r->played_at;
	h->n_teams = r->n_teams;
	h->n_players = r->n_players;
	h->draw_prob = r->draw_prob;
	h->z = r->z;
	h->z_context = r->z_context;
	h->length = r->length;
	h->draw_modelled = r->draw_modelled;
	h->draw_level = r->draw_level;
	h->draw_native = r->draw_native;
	h->bytes = bytes;
	unpack((char *) h, &slots, f);
	memcpy((void *) slots.team_start, r->team_start, sizeof(int) * (r->n_teams + 1));
	memcpy((void *) slots.team_rank, r->team_rank, sizeof(double) * r->n_teams);
	memcpy((void *) slots.team_prob, r->team_prob, sizeof(double) * r->n_teams);
	memcpy((void *) slots.team_outcome, r->team_outcome, sizeof(double) * r->n_teams);
	memcpy((void *) slots.team_label, r->team_label, sizeof(int32) * r->n_teams);
	memcpy((void *) slots.player_id, r->player_id, sizeof(int64) * r->n_players);
	memcpy((void *) slots.matches_before, r->matches_before, sizeof(int32) * r->n_players);
	memcpy((void *) slots.before, r->before, sizeof(double) * r->n_players * f);
	pending->used += bytes;
}

void
results_match_rated(ReplayState *state, const ReplayMatch *match)
{
	ReplayEngine *e = state->engine;
	ReplayResult r;
	int			f = state->family->n_fields;
	int			i;

	current_result(state, match, &r);
	if (state->family->uses_period)
	{
		pack_match(state, &r);
		return;
	}
	for (i = 0; i < match->n_players; i++)
		memcpy(&e->after[i * f], match->player[i]->r, sizeof(double) * f);
	e->emit(state, &r);
}

/* Sends the period's matches on, with each player's rating after it. */
void
results_period_closed(ReplayState *state)
{
	ReplayEngine *e = state->engine;
	ReplayPending *pending = e->pending;
	int			f = state->family->n_fields;
	Size		offset;

	if (pending == NULL)
		return;
	for (offset = 0; offset < pending->used;)
	{
		char	   *rec = pending->data + offset;
		ReplayResult r;
		double	   *after;
		int			i;

		CHECK_FOR_INTERRUPTS();
		unpack(rec, &r, f);
		after = replay_scratch(state, sizeof(double) * r.n_players * f);
		for (i = 0; i < r.n_players; i++)
			memcpy(&after[i * f], replay_lookup(state, r.player_id[i])->r, sizeof(double) * f);
		r.after = after;
		e->emit(state, &r);
		offset += ((PendingHeader *) rec)->bytes;
	}
	pending->used = 0;
}

/*
 * The first team's result against the rest: 1 if it alone ranks best, 0.5
 * if it shares the best rank, else 0 (for two teams: 1 / 0.5 / 0).
 */
double
replay_first_team_outcome(const ReplayResult *r)
{
	bool		shared = false;
	int			t;

	for (t = 1; t < r->n_teams; t++)
	{
		if (r->team_rank[t] < r->team_rank[0])
			return 0.0;
		if (r->team_rank[t] == r->team_rank[0])
			shared = true;
	}
	return shared ? 0.5 : 1.0;
}
