
---------------------------------------------------------------------------
-- o!TR over a match history: replay and history
---------------------------------------------------------------------------
-- Rows are one per player per game: match_id, played_at, game_id,
-- player_id, score, ordered by played_at, match_id, game_id (checked).
-- Before each match its players are decayed from their last match to this
-- one (skill.otr_decay), then the match is rated (skill.otr_rate_match);
-- games with fewer than two scores do not count.

CREATE TYPE skill.replayed_otr AS (player_id bigint, rating skill.rating, matches int,
                                   peak float8, last_played timestamptz);
COMMENT ON TYPE skill.replayed_otr IS
  'A player''s o!TR rating after otr_replay: id, rating, matches rated, the highest mu it had (the decay floor), and the time of its last match';

CREATE FUNCTION skill_internal.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'otr_replay_step'
LANGUAGE C PARALLEL UNSAFE;
COMMENT ON FUNCTION skill_internal.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8) IS
  'Transition function of skill.otr_replay';

CREATE FUNCTION skill_internal.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'otr_replay_step'
LANGUAGE C PARALLEL UNSAFE;
COMMENT ON FUNCTION skill_internal.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8, skill.rating) IS
  'Transition function of skill.otr_replay (with priors)';

CREATE FUNCTION skill_internal.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'otr_replay_step'
LANGUAGE C PARALLEL UNSAFE;
COMMENT ON FUNCTION skill_internal.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8, skill.rating, jsonb) IS
  'Transition function of skill.otr_replay (with priors and options)';

CREATE FUNCTION skill_internal.otr_replay_final(internal)
RETURNS skill.replayed_otr[]
AS 'MODULE_PATHNAME', 'otr_replay_final'
LANGUAGE C PARALLEL UNSAFE;
COMMENT ON FUNCTION skill_internal.otr_replay_final(internal) IS
  'Final function of skill.otr_replay: every player''s rating, ordered by player_id';

CREATE AGGREGATE skill.otr_replay(match_id bigint, played_at timestamptz, game_id bigint,
                                  player_id bigint, score float8) (
  SFUNC = skill_internal.otr_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.otr_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.otr_replay(bigint, timestamptz, bigint, bigint, float8) IS
  'o!TR over a match history, one row per player per game, ordered by played_at, match_id, game_id; players start at 1000/400; returns skill.replayed_otr[]';

CREATE AGGREGATE skill.otr_replay(match_id bigint, played_at timestamptz, game_id bigint,
                                  player_id bigint, score float8, prior skill.rating) (
  SFUNC = skill_internal.otr_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.otr_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.otr_replay(bigint, timestamptz, bigint, bigint, float8, skill.rating) IS
  'o!TR over a match history, starting each player from the prior of its first row (NULL: 1000/400, e.g. skill.otr_initial_rating); returns skill.replayed_otr[]';

CREATE AGGREGATE skill.otr_replay(match_id bigint, played_at timestamptz, game_id bigint,
                                  player_id bigint, score float8, prior skill.rating, options jsonb) (
  SFUNC = skill_internal.otr_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.otr_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.otr_replay(bigint, timestamptz, bigint, bigint, float8, skill.rating, jsonb) IS
  'o!TR over a match history with priors and options: those of otr_rate_match and otr_decay, and as_of (decay every player to that time at the end); see skill.replay_options(''otr''); returns skill.replayed_otr[]';

CREATE FUNCTION skill.otr_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, games int,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int)
AS 'MODULE_PATHNAME', 'otr_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.otr_history(text, jsonb) IS
  'Replays the rows query (match_id, played_at, game_id, player_id, score [, prior]) with o!TR and returns, per match and player, the games it played, the rating before (after decay) and after, its chance of winning (OpenSkill predict_win among the match''s players), predicted_draw (NULL) and its matches before this one; options as otr_replay''s but as_of';
