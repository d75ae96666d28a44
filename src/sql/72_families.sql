
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
