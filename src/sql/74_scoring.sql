
---------------------------------------------------------------------------
-- Scoring predictions
-------------------------------------------------------------------------
CREATE TYPE skill.prediction_score AS (
  n bigint, log_loss float8, brier float8, accuracy float8, ece float8,
  calibration_slope float8, calibration_intercept float8);
COMMENT ON TYPE skill.prediction_score IS
  'Scores of probabilistic predictions: count, log-loss, Brier score, accuracy, expected calibration error, and the maximum-likelihood calibration slope and intercept';

CREATE TYPE skill.calibration_bucket AS (bucket int, n bigint, mean_predicted float8, observed float8);
COMMENT ON TYPE skill.calibration_bucket IS
  'One bucket of a reliability diagram: its number (1 = lowest probabilities), count, mean predicted probability and mean outcome';

CREATE FUNCTION skill_internal.prediction_score_step(internal, float8, float8)
RETURNS internal AS 'MODULE_PATHNAME', 'prediction_score_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.prediction_score_step(internal, float8, float8) IS
  'Transition function of skill.prediction_score and skill.calibration_table';
CREATE FUNCTION skill_internal.prediction_score_step(internal, float8, float8, int)
RETURNS internal AS 'MODULE_PATHNAME', 'prediction_score_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.prediction_score_step(internal, float8, float8, int) IS
  'Transition function of skill.prediction_score and skill.calibration_table with buckets';
CREATE FUNCTION skill_internal.prediction_score_combine(internal, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'prediction_score_combine' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.prediction_score_combine(internal, internal) IS
  'Combine function of skill.prediction_score and skill.calibration_table';
CREATE FUNCTION skill_internal.prediction_score_serialize(internal)
RETURNS bytea AS 'MODULE_PATHNAME', 'prediction_score_serialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.prediction_score_serialize(internal) IS
  'Serialize function of skill.prediction_score and skill.calibration_table';
CREATE FUNCTION skill_internal.prediction_score_deserialize(bytea, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'prediction_score_deserialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.prediction_score_deserialize(bytea, internal) IS
  'Deserialize function of skill.prediction_score and skill.calibration_table';
CREATE FUNCTION skill_internal.prediction_score_final(internal)
RETURNS skill.prediction_score AS 'MODULE_PATHNAME', 'prediction_score_final' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.prediction_score_final(internal) IS
  'Final function of skill.prediction_score';
CREATE FUNCTION skill_internal.calibration_table_final(internal)
RETURNS skill.calibration_bucket[] AS 'MODULE_PATHNAME', 'calibration_table_final' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.calibration_table_final(internal) IS
  'Final function of skill.calibration_table';

CREATE AGGREGATE skill.prediction_score(p float8, outcome float8) (
  SFUNC = skill_internal.prediction_score_step, STYPE = internal,
  FINALFUNC = skill_internal.prediction_score_final, COMBINEFUNC = skill_internal.prediction_score_combine,
  SERIALFUNC = skill_internal.prediction_score_serialize, DESERIALFUNC = skill_internal.prediction_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.prediction_score(float8, float8) IS
  'Scores predictions p (the chance one side wins) against outcomes (1 won, 0 lost, 0.5 draw): log-loss, Brier, accuracy, ECE over 10 buckets, calibration slope and intercept; NULL rows skipped';
CREATE AGGREGATE skill.prediction_score(p float8, outcome float8, buckets int) (
  SFUNC = skill_internal.prediction_score_step, STYPE = internal,
  FINALFUNC = skill_internal.prediction_score_final, COMBINEFUNC = skill_internal.prediction_score_combine,
  SERIALFUNC = skill_internal.prediction_score_serialize, DESERIALFUNC = skill_internal.prediction_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.prediction_score(float8, float8, int) IS
  'Scores predictions p against outcomes as skill.prediction_score, with the ECE over the given number of buckets';
CREATE AGGREGATE skill.calibration_table(p float8, outcome float8) (
  SFUNC = skill_internal.prediction_score_step, STYPE = internal,
  FINALFUNC = skill_internal.calibration_table_final, COMBINEFUNC = skill_internal.prediction_score_combine,
  SERIALFUNC = skill_internal.prediction_score_serialize, DESERIALFUNC = skill_internal.prediction_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.calibration_table(float8, float8) IS
  'The reliability diagram of predictions p against outcomes: skill.calibration_bucket[] over 10 buckets of p';
CREATE AGGREGATE skill.calibration_table(p float8, outcome float8, buckets int) (
  SFUNC = skill_internal.prediction_score_step, STYPE = internal,
  FINALFUNC = skill_internal.calibration_table_final, COMBINEFUNC = skill_internal.prediction_score_combine,
  SERIALFUNC = skill_internal.prediction_score_serialize, DESERIALFUNC = skill_internal.prediction_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.calibration_table(float8, float8, int) IS
  'The reliability diagram of predictions p against outcomes over the given number of buckets of p';

CREATE FUNCTION skill.evaluate(rows text, systems text[], options jsonb DEFAULT NULL)
RETURNS TABLE (system text, n bigint, log_loss float8, brier float8, accuracy float8, ece float8,
               calibration_slope float8, calibration_intercept float8,
               log_loss_diff float8, log_loss_diff_se float8,
               rps float8, draw_rate float8, predicted_draw_rate float8,
               three_way_log_loss float8, three_way_brier float8,
               win_calibration_slope float8, draw_calibration_slope float8)
AS 'MODULE_PATHNAME', 'evaluate'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.evaluate(text, text[], jsonb) IS
  'Replays the rows query with each named system (elo, glicko, glicko2, pl, bt_full, ..., trueskill, or ttt: TrueSkill Through Time''s honest forecasts, each match from the batches before it with the past re-smoothed every resmooth_every time units, 30 by default) and scores its pre-match predictions over the two-team matches; options score_from, score_until, experienced, buckets, objective (binary: the expected score, as prediction_score; three_way: the chances of a win, a draw and a loss, as outcome_score, in log_loss, brier, rps, draw_rate, predicted_draw_rate, three_way_log_loss and three_way_brier, with the calibration slopes of the win chance on the wins and of the draw chance on the draws, and walk-forward refits (refit_every) by the three-way likelihood with the draw model''s parameters; ["binary", "three_way"]: both, log_loss, brier and log_loss_diff the binary ones), and per system its options ({"elo": {"k": 24}}; a system named by the caller gives its family: {"k16": {"family": "elo", "k": 16}}); the rows'' columns forecast_win (the row''s team''s chance of winning) and forecast_draw are scored as the system forecast, first unless systems places it, and a NULL there leaves the match out of every system''s scores; log_loss_diff is the mean per-match log-loss difference from the first system, log_loss_diff_se its paired standard error (NULL for the first system)';
