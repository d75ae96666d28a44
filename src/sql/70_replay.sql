
---------------------------------------------------------------------------
-- Replay: a season recomputed in one query
---------------------------------------------------------------------------
-- Every aggregate takes the rows of a match history, one per player per
-- match, in the order (played_at, match_id), and returns every player's
-- final rating with the number of matches rated.  Rows of one match must
-- come together; the order is checked and a violation is an error.
-- Overloads add each player's prior (rating before the first replayed match;
-- NULL = the family default) and an options jsonb (see the README).

CREATE TYPE skill.replayed_rating AS (player_id bigint, rating skill.rating, matches int);
COMMENT ON TYPE skill.replayed_rating IS
  'A player''s rating after a replay (OpenSkill, TrueSkill): id, rating, number of matches rated';

CREATE TYPE skill.replayed_elo AS (player_id bigint, rating float8, matches int);
COMMENT ON TYPE skill.replayed_elo IS
  'A player''s Elo rating after elo_replay: id, rating, number of matches rated';

CREATE TYPE skill.replayed_glicko AS (player_id bigint, rating skill.glicko, matches int);
COMMENT ON TYPE skill.replayed_glicko IS
  'A player''s Glicko-2 rating after glicko2_replay: id, rating, number of matches rated';

-- OpenSkill Plackett-Luce
CREATE FUNCTION skill.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'pl_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.pl_replay';
CREATE FUNCTION skill.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'pl_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Transition function of skill.pl_replay with priors';
CREATE FUNCTION skill.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'pl_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Transition function of skill.pl_replay with priors and options';
CREATE FUNCTION skill.pl_replay_final(internal)
RETURNS skill.replayed_rating[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_replay_final(internal) IS
  'Final function of skill.pl_replay: rates the last match and lists every player';
CREATE AGGREGATE skill.pl_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill.pl_replay_step,
  STYPE = internal,
  FINALFUNC = skill.pl_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.pl_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (OpenSkill Plackett-Luce) ordered by played_at, match_id; returns skill.replayed_rating[]';
CREATE AGGREGATE skill.pl_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating) (
  SFUNC = skill.pl_replay_step,
  STYPE = internal,
  FINALFUNC = skill.pl_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.pl_replay(bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Replays a match history (OpenSkill Plackett-Luce) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_rating[]';
CREATE AGGREGATE skill.pl_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb) (
  SFUNC = skill.pl_replay_step,
  STYPE = internal,
  FINALFUNC = skill.pl_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.pl_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Plackett-Luce) ordered by played_at, match_id, with priors and options such as {"beta": 5}; returns skill.replayed_rating[]';

-- OpenSkill Bradley-Terry (full pairing)
CREATE FUNCTION skill.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.bt_full_replay';
CREATE FUNCTION skill.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Transition function of skill.bt_full_replay with priors';
CREATE FUNCTION skill.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Transition function of skill.bt_full_replay with priors and options';
CREATE FUNCTION skill.bt_full_replay_final(internal)
RETURNS skill.replayed_rating[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_replay_final(internal) IS
  'Final function of skill.bt_full_replay: rates the last match and lists every player';
CREATE AGGREGATE skill.bt_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill.bt_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill.bt_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_full_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (OpenSkill Bradley-Terry (full pairing)) ordered by played_at, match_id; returns skill.replayed_rating[]';
CREATE AGGREGATE skill.bt_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating) (
  SFUNC = skill.bt_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill.bt_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_full_replay(bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Replays a match history (OpenSkill Bradley-Terry (full pairing)) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_rating[]';
CREATE AGGREGATE skill.bt_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb) (
  SFUNC = skill.bt_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill.bt_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_full_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Bradley-Terry (full pairing)) ordered by played_at, match_id, with priors and options such as {"beta": 5}; returns skill.replayed_rating[]';

-- OpenSkill Bradley-Terry (partial pairing)
CREATE FUNCTION skill.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.bt_part_replay';
CREATE FUNCTION skill.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Transition function of skill.bt_part_replay with priors';
CREATE FUNCTION skill.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Transition function of skill.bt_part_replay with priors and options';
CREATE FUNCTION skill.bt_part_replay_final(internal)
RETURNS skill.replayed_rating[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_replay_final(internal) IS
  'Final function of skill.bt_part_replay: rates the last match and lists every player';
CREATE AGGREGATE skill.bt_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill.bt_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill.bt_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_part_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (OpenSkill Bradley-Terry (partial pairing)) ordered by played_at, match_id; returns skill.replayed_rating[]';
CREATE AGGREGATE skill.bt_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating) (
  SFUNC = skill.bt_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill.bt_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_part_replay(bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Replays a match history (OpenSkill Bradley-Terry (partial pairing)) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_rating[]';
CREATE AGGREGATE skill.bt_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb) (
  SFUNC = skill.bt_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill.bt_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_part_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Bradley-Terry (partial pairing)) ordered by played_at, match_id, with priors and options such as {"beta": 5}; returns skill.replayed_rating[]';

-- OpenSkill Thurstone-Mosteller (full pairing)
CREATE FUNCTION skill.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.tm_full_replay';
CREATE FUNCTION skill.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Transition function of skill.tm_full_replay with priors';
CREATE FUNCTION skill.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Transition function of skill.tm_full_replay with priors and options';
CREATE FUNCTION skill.tm_full_replay_final(internal)
RETURNS skill.replayed_rating[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_replay_final(internal) IS
  'Final function of skill.tm_full_replay: rates the last match and lists every player';
CREATE AGGREGATE skill.tm_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill.tm_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill.tm_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_full_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (full pairing)) ordered by played_at, match_id; returns skill.replayed_rating[]';
CREATE AGGREGATE skill.tm_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating) (
  SFUNC = skill.tm_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill.tm_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_full_replay(bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (full pairing)) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_rating[]';
CREATE AGGREGATE skill.tm_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb) (
  SFUNC = skill.tm_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill.tm_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_full_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (full pairing)) ordered by played_at, match_id, with priors and options such as {"beta": 5}; returns skill.replayed_rating[]';

-- OpenSkill Thurstone-Mosteller (partial pairing)
CREATE FUNCTION skill.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.tm_part_replay';
CREATE FUNCTION skill.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Transition function of skill.tm_part_replay with priors';
CREATE FUNCTION skill.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Transition function of skill.tm_part_replay with priors and options';
CREATE FUNCTION skill.tm_part_replay_final(internal)
RETURNS skill.replayed_rating[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_replay_final(internal) IS
  'Final function of skill.tm_part_replay: rates the last match and lists every player';
CREATE AGGREGATE skill.tm_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill.tm_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill.tm_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_part_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (partial pairing)) ordered by played_at, match_id; returns skill.replayed_rating[]';
CREATE AGGREGATE skill.tm_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating) (
  SFUNC = skill.tm_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill.tm_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_part_replay(bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (partial pairing)) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_rating[]';
CREATE AGGREGATE skill.tm_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb) (
  SFUNC = skill.tm_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill.tm_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_part_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (partial pairing)) ordered by played_at, match_id, with priors and options such as {"beta": 5}; returns skill.replayed_rating[]';

-- TrueSkill
CREATE FUNCTION skill.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'trueskill_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.trueskill_replay';
CREATE FUNCTION skill.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'trueskill_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Transition function of skill.trueskill_replay with priors';
CREATE FUNCTION skill.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'trueskill_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Transition function of skill.trueskill_replay with priors and options';
CREATE FUNCTION skill.trueskill_replay_final(internal)
RETURNS skill.replayed_rating[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_replay_final(internal) IS
  'Final function of skill.trueskill_replay: rates the last match and lists every player';
CREATE AGGREGATE skill.trueskill_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill.trueskill_replay_step,
  STYPE = internal,
  FINALFUNC = skill.trueskill_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.trueskill_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (TrueSkill) ordered by played_at, match_id; returns skill.replayed_rating[]';
CREATE AGGREGATE skill.trueskill_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating) (
  SFUNC = skill.trueskill_replay_step,
  STYPE = internal,
  FINALFUNC = skill.trueskill_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.trueskill_replay(bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Replays a match history (TrueSkill) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_rating[]';
CREATE AGGREGATE skill.trueskill_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb) (
  SFUNC = skill.trueskill_replay_step,
  STYPE = internal,
  FINALFUNC = skill.trueskill_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.trueskill_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (TrueSkill) ordered by played_at, match_id, with priors and options such as {"beta": 5}; returns skill.replayed_rating[]';

-- multiplayer Elo (pairwise by team rank)
CREATE FUNCTION skill.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'elo_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.elo_replay';
CREATE FUNCTION skill.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'elo_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8, float8) IS
  'Transition function of skill.elo_replay with priors';
CREATE FUNCTION skill.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8, float8, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'elo_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8, float8, jsonb) IS
  'Transition function of skill.elo_replay with priors and options';
CREATE FUNCTION skill.elo_replay_final(internal)
RETURNS skill.replayed_elo[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_replay_final(internal) IS
  'Final function of skill.elo_replay: rates the last match and lists every player';
CREATE AGGREGATE skill.elo_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill.elo_replay_step,
  STYPE = internal,
  FINALFUNC = skill.elo_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.elo_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (multiplayer Elo (pairwise by team rank)) ordered by played_at, match_id; returns skill.replayed_elo[]';
CREATE AGGREGATE skill.elo_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior float8) (
  SFUNC = skill.elo_replay_step,
  STYPE = internal,
  FINALFUNC = skill.elo_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.elo_replay(bigint, timestamptz, bigint, int, float8, float8) IS
  'Replays a match history (multiplayer Elo (pairwise by team rank)) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_elo[]';
CREATE AGGREGATE skill.elo_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior float8, options jsonb) (
  SFUNC = skill.elo_replay_step,
  STYPE = internal,
  FINALFUNC = skill.elo_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.elo_replay(bigint, timestamptz, bigint, int, float8, float8, jsonb) IS
  'Replays a match history (multiplayer Elo (pairwise by team rank)) ordered by played_at, match_id, with priors and options such as {"beta": 5}; returns skill.replayed_elo[]';

-- Glicko-2 (games rated per rating period)
CREATE FUNCTION skill.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko2_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8) IS
  'Transition function of skill.glicko2_replay';
CREATE FUNCTION skill.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko2_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko) IS
  'Transition function of skill.glicko2_replay with priors';
CREATE FUNCTION skill.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko2_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Transition function of skill.glicko2_replay with priors and options';
CREATE FUNCTION skill.glicko2_replay_final(internal)
RETURNS skill.replayed_glicko[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_replay_final(internal) IS
  'Final function of skill.glicko2_replay: rates the last match and lists every player';
CREATE AGGREGATE skill.glicko2_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill.glicko2_replay_step,
  STYPE = internal,
  FINALFUNC = skill.glicko2_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, timestamptz, bigint, int, float8) IS
  'Replays a match history (Glicko-2 (games rated per rating period)) ordered by played_at, match_id; returns skill.replayed_glicko[]';
CREATE AGGREGATE skill.glicko2_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8, prior skill.glicko) (
  SFUNC = skill.glicko2_replay_step,
  STYPE = internal,
  FINALFUNC = skill.glicko2_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko) IS
  'Replays a match history (Glicko-2 (games rated per rating period)) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_glicko[]';
CREATE AGGREGATE skill.glicko2_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8, prior skill.glicko, options jsonb) (
  SFUNC = skill.glicko2_replay_step,
  STYPE = internal,
  FINALFUNC = skill.glicko2_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Replays a match history (Glicko-2 (games rated per rating period)) ordered by played_at, match_id, with priors and options such as {"beta": 5}; returns skill.replayed_glicko[]';
