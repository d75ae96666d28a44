
---------------------------------------------------------------------------
-- Scoring three-way predictions (win, draw, loss)
-------------------------------------------------------------------------
CREATE TYPE skill.outcome_score AS (
  n bigint, log_loss float8, rps float8, brier float8,
  draw_rate float8, predicted_draw_rate float8);
COMMENT ON TYPE skill.outcome_score IS
  'Scores of three-way predictions: count, mean log-loss (-ln of the chance of what happened), ranked probability score, three-class Brier score, observed draw rate and mean predicted draw chance';

CREATE FUNCTION skill_internal.outcome_score_step(internal, float8, float8, float8)
RETURNS internal AS 'MODULE_PATHNAME', 'outcome_score_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.outcome_score_step(internal, float8, float8, float8) IS
  'Transition function of skill.outcome_score';
CREATE FUNCTION skill_internal.outcome_score_combine(internal, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'outcome_score_combine' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.outcome_score_combine(internal, internal) IS
  'Combine function of skill.outcome_score';
CREATE FUNCTION skill_internal.outcome_score_serialize(internal)
RETURNS bytea AS 'MODULE_PATHNAME', 'outcome_score_serialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.outcome_score_serialize(internal) IS
  'Serialize function of skill.outcome_score';
CREATE FUNCTION skill_internal.outcome_score_deserialize(bytea, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'outcome_score_deserialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.outcome_score_deserialize(bytea, internal) IS
  'Deserialize function of skill.outcome_score';
CREATE FUNCTION skill_internal.outcome_score_final(internal)
RETURNS skill.outcome_score AS 'MODULE_PATHNAME', 'outcome_score_final' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.outcome_score_final(internal) IS
  'Final function of skill.outcome_score';

CREATE AGGREGATE skill.outcome_score(p_win float8, p_draw float8, outcome float8) (
  SFUNC = skill_internal.outcome_score_step, STYPE = internal,
  FINALFUNC = skill_internal.outcome_score_final, COMBINEFUNC = skill_internal.outcome_score_combine,
  SERIALFUNC = skill_internal.outcome_score_serialize, DESERIALFUNC = skill_internal.outcome_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.outcome_score(float8, float8, float8) IS
  'Scores three-way predictions (p_win, p_draw; the loss chance is the rest) against outcomes (1 won, 0.5 drew, 0 lost): log-loss, ranked probability score, Brier, observed and predicted draw rates; p_win + p_draw above 1 is an error; rows with a NULL skipped';
