/*
 * ttt_rows.c - options and rows of the TrueSkill Through Time functions
 * (ttt_rows.h).  The whole history is kept, as the model needs it: memory
 * grows with rows (about 100 bytes a row with the core's state), not only
 * with players.
 */
#include "sql/ttt_rows.h"
#include "sql/skill.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

#include "engine/match_batch.h"
#include "utils/timestamp.h"

#include "sql/jsonb_args.h"
#include "sql/rows_cursor.h"

typedef struct TttPlayer
{
	int64		id;
	char		status;
	int32		index;
} TttPlayer;

#define PLAYER_TABLE_PREFIX tttplayers
#define PLAYER_TABLE_ELEMENT TttPlayer
#include "engine/player_table.h"

/* ---- options ---- */

static const char *const option_keys[] = {
	"beta", "epsilon", "erfc", "gamma", "iterations", "mu", "p_draw", "sigma", "time_unit",
	"resmooth_every"
};

static const char *const unit_names[] = {"batch", "second", "minute", "hour", "day", "week"};
static const double unit_usecs[] = {0.0, 1e6, 60e6, 3600e6, 86400e6, 604800e6};

static double
option_number(Jsonb *options, const char *key, double fallback)
{
	JsonbValue *v = options ? object_get(options, key) : NULL;

	if (v == NULL || v->type == jbvNull)
		return fallback;
	return jsonb_number(v, key);
}

static void
option_positive(const char *key, double value)
{
	if (!(value > 0.0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be greater than 0", key)));
}

/* The index of a string option's value among names, or fallback. */
static int
option_choice(Jsonb *options, const char *key, const char *const *names, int n, int fallback)
{
	JsonbValue *v = options ? object_get(options, key) : NULL;
	StringInfoData list;
	int			i;

	if (v == NULL || v->type == jbvNull)
		return fallback;
	for (i = 0; i < n; i++)
		if (jsonb_string_is(v, names[i]))
			return i;
	initStringInfo(&list);
	for (i = 0; i < n; i++)
		appendStringInfo(&list, "%s%s", i ? ", " : "", names[i]);
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("%s must be one of: %s", key, list.data)));
	return fallback;			/* not reached */
}

void
ttt_read_options(Jsonb *options, const char *caller, bool forecasts, TttOptions *out)
{
	static const char *const erfc_names[] = {"exact", "reference"};
	sk_ttt_params *p = &out->params;
	JsonbValue *v;
	int			unit;

	if (options)
	{
		check_object(options, "options");
		check_known_keys(options, option_keys,
						 lengthof(option_keys) - (forecasts ? 0 : 1), caller);
	}
	sk_ttt_default_params(p);
	out->other_columns = false;	/* evaluate and fit allow them after reading */
	/* TrueSkill's scale (docs/ttt.md); the reference's is 0, 6, 1, 0.03 */
	out->mu = option_number(options, "mu", 25.0);
	out->sigma = option_number(options, "sigma", 25.0 / 3.0);
	p->beta = option_number(options, "beta", 25.0 / 6.0);
	p->gamma = option_number(options, "gamma", 25.0 / 300.0);
	p->p_draw = option_number(options, "p_draw", 0.0);
	p->epsilon = option_number(options, "epsilon", 1e-6);
	option_positive("sigma", out->sigma);
	option_positive("beta", p->beta);
	option_positive("gamma", p->gamma);
	option_positive("epsilon", p->epsilon);
	if (!(p->p_draw >= 0.0 && p->p_draw < 1.0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("p_draw must be at least 0 and less than 1")));
	v = options ? object_get(options, "iterations") : NULL;
	p->iterations = v == NULL || v->type == jbvNull ? 30
		: jsonb_whole(v, "iterations", 1, 1000000);
	unit = option_choice(options, "time_unit", unit_names, lengthof(unit_names), 4);
	out->unit_usecs = unit_usecs[unit];
	p->elapsed = unit == 0 ? SK_TTT_ELAPSED_BATCH : SK_TTT_ELAPSED_TIME;
	p->erfc = option_choice(options, "erfc", erfc_names, 2, 0) == 1
		? SK_TTT_ERFC_REFERENCE : SK_TTT_ERFC_EXACT;
	/* absent or null: never (the first pass's forecasts) */
	out->resmooth_every = option_number(options, "resmooth_every", NAN);
	if (isnan(out->resmooth_every))
		out->resmooth_every = 0.0;
	else
		option_positive("resmooth_every", out->resmooth_every);
}

/* ---- rows ---- */

/*
 * The reader's arrays live in the caller's context cx (rows arrive in a
 * per-row context that is reset); they may pass 1 GB only as the whole.
 */
