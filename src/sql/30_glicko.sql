
---------------------------------------------------------------------------
-- Glicko-1 and Glicko-2
---------------------------------------------------------------------------

CREATE FUNCTION skill.glicko_update(player skill.glicko, opponents skill.glicko[], scores float8[])
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'glicko_update'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_update(skill.glicko, skill.glicko[], float8[]) IS
  'Glicko-1 rating period (Glickman step 2): new rating and RD after the games; empty arrays leave the player unchanged; vol passes through';

CREATE FUNCTION skill.glicko_decay(player skill.glicko, periods float8, c float8, rd_max float8 DEFAULT 350)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'glicko_decay'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_decay(skill.glicko, float8, float8, float8) IS
  'Glicko-1 step 1: RD grows with idle periods, RD = min(sqrt(RD^2 + c^2*periods), rd_max)';

CREATE FUNCTION skill.glicko_c(rd_typical float8, periods_to_max float8, rd_max float8 DEFAULT 350)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_c'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_c(float8, float8, float8) IS
  'The Glicko-1 constant c that takes a typical RD back to rd_max in periods_to_max idle periods';

CREATE FUNCTION skill.glicko_expected(player skill.glicko, opponent skill.glicko)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_expected'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_expected(skill.glicko, skill.glicko) IS
  'Glicko-1 expected score E = 1/(1 + 10^(-g(RD_opponent)*(r - r_opponent)/400)), as in the update (the chance of winning, with both RDs, is skill.glicko_predict_win)';

CREATE FUNCTION skill.glicko_predict_win(player skill.glicko, opponent skill.glicko,
                                         draw_model text DEFAULT 'none', draw_margin float8 DEFAULT NULL,
                                         draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_win'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_predict_win(skill.glicko, skill.glicko, text, float8, float8) IS
  'Glicko: the chance player beats opponent, both ratings uncertain (Glickman 1999); draw_model ''none'': 1/(1 + 10^(-g(sqrt(RD^2 + RD_opponent^2))*(r - r_opponent)/400)), as the histories predict; ''threshold'' (draw_margin) or ''davidson'' (draw_nu): the chance of winning outright at z = ln(10)*g*(r - r_opponent)/400';

CREATE FUNCTION skill.glicko_predict_draw(player skill.glicko, opponent skill.glicko,
                                          draw_model text DEFAULT 'threshold', draw_margin float8 DEFAULT NULL,
                                          draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_draw'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_predict_draw(skill.glicko, skill.glicko, text, float8, float8) IS
  'Glicko: the chance player and opponent draw at z = ln(10)*g(sqrt(RD^2 + RD_opponent^2))*(r - r_opponent)/400, by draw_model ''threshold'' (draw_margin) or ''davidson'' (draw_nu); the model''s parameter has no default';

CREATE FUNCTION skill.glicko2_update(player skill.glicko, opponents skill.glicko[], scores float8[],
                                     tau float8 DEFAULT 0.5, epsilon float8 DEFAULT 0.000001)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'glicko2_update'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_update(skill.glicko, skill.glicko[], float8[], float8, float8) IS
  'Glicko-2 rating period (Glickman 2013, Illinois iteration to epsilon); empty arrays are an inactive period where only RD grows';

CREATE FUNCTION skill.glicko2_expected(player skill.glicko, opponent skill.glicko)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko2_expected'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_expected(skill.glicko, skill.glicko) IS
  'Glicko-2 expected score 1/(1 + exp(-g(phi_opponent)*(mu - mu_opponent))) on the Glicko-2 scale, as in the update (the chance of winning is skill.glicko2_predict_win)';

CREATE FUNCTION skill.glicko2_predict_win(player skill.glicko, opponent skill.glicko,
                                          draw_model text DEFAULT 'none', draw_margin float8 DEFAULT NULL,
                                          draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_win'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_predict_win(skill.glicko, skill.glicko, text, float8, float8) IS
  'Glicko-2: the chance player beats opponent, 1/(1 + exp(-g(sqrt(phi^2 + phi_opponent^2))*(mu - mu_opponent))), equal to skill.glicko_predict_win on the stored Glicko-1 scale (draw models as there); vol is not used';

CREATE FUNCTION skill.glicko2_predict_draw(player skill.glicko, opponent skill.glicko,
                                           draw_model text DEFAULT 'threshold', draw_margin float8 DEFAULT NULL,
                                           draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_draw'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_predict_draw(skill.glicko, skill.glicko, text, float8, float8) IS
  'Glicko-2: the chance player and opponent draw at z = g(sqrt(phi^2 + phi_opponent^2))*(mu - mu_opponent), equal to skill.glicko_predict_draw on the stored Glicko-1 scale; vol is not used';
