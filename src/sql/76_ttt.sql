
---------------------------------------------------------------------------
-- TrueSkill Through Time: whole-history ratings (docs/ttt.md)
---------------------------------------------------------------------------
-- The rows query is every history's (match_id, played_at, [period,]
-- player_id, team, rank) with an optional weight column (partial play,
-- 0 to 1) and an optional skill.rating prior; matches with the same
-- played_at form one batch.  Options: mu, sigma, beta, gamma (drift per
-- time_unit), p_draw, epsilon, iterations, time_unit, erfc.  The whole
-- history is held in memory (about 150 bytes a row), unlike the replays.

CREATE FUNCTION skill.ttt_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (player_id bigint, played_at timestamptz, batch int, rating skill.rating,
               filtered skill.rating, iterations int, last_step float8)
AS 'MODULE_PATHNAME', 'ttt_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.ttt_history(text, jsonb) IS
  'TrueSkill Through Time over the rows query: each player''s smoothed rating at each batch (played_at) it plays, batch by batch, its filtered rating (the first, forward-only pass: TrueSkill as a filter), and the sweeps made and the last sweep''s largest change; options mu, sigma, beta, gamma, p_draw, epsilon, iterations, time_unit, erfc';

CREATE FUNCTION skill.ttt_replay(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (player_id bigint, rating skill.rating, matches int, last_played timestamptz)
AS 'MODULE_PATHNAME', 'ttt_replay'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.ttt_replay(text, jsonb) IS
  'TrueSkill Through Time over the rows query: every player''s smoothed rating at the last batch it played (no drift after it), its matches and its last played_at, by player_id; options as skill.ttt_history';

CREATE FUNCTION skill.ttt_summary(rows text, options jsonb DEFAULT NULL)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'ttt_summary'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.ttt_summary(text, jsonb) IS
  'TrueSkill Through Time over the rows query, summed up: players, matches, batches, skills (player-batches), iterations, last_step_mu, last_step_sigma and log_evidence_filtered (the log-probability of every result given the batches before it and the matches before it in its batch); options as skill.ttt_history, and resmooth_every as match_predictions(''ttt'', ...) takes it, which gives log_evidence_forecast instead, resmooths and resmooth_sweeps';