static void *
resize(MemoryContext cx, void *array, Size bytes)
{
	return array ? repalloc_huge(array, bytes) : MemoryContextAllocHuge(cx, bytes);
}

/* Grows an array by doubling to hold need elements; *capacity follows. */
static void *
grow(MemoryContext cx, void *array, Size element, int *capacity, int need)
{
	if (need <= *capacity)
		return array;
	while (*capacity < need)
	{
		if (*capacity > INT_MAX / 2)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("the history is too large for ttt")));
		*capacity = *capacity ? 2 * *capacity : 256;
	}
	return resize(cx, array, element * *capacity);
}

typedef struct MatchRow
{
	int			player;
	int32		team;
	double		rank;
	double		weight;
} MatchRow;

typedef struct TttReader
{
	const TttOptions *options;
	const char *caller;
	MemoryContext mcxt;			/* where the arrays live */
	TttHistory *out;
	Oid			rating_type;
	CompositeType rating;
	int			col_player,
				col_team,
				col_rank,
				col_weight,
				col_prior;
	tttplayers_hash *players;
	int			cap_players,
				cap_batches,
				cap_events,
				cap_teams,
				cap_items,
				cap_match;
	/* arrays under construction (out->h's are const) */
	double	   *prior_mu,
			   *prior_sigma,
			   *batch_time,
			   *team_rank,
			   *item_weight;
	int		   *batch_event,
			   *event_team,
			   *team_item,
			   *item_player,
			   *player_event;	/* the last event of each player, for repeats */
	int			n_players,
				n_batches,
				n_events,
				n_teams,
				n_items;
	/* the match being read */
	MatchRow   *match;
	int			n_match;
	int64		match_id;
	TimestampTz played_at;
	TimestampTz first_played_at;
} TttReader;

static const char *
layout_hint(void)
{
	return "The query must return match_id bigint, played_at timestamptz, [period timestamptz,] player_id bigint, team int, rank float8 [, weight float8] [, a skill.rating prior], ordered by played_at, match_id.";
}

static void
check_columns(void *arg, TupleDesc desc)
{
	TttReader  *r = arg;
	bool		has_period = desc->natts >= 6 && SPI_gettypeid(desc, 3) == TIMESTAMPTZOID &&
		SPI_gettypeid(desc, 4) == INT8OID;
	int			base = has_period ? 6 : 5;
	int			col;

	if (desc->natts < base)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("the rows query must return at least %d columns, not %d", base, desc->natts),
				 errhint("%s", layout_hint())));
	rows_check_column_type(desc, 1, INT8OID, "match_id", layout_hint());
	rows_check_column_type(desc, 2, TIMESTAMPTZOID, "played_at", layout_hint());
	r->col_player = base - 2;
	r->col_team = base - 1;
	r->col_rank = base;
	rows_check_column_type(desc, r->col_player, INT8OID, "player_id", layout_hint());
	rows_check_column_type(desc, r->col_team, INT4OID, "team", layout_hint());
	rows_check_column_type(desc, r->col_rank, FLOAT8OID, "rank", layout_hint());
	for (col = base + 1; col <= desc->natts; col++)
	{
		const char *name = NameStr(TupleDescAttr(desc, col - 1)->attname);

		if (strcmp(name, "weight") == 0 && r->options->other_columns)
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("%s reads no weight column for ttt", r->caller),
					 errdetail("Partial play is for ttt's own functions: the replays ttt is compared with here read none.")));
		if (strcmp(name, "weight") == 0 && !r->col_weight)
		{
			rows_check_column_type(desc, col, FLOAT8OID, "weight", layout_hint());
			r->col_weight = col;
		}
		else if (!r->col_prior &&
				 getBaseType(SPI_gettypeid(desc, col)) == getBaseType(r->rating_type))
			r->col_prior = col;	/* a CASE or UNION may give the domain's base */
		else if (!r->options->other_columns)
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("%s reads no column \"%s\" (column %d of the rows query)",
							r->caller, name, col),
					 errhint("%s", layout_hint())));
	}
}

