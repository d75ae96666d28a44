
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
  'Glicko-1 expected score E = 1/(1 + 10^(-g(RD_opponent)*(r - r_opponent)/400)) of the update: the player''s own RD is not used, so it is not the chance of winning, which is skill.glicko_predict_win (both RDs; equal when the player''s RD is 0)';

CREATE FUNCTION skill.glicko_predict_win(player skill.glicko, opponent skill.glicko,
                                         draw_model text DEFAULT 'none', draw_margin float8 DEFAULT NULL,
                                         draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_win'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_predict_win(skill.glicko, skill.glicko, text, float8, float8) IS
  'Glicko: the chance player beats opponent, both ratings uncertain (Glickman 1999; skill.glicko_expected, the update''s E, counts only the opponent''s RD); draw_model ''none'': 1/(1 + 10^(-g(sqrt(RD^2 + RD_opponent^2))*(r - r_opponent)/400)), as the histories predict; ''threshold'' (draw_margin) or ''davidson'' (draw_nu): the chance of winning outright at z = ln(10)*g*(r - r_opponent)/400';

CREATE FUNCTION skill.glicko_predict_draw(player skill.glicko, opponent skill.glicko,
                                          draw_model text DEFAULT 'threshold', draw_margin float8 DEFAULT NULL,
                                          draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_draw'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_predict_draw(skill.glicko, skill.glicko, text, float8, float8) IS
  'Glicko: the chance player and opponent draw at z = ln(10)*g(sqrt(RD^2 + RD_opponent^2))*(r - r_opponent)/400, by draw_model ''threshold'' (draw_margin) or ''davidson'' (draw_nu); the model''s parameter has no default';

-- The teams forms: a match's teams, every pair of players on different
-- teams a game, as glicko_history and glicko2_history predict.
CREATE FUNCTION skill.glicko_predict_win(team_ratings skill.glicko[], draw_model text DEFAULT 'none',
                                         draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'glicko_predict_win_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_predict_win(skill.glicko[], text, float8, float8) IS
  'Glicko: each team''s chance of winning, in team order (team_ratings: one team per row, NULL-padded, or 1-D for one player per team): its players'' mean chance (both RDs) against every player of the other teams, normalised to sum to 1, as glicko_history predicts; with a draw model (two teams) the chances of winning outright at z = logit of the first team''s chance';

CREATE FUNCTION skill.glicko_predict_draw(team_ratings skill.glicko[], draw_model text DEFAULT 'threshold',
                                          draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_draw_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_predict_draw(skill.glicko[], text, float8, float8) IS
  'Glicko: the chance two teams draw, by draw_model ''threshold'' (draw_margin) or ''davidson'' (draw_nu) at z = logit of the first team''s chance from skill.glicko_predict_win(team_ratings)';

CREATE FUNCTION skill.glicko2_update(player skill.glicko, opponents skill.glicko[], scores float8[],
                                     tau float8 DEFAULT 0.5, epsilon float8 DEFAULT 0.000001)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'glicko2_update'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_update(skill.glicko, skill.glicko[], float8[], float8, float8) IS
  'Glicko-2 rating period (Glickman 2013, Illinois iteration to epsilon); empty arrays are an inactive period where only RD grows';

CREATE FUNCTION skill.glicko2_decay(player skill.glicko, periods float8)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'glicko2_decay'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_decay(skill.glicko, float8) IS
  'Glicko-2 RD growth over idle periods (step 6 for a player who did not compete): phi = sqrt(phi^2 + periods*vol^2) on the Glicko-2 scale, as the replays grow an idle player''s RD; rating and vol unchanged';

CREATE FUNCTION skill.glicko2_expected(player skill.glicko, opponent skill.glicko)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko2_expected'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_expected(skill.glicko, skill.glicko) IS
  'Glicko-2 expected score 1/(1 + exp(-g(phi_opponent)*(mu - mu_opponent))) on the Glicko-2 scale, of the update: the player''s own phi is not used, so it is not the chance of winning, which is skill.glicko2_predict_win (both RDs; equal when the player''s RD is 0)';

CREATE FUNCTION skill.glicko2_predict_win(player skill.glicko, opponent skill.glicko,
                                          draw_model text DEFAULT 'none', draw_margin float8 DEFAULT NULL,
                                          draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_win'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_predict_win(skill.glicko, skill.glicko, text, float8, float8) IS
  'Glicko-2: the chance player beats opponent, 1/(1 + exp(-g(sqrt(phi^2 + phi_opponent^2))*(mu - mu_opponent))) (skill.glicko2_expected, the update''s E, counts only phi_opponent), equal to skill.glicko_predict_win on the stored Glicko-1 scale (draw models as there); vol is not used';

CREATE FUNCTION skill.glicko2_predict_draw(player skill.glicko, opponent skill.glicko,
                                           draw_model text DEFAULT 'threshold', draw_margin float8 DEFAULT NULL,
                                           draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_draw'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_predict_draw(skill.glicko, skill.glicko, text, float8, float8) IS
  'Glicko-2: the chance player and opponent draw at z = g(sqrt(phi^2 + phi_opponent^2))*(mu - mu_opponent), equal to skill.glicko_predict_draw on the stored Glicko-1 scale; vol is not used';

CREATE FUNCTION skill.glicko2_predict_win(team_ratings skill.glicko[], draw_model text DEFAULT 'none',
                                          draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'glicko_predict_win_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_predict_win(skill.glicko[], text, float8, float8) IS
  'Glicko-2: each team''s chance of winning, in team order, as glicko2_history predicts; equal to skill.glicko_predict_win(team_ratings) on the stored Glicko-1 scale (draw models as there); vol is not used';

CREATE FUNCTION skill.glicko2_predict_draw(team_ratings skill.glicko[], draw_model text DEFAULT 'threshold',
                                           draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_draw_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_predict_draw(skill.glicko[], text, float8, float8) IS
  'Glicko-2: the chance two teams draw, equal to skill.glicko_predict_draw(team_ratings) on the stored Glicko-1 scale; vol is not used';
