/*
 * ttt_state_read.c - the state query of skill.ttt_update read against the
 * history of its rows query (sql/ttt_state.h): each stored row matched to
 * its player in its match, or, when the rows are a window of the history,
 * kept as the player's boundary before the window.
 */
#include "sql/skill.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/timestamp.h"

#include "sql/rows_cursor.h"
#include "sql/ttt_state.h"

enum
{
	COL_MATCH, COL_PLAYER, COL_PLAYED_AT, COL_PI, COL_TAU, COL_PAST, N_COLS
};

static const char *const state_columns[N_COLS] =
{"match_id", "player_id", "played_at", "message_pi", "message_tau", "past"};

typedef struct StateReader
{
	const TttHistory *hist;
	TttStoredState *out;
	int64	   *match_event;	/* (match_id, event) pairs by match_id */
	TimestampTz window_start;	/* the first batch's played_at */
	Oid			rating_type;
	CompositeType rating;
	int			col[N_COLS];
} StateReader;

static const char *
state_hint(void)
{
	return "The state query must return columns named match_id bigint, player_id bigint, played_at timestamptz, message_pi float8, message_tau float8 and past skill.rating (others are ignored), as skill.ttt_state returns them.";
}

static void
state_check_columns(void *arg, TupleDesc desc)
{
	StateReader *r = arg;
	const Oid	types[N_COLS] = {INT8OID, INT8OID, TIMESTAMPTZOID, FLOAT8OID, FLOAT8OID,
	r->rating_type};
	int			k,
				col;

	for (k = 0; k < N_COLS; k++)
	{
		Oid			got;

		r->col[k] = 0;
		for (col = 1; col <= desc->natts; col++)
			if (strcmp(NameStr(TupleDescAttr(desc, col - 1)->attname), state_columns[k]) == 0)
				r->col[k] = col;
		if (!r->col[k])
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("the state query of ttt_update has no column \"%s\"", state_columns[k]),
					 errhint("%s", state_hint())));
		got = SPI_gettypeid(desc, r->col[k]);
		/* a CASE or UNION may give a domain's base type */
		if (getBaseType(got) != getBaseType(types[k]))
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("column \"%s\" of the state query of ttt_update must be of type %s, not %s",
							state_columns[k], format_type_be(types[k]), format_type_be(got)),
					 errhint("%s", state_hint())));
	}
}

static int
compare_pairs(const void *a, const void *b)
{
	int64		x = *(const int64 *) a;
	int64		y = *(const int64 *) b;

	return x < y ? -1 : x > y;
}

/* The second of the pair whose first is key in pairs sorted by first, or -1. */
static int
pair_lookup(const int64 *pairs, int n, int64 key)
{
	int			lo = 0,
				hi = n - 1;

	while (lo <= hi)
	{
		int			mid = lo + (hi - lo) / 2;

		if (pairs[2 * mid] == key)
			return (int) pairs[2 * mid + 1];
		if (pairs[2 * mid] < key)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

static int64 *
sorted_pairs(const int64 *keys, int n)
{
	int64	   *pairs = palloc_extended(sizeof(int64) * 2 * (Size) Max(n, 1), MCXT_ALLOC_HUGE);
	int			k;

	for (k = 0; k < n; k++)
	{
		pairs[2 * k] = keys[k];
		pairs[2 * k + 1] = k;
	}
	qsort(pairs, n, 2 * sizeof(int64), compare_pairs);
	return pairs;
}

static void
state_row_error(int64 player_id, int64 match_id, const char *what, const char *hint)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("the state of player " INT64_FORMAT " in match " INT64_FORMAT " %s",
					player_id, match_id, what),
			 hint ? errhint("%s", hint) : 0));
}

/* A row of a match the rows lack: the player's boundary, or an error. */
static void
state_row_before(StateReader *r, int64 match_id, int64 player_id, TimestampTz played_at,
				 const double past[2])
{
	TttStoredState *out = r->out;
	int			p;

	if (played_at >= r->window_start)
		state_row_error(player_id, match_id, "has no row in the rows query",
						"Delete the state rows of matches removed from the history; when the rows query is a window of the history (the matches from some time on), the state rows before it are boundaries, the rest must be in it.");
	p = ttt_player_index(r->hist, player_id);
	if (p < 0)
		return;					/* no match in the window */
	if (out->has_before[p] && out->before_at[p] > played_at)
		return;
	if (out->has_before[p] && out->before_at[p] == played_at &&
		out->before_match[p] == match_id)
		state_row_error(player_id, match_id, "comes twice", NULL);
	out->has_before[p] = true;
	out->before_at[p] = played_at;
	out->before_match[p] = match_id;
	out->before_past[2 * p] = past[0];
	out->before_past[2 * p + 1] = past[1];
}

