
---------------------------------------------------------------------------
-- Replay: a season recomputed in one query
---------------------------------------------------------------------------
-- Every aggregate takes the rows of a match history, one per player per
-- match, in the order (played_at, match_id), and returns every player's
-- final rating with the number of matches rated.  Rows of one match must
-- come together; the order is checked and a violation is an error.
-- Overloads add each player's prior (rating before the first replayed match;
-- NULL = the family default) and an options jsonb (see docs/replay.md and
-- skill.replay_options()).  The aggregates and the history functions are
-- generated at build time from src/families/families.def
-- (scripts/gen_family_sql.awk) into 70_replay.sql and 71_history.sql.

CREATE TYPE skill.replayed_rating AS (player_id bigint, rating skill.rating, matches int);
COMMENT ON TYPE skill.replayed_rating IS
  'A player''s rating after a replay (OpenSkill, TrueSkill): id, rating, number of matches rated';

CREATE TYPE skill.replayed_elo AS (player_id bigint, rating float8, matches int);
COMMENT ON TYPE skill.replayed_elo IS
  'A player''s Elo rating after elo_replay: id, rating, number of matches rated';

CREATE TYPE skill.replayed_glicko AS (player_id bigint, rating skill.glicko, matches int);
COMMENT ON TYPE skill.replayed_glicko IS
  'A player''s Glicko rating after glicko_replay (vol NULL) or glicko2_replay: id, rating, number of matches rated';


CREATE TYPE skill.match_details AS (score float8, context text, length float8, home boolean);
COMMENT ON TYPE skill.match_details IS
  'A row''s match details for the replay aggregates: its team''s score, the match''s context (surface, map) and length (a best-of), and whether its team plays at home; NULL fields mean none';

CREATE FUNCTION skill.details(score float8 DEFAULT NULL, context text DEFAULT NULL,
                              length float8 DEFAULT NULL, home boolean DEFAULT NULL)
RETURNS skill.match_details
AS 'MODULE_PATHNAME', 'match_details'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.details(float8, text, float8, boolean) IS
  'A skill.match_details value from named arguments, e.g. skill.details(score => games, context => surface)';