static int
player_index(TttReader *r, int64 id, HeapTupleHeader prior)
{
	bool		found;
	TttPlayer  *p = tttplayers_insert(r->players, id, &found);
	TttHistory *out = r->out;
	int			n = r->n_players;

	if (found)
		return p->index;
	p->index = n;
	out->player_id = grow(r->mcxt, out->player_id, sizeof(int64), &r->cap_players, n + 1);
	/* the same capacity for every per-player array */
	{
		int			cap = r->cap_players;

		out->player_matches = resize(r->mcxt, out->player_matches, sizeof(int) * cap);
		out->player_last = resize(r->mcxt, out->player_last, sizeof(TimestampTz) * cap);
		r->prior_mu = resize(r->mcxt, r->prior_mu, sizeof(double) * cap);
		r->prior_sigma = resize(r->mcxt, r->prior_sigma,
									   sizeof(double) * cap);
		r->player_event = resize(r->mcxt, r->player_event,
										sizeof(int) * cap);
	}
	out->player_id[n] = id;
	out->player_matches[n] = 0;
	r->player_event[n] = -1;
	r->prior_mu[n] = r->options->mu;
	r->prior_sigma[n] = r->options->sigma;
	if (prior)
	{
		char		name[64];

		snprintf(name, sizeof(name), "the prior of player " INT64_FORMAT, id);
		rating_read(&r->rating, prior, name, &r->prior_mu[n], &r->prior_sigma[n]);
	}
	r->n_players++;
	return n;
}

static void
match_error(int64 match_id, const char *message)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("match " INT64_FORMAT " %s", match_id, message)));
}

/* The match read so far becomes an event: teams by team number. */
static void
flush_match(TttReader *r)
{
	TttHistory *out = r->out;
	MatchRow   *m = r->match;
	int			n = r->n_match;
	int			e = r->n_events;
	int			first_team = r->n_teams;
	int			least = INT_MAX;
	int			i,
				j;

	if (n == 0)
		return;
	/* stable insertion sort by team: matches are small */
	for (i = 1; i < n; i++)
	{
		MatchRow	x = m[i];

		for (j = i; j > 0 && m[j - 1].team > x.team; j--)
			m[j] = m[j - 1];
		m[j] = x;
	}
	if (r->n_batches == 0 || r->played_at != out->batch_played_at[r->n_batches - 1])
	{
		int			b = r->n_batches;

		out->batch_played_at = grow(r->mcxt, out->batch_played_at, sizeof(TimestampTz),
									&r->cap_batches, b + 2);
		r->batch_time = resize(r->mcxt, r->batch_time,
									  sizeof(double) * r->cap_batches);
		r->batch_event = resize(r->mcxt, r->batch_event,
									   sizeof(int) * r->cap_batches);
		if (b == 0)
			r->first_played_at = r->played_at;
		out->batch_played_at[b] = r->played_at;
		r->batch_time[b] = r->options->unit_usecs > 0.0
			? (double) (r->played_at - r->first_played_at) / r->options->unit_usecs
			: (double) b;
		r->batch_event[b] = e;
		r->n_batches++;
	}
	out->event_match_id = grow(r->mcxt, out->event_match_id, sizeof(int64), &r->cap_events, e + 2);
	out->event_batch = resize(r->mcxt, out->event_batch,
									 sizeof(int) * r->cap_events);
	out->event_min_before = resize(r->mcxt, out->event_min_before, sizeof(int) * r->cap_events);
	r->event_team = resize(r->mcxt, r->event_team,
								  sizeof(int) * r->cap_events);
	out->event_match_id[e] = r->match_id;
	out->event_batch[e] = r->n_batches - 1;
	r->event_team[e] = first_team;
	for (i = 0; i < n; i++)
	{
		int			t = r->n_teams;
		int			k = r->n_items;

		if (i == 0 || m[i].team != m[i - 1].team)
		{
			out->team_label = grow(r->mcxt, out->team_label, sizeof(int), &r->cap_teams, t + 2);
			r->team_rank = resize(r->mcxt, r->team_rank,
										 sizeof(double) * r->cap_teams);
			r->team_item = resize(r->mcxt, r->team_item,
										 sizeof(int) * r->cap_teams);
			out->team_label[t] = m[i].team;
			r->team_rank[t] = m[i].rank;
			r->team_item[t] = k;
			for (j = first_team; j < t; j++)
				if (r->team_rank[j] == m[i].rank && r->options->params.p_draw == 0.0)
					match_error(r->match_id, "is a tie, which needs option p_draw above 0");
			r->n_teams++;
		}
		else if (m[i].rank != m[i - 1].rank)
			match_error(r->match_id, "gives one team two ranks");
		if (r->player_event[m[i].player] == e)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("player " INT64_FORMAT " plays twice in match " INT64_FORMAT,
							out->player_id[m[i].player], r->match_id)));
		r->player_event[m[i].player] = e;
		r->item_player = grow(r->mcxt, r->item_player, sizeof(int), &r->cap_items, k + 1);
		r->item_weight = resize(r->mcxt, r->item_weight,
									   sizeof(double) * r->cap_items);
		r->item_player[k] = m[i].player;
		r->item_weight[k] = m[i].weight;
		r->n_items++;
	}
	if (r->n_teams - first_team < 2)
		match_error(r->match_id, "has one team; a match needs two or more");
	for (i = r->team_item[first_team]; i < r->n_items; i++)
	{
		int			p = r->item_player[i];

		least = Min(least, out->player_matches[p]);
		out->player_matches[p]++;
		out->player_last[p] = r->played_at;
	}
	for (i = first_team; i < r->n_teams; i++)
	{
		int			end = i + 1 < r->n_teams ? r->team_item[i + 1] : r->n_items;
		bool		any = false;

		for (j = r->team_item[i]; j < end; j++)
			any |= r->item_weight[j] > 0.0;
		if (!any)
			match_error(r->match_id, "has a team whose weights are all 0");
	}
	out->event_min_before[e] = least;
	r->n_events++;
	r->n_match = 0;
}

