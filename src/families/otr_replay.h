/*
 * otr_replay.h - o!TR over a match history: rows of (match, played_at,
 * game, player, score) in, every player's rating out.
 *
 * o!TR rates a tournament match of several games at once (core/otr.c), so
 * its rows do not fit the team/rank families of engine/family_api.h; what it
 * shares with them are the engine's pieces: the player table keyed by id
 * (engine/player_table.h, memory grows with players, never with matches),
 * the rows' order and buffer and the rating check (engine/match_batch.h)
 * and the per-match scratch (engine/scratch.h).  It buffers one match's
 * rows, and when the next match begins it decays each of the match's
 * players from their last match to this one (core sk_otr_decay), rates the
 * match (sk_otr_rate_match) and moves the players on.  The aggregate
 * skill.otr_replay and skill.otr_history are its two drivers.
 */
#ifndef SKILL_FAMILIES_OTR_REPLAY_H
#define SKILL_FAMILIES_OTR_REPLAY_H

#include "engine/pg_compat.h"

#include "utils/jsonb.h"
#include "utils/timestamp.h"

#include "families/otr_options.h"

/* The start rating of a player without a prior: otr-processor's fallback. */
#define OTR_DEFAULT_MU 1000.0
#define OTR_DEFAULT_SIGMA 400.0

typedef struct OtrPlayer
{
	int64		id;
	char		status;			/* simplehash's slot state */
	int32		slot;			/* index in the match being rated; -1: not in it */
	int32		matches;		/* matches rated so far */
	double		mu;
	double		sigma;
	double		peak;			/* highest mu it ever had (the decay floor) */
	TimestampTz last_played;	/* its last rated match */
} OtrPlayer;

/* A row of the match being collected. */
typedef struct OtrRow
{
	int64		game_id;
	int64		player_id;
	int32		slot;			/* the player's slot, once the match is rated */
	double		score;
	bool		has_prior;
	double		prior_mu;
	double		prior_sigma;
} OtrRow;

/* What a history receives for each rated match, players in first-seen order. */
typedef struct OtrMatchResult
{
	int64		match_id;
	TimestampTz played_at;
	int			n_players;
	const int64 *player_id;
	const int32 *games;			/* counted games each played */
	const int32 *matches_before;
	const double *mu_before;	/* after decay to played_at */
	const double *sigma_before;
	const double *mu_after;
	const double *sigma_after;
	const double *win_prob;		/* OpenSkill's predict_win among the players */
} OtrMatchResult;

typedef struct OtrReplay OtrReplay;
typedef void (*OtrEmit) (OtrReplay *replay, const OtrMatchResult *result);

struct OtrReplay
{
	MemoryContext mcxt;
	const char *caller;			/* SQL name for messages */
	OtrReplaySettings settings;
	bool		options_read;
	struct otrhash_hash *players;

	/* The match being collected. */
	bool		in_match;
	int64		match_id;
	TimestampTz played_at;
	OtrRow	   *rows;
	int			n_rows;
	int			max_rows;

	/* Scratch for one match, grown to the largest seen (n players, g games). */
	int			scratch_players;
	int			scratch_cells;
	OtrPlayer **match_players;
	int64	   *ids;
	int32	   *games;
	int32	   *last_game;		/* the last counted game each was in */
	int32	   *matches_before;
	double	   *mu;
	double	   *sigma;
	double	   *mu_after;
	double	   *sigma_after;
	double	   *win_prob;
	int		   *team_start;
	double	   *scores;			/* games x players */
	void	   *work;			/* the cores' */
	Size		work_size;

	/* History: called after each rated match when set. */
	OtrEmit		emit;
	void	   *emit_arg;
};

extern OtrReplay *otr_replay_create(MemoryContext mcxt, const char *caller);
/* Reads the options once; with_as_of false refuses as_of (the history). */
extern void otr_replay_read_options(OtrReplay *replay, Jsonb *options, bool with_as_of);
/* prior: NULL for none, else (mu, sigma), used when the player is first seen. */
extern void otr_replay_add_row(OtrReplay *replay, int64 match_id, TimestampTz played_at,
							   int64 game_id, int64 player_id, double score,
							   const double *prior);
/* Rates the last match and, with as_of, decays every player to it. */
extern void otr_replay_finish(OtrReplay *replay);
extern OtrPlayer **otr_replay_players_by_id(OtrReplay *replay, uint32 *count);

#endif
