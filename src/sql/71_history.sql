
---------------------------------------------------------------------------
-- History: the replay streamed per (match, player)
---------------------------------------------------------------------------
-- rows is a query returning match_id bigint, played_at timestamptz,
-- player_id bigint, team int, rank float8 [, prior], ordered by
-- played_at, match_id.  Output rows come in match order; predicted_win is
-- the chance the player's team wins, computed before the match.

CREATE FUNCTION skill.pl_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8)
AS 'MODULE_PATHNAME', 'pl_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.pl_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Plackett-Luce) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';

CREATE FUNCTION skill.bt_full_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8)
AS 'MODULE_PATHNAME', 'bt_full_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.bt_full_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Bradley-Terry (full)) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';

CREATE FUNCTION skill.bt_part_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8)
AS 'MODULE_PATHNAME', 'bt_part_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.bt_part_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Bradley-Terry (partial)) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';

CREATE FUNCTION skill.tm_full_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8)
AS 'MODULE_PATHNAME', 'tm_full_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.tm_full_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Thurstone-Mosteller (full)) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';

CREATE FUNCTION skill.tm_part_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8)
AS 'MODULE_PATHNAME', 'tm_part_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.tm_part_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Thurstone-Mosteller (partial)) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';

CREATE FUNCTION skill.trueskill_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8)
AS 'MODULE_PATHNAME', 'trueskill_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.trueskill_history(text, jsonb) IS
  'Replays the rows query (TrueSkill) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';

CREATE FUNCTION skill.elo_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before float8, rating_after float8, predicted_win float8)
AS 'MODULE_PATHNAME', 'elo_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.elo_history(text, jsonb) IS
  'Replays the rows query (multiplayer Elo) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';
