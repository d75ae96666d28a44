---------------------------------------------------------------------------
-- TrueSkill Through Time in a table the caller owns, updated incrementally
-- (docs/ttt.md, "Incremental smoothing")
---------------------------------------------------------------------------
-- The state is one row per player per match: the match's message to the
-- player's skill (message_pi = 1/variance, message_tau = mean/variance),
-- the player's smoothed rating at the match's batch and its past there (the
-- belief from that batch and the earlier ones).  ttt_state computes it all;
-- ttt_update, given the history (new matches included, whole or from some
-- time on) and the stored state, solves only the batches the new matches
-- reach and returns the rows of every player whose ratings moved, to upsert.

CREATE FUNCTION skill.ttt_state(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, player_id bigint, played_at timestamptz,
               message_pi float8, message_tau float8, rating skill.rating,
               past skill.rating, solved_matches bigint, window_change float8)
AS 'MODULE_PATHNAME', 'ttt_state'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.ttt_state(text, jsonb) IS
  'TrueSkill Through Time over the rows query, smoothed as skill.ttt_history, as the rows of a state table for skill.ttt_update: one per player per match, with the match''s message to the player''s skill (message_pi = 1/variance, message_tau = mean/variance), the player''s smoothed rating at the match''s batch, its past there (the rating from that batch and the earlier ones alone, what a window of the history starts from), the matches solved (first pass and sweeps), and window_change (0 here, as ttt_update''s); options as skill.ttt_history';

CREATE FUNCTION skill.ttt_update(rows text, state text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, player_id bigint, played_at timestamptz,
               message_pi float8, message_tau float8, rating skill.rating,
               past skill.rating, solved_matches bigint, window_change float8)
AS 'MODULE_PATHNAME', 'ttt_update'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.ttt_update(text, text, jsonb) IS
  'TrueSkill Through Time updated incrementally: rows is the history with the new matches (late ones included), whole or a window (the matches from some time on), state a query of the stored rows of skill.ttt_state (match_id, player_id, played_at, message_pi, message_tau, past; for a window, also each player''s last row before it); matches without state rows are solved, then every batch their change reaches by more than epsilon; returns the state rows of every player whose ratings moved, to upsert, the matches solved, and window_change: the largest move of a rating before the window that the update leaves unapplied (0 for the whole history); options as skill.ttt_history';