static void
read_row(void *arg, TupleTableSlot *slot, TupleDesc desc)
{
	TttReader  *r = arg;
	const Datum *values;
	const bool *nulls;
	int64		match_id,
				player_id;
	TimestampTz played_at;
	MatchRow   *row;

	slot_getallattrs(slot);
	values = slot->tts_values;
	nulls = slot->tts_isnull;
	match_id = DatumGetInt64(rows_column_value(values, nulls, 1, "match_id"));
	played_at = DatumGetTimestampTz(rows_column_value(values, nulls, 2, "played_at"));
	if (TIMESTAMP_NOT_FINITE(played_at))
		match_error(match_id, "has an infinite played_at");
	switch (batch_row_place(r->n_match > 0, r->match_id, r->played_at, match_id, played_at))
	{
		case ROW_GOES_BACK:
			batch_out_of_order(r->caller, match_id, r->match_id, r->played_at);
		case ROW_NEW_MATCH:
			if (r->n_match > 0)
				flush_match(r);
			break;
		case ROW_IN_MATCH:
			break;
	}
	r->match_id = match_id;
	r->played_at = played_at;
	player_id = DatumGetInt64(rows_column_value(values, nulls, r->col_player, "player_id"));
	r->match = grow(r->mcxt, r->match, sizeof(MatchRow), &r->cap_match, r->n_match + 1);
	row = &r->match[r->n_match];
	row->player = player_index(r, player_id,
							   r->col_prior && !nulls[r->col_prior - 1]
							   ? DatumGetHeapTupleHeader(values[r->col_prior - 1]) : NULL);
	row->team = DatumGetInt32(rows_column_value(values, nulls, r->col_team, "team"));
	row->rank = DatumGetFloat8(rows_column_value(values, nulls, r->col_rank, "rank"));
	if (!isfinite(row->rank))
		match_error(match_id, "has a rank that is not a finite number");
	row->weight = 1.0;
	if (r->col_weight && !nulls[r->col_weight - 1])
	{
		row->weight = DatumGetFloat8(values[r->col_weight - 1]);
		if (!(row->weight >= 0.0 && row->weight <= 1.0))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("the weight of player " INT64_FORMAT " in match " INT64_FORMAT " must be from 0 to 1",
							player_id, match_id)));
	}
	r->n_match++;
}

void
ttt_read_rows(FunctionCallInfo fcinfo, text *query, const TttOptions *options,
			  const char *caller, TttHistory *out)
{
	TttReader	r;

	memset(&r, 0, sizeof(r));
	memset(out, 0, sizeof(*out));
	r.options = options;
	r.caller = caller;
	r.out = out;
	r.rating_type = extension_type(fcinfo, "rating");
	composite_init(&r.rating, r.rating_type, CurrentMemoryContext);
	r.mcxt = CurrentMemoryContext;
	r.players = tttplayers_create(CurrentMemoryContext, 1024, NULL);
	rows_cursor_run(query, check_columns, read_row, &r);
	flush_match(&r);
	if (r.n_batches > 0)
		r.batch_event[r.n_batches] = r.n_events;
	else
	{
		r.batch_event = palloc0(sizeof(int));
		r.event_team = palloc0(sizeof(int));
		r.team_item = palloc0(sizeof(int));
	}
	r.event_team[r.n_events] = r.n_teams;
	r.team_item[r.n_teams] = r.n_items;
	out->n_events = r.n_events;
	out->players = r.players;
	out->h.n_players = r.n_players;
	out->h.prior_mu = r.prior_mu;
	out->h.prior_sigma = r.prior_sigma;
	out->h.n_batches = r.n_batches;
	out->h.batch_time = r.batch_time;
	out->h.batch_event = r.batch_event;
	out->h.event_team = r.event_team;
	out->h.team_rank = r.team_rank;
	out->h.team_item = r.team_item;
	out->h.item_player = r.item_player;
	out->h.item_weight = r.item_weight;
}

int
ttt_player_index(const TttHistory *hist, int64 player_id)
{
	TttPlayer  *p = tttplayers_lookup(hist->players, player_id);

	return p ? p->index : -1;
}