static void
state_row(void *arg, TupleTableSlot *slot, TupleDesc desc)
{
	StateReader *r = arg;
	const sk_ttt_history *h = &r->hist->h;
	TttStoredState *out = r->out;
	Datum		v[N_COLS];
	int64		match_id,
				player_id;
	double		pi,
				tau,
				past[2];
	int			e,
				i,
				k;

	slot_getallattrs(slot);
	for (k = 0; k < N_COLS; k++)
	{
		if (slot->tts_isnull[r->col[k] - 1])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("column \"%s\" of the state query of ttt_update must not be NULL",
							state_columns[k])));
		v[k] = slot->tts_values[r->col[k] - 1];
	}
	match_id = DatumGetInt64(v[COL_MATCH]);
	player_id = DatumGetInt64(v[COL_PLAYER]);
	pi = DatumGetFloat8(v[COL_PI]);
	tau = DatumGetFloat8(v[COL_TAU]);
	if (!isfinite(pi) || !isfinite(tau) || pi < 0.0)
		state_row_error(player_id, match_id,
						"must have finite messages and message_pi at least 0", NULL);
	{
		char		name[96];

		snprintf(name, sizeof(name), "the past of player " INT64_FORMAT " in match " INT64_FORMAT,
				 player_id, match_id);
		rating_read(&r->rating, DatumGetHeapTupleHeader(v[COL_PAST]), name, &past[0], &past[1]);
	}
	e = pair_lookup(r->match_event, r->hist->n_events, match_id);
	i = -1;
	if (e >= 0)
		for (i = h->team_item[h->event_team[e]]; i < h->team_item[h->event_team[e + 1]]; i++)
			if (r->hist->player_id[h->item_player[i]] == player_id)
				break;
	if (e < 0 || i == h->team_item[h->event_team[e + 1]])
	{
		state_row_before(r, match_id, player_id, DatumGetTimestampTz(v[COL_PLAYED_AT]), past);
		return;
	}
	if (out->loaded[i])
		state_row_error(player_id, match_id, "comes twice", NULL);
	out->loaded[i] = true;
	out->message[2 * i] = pi;
	out->message[2 * i + 1] = tau;
	out->past[2 * i] = past[0];
	out->past[2 * i + 1] = past[1];
}

static void *
zeroed(Size count, Size size)
{
	return palloc_extended(size * Max(count, 1), MCXT_ALLOC_HUGE | MCXT_ALLOC_ZERO);
}

void
ttt_read_state(FunctionCallInfo fcinfo, text *query, const TttHistory *hist, TttStoredState *out)
{
	const sk_ttt_history *h = &hist->h;
	Size		n_items = h->team_item[h->event_team[hist->n_events]];
	Size		n_players = h->n_players;
	StateReader r;

	out->loaded = zeroed(n_items, sizeof(bool));
	out->message = zeroed(2 * n_items, sizeof(double));
	out->past = zeroed(2 * n_items, sizeof(double));
	out->has_before = zeroed(n_players, sizeof(bool));
	out->before_at = zeroed(n_players, sizeof(TimestampTz));
	out->before_match = zeroed(n_players, sizeof(int64));
	out->before_past = zeroed(2 * n_players, sizeof(double));

	memset(&r, 0, sizeof(r));
	r.hist = hist;
	r.out = out;
	r.match_event = sorted_pairs(hist->event_match_id, hist->n_events);
	r.window_start = h->n_batches > 0 ? hist->batch_played_at[0] : DT_NOEND;
	r.rating_type = extension_type(fcinfo, "rating");
	composite_init(&r.rating, r.rating_type, CurrentMemoryContext);
	rows_cursor_run(query, state_check_columns, state_row, &r);
	pfree(r.match_event);
}
