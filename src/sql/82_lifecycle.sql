
---------------------------------------------------------------------------
-- Player lifecycle at read time: inactivity, seasons, divisions
-------------------------------------------------------------------------
CREATE FUNCTION skill.rating_decay(r skill.rating, idle interval, sigma_per_day float8,
                                   max_sigma float8 DEFAULT 8.333333333333334)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'rating_decay'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.rating_decay(skill.rating, interval, float8, float8) IS
  'Inactivity: sigma'' = max(sigma, min(max_sigma, sqrt(sigma^2 + days * sigma_per_day^2))), days = extract(epoch from idle) / 86400; mu unchanged';

CREATE FUNCTION skill.elo_decay(rating float8, idle interval, grace interval, per_week float8, floor float8)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_decay'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_decay(float8, interval, interval, float8, float8) IS
  'Inactivity for Elo: per_week points for each full week idle past the grace period, never below floor (a rating already below it stays)';

CREATE FUNCTION skill.season_reset(r skill.rating, keep float8 DEFAULT 0.5, mu0 float8 DEFAULT 25,
                                   sigma0 float8 DEFAULT 8.333333333333334)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'season_reset_rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.season_reset(skill.rating, float8, float8, float8) IS
  'Season soft reset: mu'' = mu0 + keep (mu - mu0), sigma'' = sqrt(keep^2 sigma^2 + (1 - keep^2) sigma0^2)';

CREATE FUNCTION skill.season_reset(g skill.glicko, keep float8 DEFAULT 0.5, rating0 float8 DEFAULT 1500,
                                   rd0 float8 DEFAULT 350)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'season_reset_glicko'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.season_reset(skill.glicko, float8, float8, float8) IS
  'Season soft reset of a Glicko rating: the same two formulas on rating and RD; volatility unchanged';

CREATE FUNCTION skill.season_reset(rating float8, keep float8 DEFAULT 0.5, rating0 float8 DEFAULT 1500)
RETURNS float8
AS 'MODULE_PATHNAME', 'season_reset_elo'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.season_reset(float8, float8, float8) IS
  'Season soft reset of an Elo rating: rating0 + keep (rating - rating0)';

CREATE FUNCTION skill.division(value float8, thresholds float8[], current int DEFAULT NULL,
                               margin float8 DEFAULT 0)
RETURNS int
AS 'MODULE_PATHNAME', 'division'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.division(float8, float8[], int, float8) IS
  'Division 0 .. n of value over ascending thresholds; with the current division, it stays while lower(c) - margin <= value < upper(c) + margin (hysteresis); NULL value or thresholds give NULL';

CREATE FUNCTION skill.performance_rating(opponents float8[], scores float8[], prior_mean float8 DEFAULT 1500,
                                         prior_sd float8 DEFAULT 350, scale float8 DEFAULT 400)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'performance_rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.performance_rating(float8[], float8[], float8, float8, float8) IS
  'Placement: the maximum a posteriori rating of a player from its first games against rated opponents (scores 1 / 0.5 / 0, logistic with scale), under a normal prior; returned as (rating, standard error)';

CREATE FUNCTION skill.calibration_search(results float8[], matches int DEFAULT 10, low float8 DEFAULT 0,
                                         high float8 DEFAULT 3000, shrink float8 DEFAULT 0.7,
                                         OUT next_rating float8, OUT next_step float8, OUT played int,
                                         OUT placed bool)
AS 'MODULE_PATHNAME', 'calibration_search'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.calibration_search(float8[], int, float8, float8, float8) IS
  'Placement by calibration: from the middle of [low, high], each result (1 win, 0.5 draw, 0 loss) moves by a step that starts at (high - low)/4 and shrinks by shrink per match; returns the rating to look for opponents at next, the next step, the matches played, and whether the player is placed (next_rating is then the placement)';

CREATE TYPE skill.placement_model AS (intercept float8, coefficients float8[], residual_sd float8, n bigint, r2 float8);
COMMENT ON TYPE skill.placement_model IS
  'A least-squares placement model: intercept, one coefficient per feature, residual standard deviation, rows fitted, R^2';

CREATE FUNCTION skill_internal.placement_fit_step(internal, float8[], float8)
RETURNS internal AS 'MODULE_PATHNAME', 'placement_fit_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.placement_fit_step(internal, float8[], float8) IS 'Transition function of skill.placement_fit';
CREATE FUNCTION skill_internal.placement_fit_step(internal, float8[], float8, float8)
RETURNS internal AS 'MODULE_PATHNAME', 'placement_fit_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.placement_fit_step(internal, float8[], float8, float8) IS 'Transition function of skill.placement_fit with a ridge';
CREATE FUNCTION skill_internal.placement_fit_combine(internal, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'placement_fit_combine' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.placement_fit_combine(internal, internal) IS 'Combine function of skill.placement_fit';
CREATE FUNCTION skill_internal.placement_fit_serialize(internal)
RETURNS bytea AS 'MODULE_PATHNAME', 'placement_fit_serialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.placement_fit_serialize(internal) IS 'Serialize function of skill.placement_fit';
CREATE FUNCTION skill_internal.placement_fit_deserialize(bytea, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'placement_fit_deserialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.placement_fit_deserialize(bytea, internal) IS 'Deserialize function of skill.placement_fit';
CREATE FUNCTION skill_internal.placement_fit_final(internal)
RETURNS skill.placement_model AS 'MODULE_PATHNAME', 'placement_fit_final' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.placement_fit_final(internal) IS 'Final function of skill.placement_fit';

CREATE AGGREGATE skill.placement_fit(features float8[], target float8) (
  SFUNC = skill_internal.placement_fit_step, STYPE = internal, FINALFUNC = skill_internal.placement_fit_final,
  COMBINEFUNC = skill_internal.placement_fit_combine, SERIALFUNC = skill_internal.placement_fit_serialize,
  DESERIALFUNC = skill_internal.placement_fit_deserialize, PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.placement_fit(float8[], float8) IS
  'Placement by regression: least squares of target on features (an unpenalised intercept), one pass, parallel; rows with a NULL are skipped';
CREATE AGGREGATE skill.placement_fit(features float8[], target float8, ridge float8) (
  SFUNC = skill_internal.placement_fit_step, STYPE = internal, FINALFUNC = skill_internal.placement_fit_final,
  COMBINEFUNC = skill_internal.placement_fit_combine, SERIALFUNC = skill_internal.placement_fit_serialize,
  DESERIALFUNC = skill_internal.placement_fit_deserialize, PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.placement_fit(float8[], float8, float8) IS
  'Placement by regression with a ridge penalty on the coefficients (not the intercept)';

CREATE FUNCTION skill.placement_predict(m skill.placement_model, features float8[])
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'placement_predict'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.placement_predict(skill.placement_model, float8[]) IS
  'A placement model applied to a new player''s features: (prediction, residual_sd) as a skill.rating';
