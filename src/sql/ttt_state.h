/*
 * ttt_state.h - the stored state of skill.ttt_update (ttt_state_read.c):
 * a state query read against the history of a rows query.
 *
 * The history may be a window of a longer one (the matches from some time
 * on).  A state row of a match the rows do not have, dated before the
 * window's first batch, is then a boundary: the latest one of each player of
 * the window carries its belief from that match and everything before
 * (past), which becomes the player's prior in the window, drifted to its
 * first batch.
 */
#ifndef SKILL_SQL_TTT_STATE_H
#define SKILL_SQL_TTT_STATE_H

#include "sql/ttt_rows.h"

typedef struct TttStoredState
{
	/* by item (player in match) of the history */
	bool	   *loaded;			/* has a state row */
	double	   *message;		/* 2 per item: message_pi, message_tau */
	double	   *past;			/* 2 per item: past's mu, sigma */
	/* by player: its latest state row before the window, if any */
	bool	   *has_before;
	TimestampTz *before_at;
	int64	   *before_match;
	double	   *before_past;	/* 2 per player */
} TttStoredState;

/*
 * Runs the state query (columns by name: match_id, player_id, played_at,
 * message_pi, message_tau, past) against the history read from the rows;
 * each rule (a row of a match in or after the window that the rows lack, a
 * row twice, a bad message) an error naming the row.
 */
extern void ttt_read_state(FunctionCallInfo fcinfo, text *query, const TttHistory *hist,
						   TttStoredState *out);

#endif
