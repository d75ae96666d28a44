
---------------------------------------------------------------------------
-- Families by name: replay in memory, declared options
---------------------------------------------------------------------------

CREATE FUNCTION skill.replay(family text, rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (player_id bigint, rating float8[], matches int)
AS 'MODULE_PATHNAME', 'replay_by_name'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.replay(text, text, jsonb) IS
  'Replays the rows query with the named family (pl, elo, glicko2, ...) from memory: every player''s final rating as an array of its fields (mu, sigma / rating / rating, rd, vol) and the number of matches rated; equal to the family''s replay aggregate';

CREATE FUNCTION skill.replay_options(family text DEFAULT NULL)
RETURNS TABLE (family text, option text, type text, default_value text, rule text, help text)
AS 'MODULE_PATHNAME', 'replay_options'
LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.replay_options(text) IS
  'The options each replay family takes in its options jsonb: name, type, default, allowed values and meaning (NULL family: every family)';

CREATE FUNCTION skill.families()
RETURNS TABLE (family text, label text, rating_type regtype, uses_period boolean,
               has_history boolean, by_name boolean)
AS 'MODULE_PATHNAME', 'families'
LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.families() IS
  'Every rating family, one row each: its prefix (skill.<family>_replay), the system''s name, the type of its ratings (float8, skill.rating, skill.glicko), whether its rows carry a rating period, whether it has skill.<family>_history, and whether skill.replay, skill.rate_match, skill.match_predictions, skill.evaluate and skill.fit take it by name (o!TR: no, it has its own replay)';

CREATE FUNCTION skill.fit(system text, rows text, search jsonb, options jsonb DEFAULT NULL)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'fit'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.fit(text, text, jsonb, jsonb) IS
  'Fits a rating system''s parameters (search: {"name": [low, high]}; for ttt its sigma, beta, gamma and p_draw, on its honest forecasts re-smoothed every resmooth_every time units, 30 by default) by maximum likelihood of its pre-match predictions over the rows query''s two-team matches (projected BFGS); options train_until, held_out_until, score_from, experienced, max_evaluations, max_seconds, progress, method, starts (searches from the options'' point and from more points spread over the bounds, reporting each optimum found), objective (binary: the expected score against the outcome; three_way: the chances of a win, a draw and a loss, with the draw keys searchable) and options (fixed system options); returns the parameters, converged, stop_reason, at_bound, the optima of several starts, standard errors and correlations, train and held-out scores, evaluations and seconds';

CREATE FUNCTION skill.match_predictions(system text, rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, teams int, team int, predicted_win float8,
               predicted_draw float8, outcome float8, min_matches_before int,
               expected_score float8)
AS 'MODULE_PATHNAME', 'match_predictions'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.match_predictions(text, text, jsonb) IS
  'Replays the rows query with the named system and returns one row per match: the first team''s (lowest team number) chance of winning and the chance of a draw before the match (with option draw_model the chances of a win and of a draw, else the family''s one chance), its outcome (1 won, 0.5 shared the best rank, 0 lost), the fewest earlier matches of any player, and its expected score (win + draw/2 with a draw model, else predicted_win), ready for scoring';
