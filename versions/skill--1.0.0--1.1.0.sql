-- skill 1.0.0 -> 1.1.0.  ALTER EXTENSION skill UPDATE brings a 1.0.0 install
-- (and a 0.1.0 one, through 1.0.0) to exactly the objects of a fresh 1.1.0
-- install (sql/upgrade.sql checks it, object by object, and the schema's
-- privileges).
--
-- Generated: scripts/gen_upgrade.py writes versions/skill--1.0.0--1.1.0.sql
-- from this template and the 1.1.0 install script, whose statements go at
-- the marker below: routines as CREATE OR REPLACE (replaced in place, so
-- your views, defaults and indexes that call them survive), new types and
-- comments as they are.  Edit this template, never the generated file.

\echo Use "ALTER EXTENSION skill UPDATE TO '1.1.0'" to load this file. \quit

-- USAGE on schema skill for PUBLIC, as a fresh install grants it.  0.1.0's
-- script granted nothing and its update to 1.0.0 did not either, so a
-- database that began at 0.1.0 gets the grant here.  A schema whose
-- privileges have been set (an administrator's REVOKE USAGE ON SCHEMA
-- skill FROM PUBLIC leaves an ACL, never NULL) keeps them.
DO $grant_usage$
BEGIN
  IF (SELECT n.nspacl IS NULL FROM pg_catalog.pg_namespace n
      WHERE n.nspname OPERATOR(pg_catalog.=) 'skill') THEN
    GRANT USAGE ON SCHEMA skill TO PUBLIC;
  END IF;
END
$grant_usage$;

-- The OpenSkill *_predict_draw functions take link as *_predict_win do: a
-- trailing argument, so the 1.0.0 forms are dropped and created anew (an
-- overload beside them would make every call without link ambiguous).
DROP FUNCTION skill.pl_predict_draw(skill.rating[], float8, float8, bool);
DROP FUNCTION skill.pl_predict_draw(skill.rating, skill.rating, float8, float8, bool);
DROP FUNCTION skill.bt_full_predict_draw(skill.rating[], float8, float8, bool);
DROP FUNCTION skill.bt_full_predict_draw(skill.rating, skill.rating, float8, float8, bool);
DROP FUNCTION skill.bt_part_predict_draw(skill.rating[], float8, float8, bool);
DROP FUNCTION skill.bt_part_predict_draw(skill.rating, skill.rating, float8, float8, bool);
DROP FUNCTION skill.tm_full_predict_draw(skill.rating[], float8, float8, bool);
DROP FUNCTION skill.tm_full_predict_draw(skill.rating, skill.rating, float8, float8, bool);
DROP FUNCTION skill.tm_part_predict_draw(skill.rating[], float8, float8, bool);
DROP FUNCTION skill.tm_part_predict_draw(skill.rating, skill.rating, float8, float8, bool);

-- skill.evaluate gained result columns (three_way_log_loss, three_way_brier,
-- win_calibration_slope, draw_calibration_slope): a result type is not
-- replaced in place, so the function is dropped and created again.
DROP FUNCTION skill.evaluate(text, text[], jsonb);

-- rate_match takes three more arguments, match_weight, season and
-- last_seasons, defaulted and last (1.0.0's calls stay as they were).  An
-- overload beside the old one would make those calls ambiguous, so the
-- old signature goes first; the new one is created below.
DROP FUNCTION skill.rate_match(text, bigint, timestamptz, bigint[], int[], float8[], anyarray, int[], timestamptz[], float8[], jsonb, float8[], boolean[]);

---------------------------------------------------------------------------
-- Versions
---------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION skill.version(OUT library text, OUT installed text)
RETURNS record
AS 'MODULE_PATHNAME', 'skill_version'
LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.version() IS
  'The version of the loaded library and of the SQL installed in this database (extversion); they differ between installing a new build and ALTER EXTENSION skill UPDATE, when each backend warns once';
COMMENT ON TYPE skill.rating_value IS
  'The unchecked composite under the domain skill.rating; use skill.rating';

CREATE OR REPLACE FUNCTION skill.rating_check(skill.rating_value)
RETURNS boolean
AS 'MODULE_PATHNAME', 'rating_check'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.rating_check(skill.rating_value) IS
  'The CHECK of the domain skill.rating: true for finite mu and finite sigma > 0, an error naming the field otherwise';
COMMENT ON DOMAIN skill.rating IS
  'A Gaussian skill belief (TrueSkill, OpenSkill): mean mu and standard deviation sigma; finite mu, finite sigma > 0';
COMMENT ON TYPE skill.glicko_value IS
  'The unchecked composite under the domain skill.glicko; use skill.glicko';

CREATE OR REPLACE FUNCTION skill.glicko_check(skill.glicko_value)
RETURNS boolean
AS 'MODULE_PATHNAME', 'glicko_check'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_check(skill.glicko_value) IS
  'The CHECK of the domain skill.glicko: true for finite rating, finite rd >= 0, vol NULL or finite > 0; an error naming the field otherwise';
COMMENT ON DOMAIN skill.glicko IS
  'A Glicko-1/2 rating: rating, rating deviation rd, and volatility vol (Glicko-2 only); finite rating, rd >= 0 (0: known exactly), vol NULL or > 0';

CREATE OR REPLACE FUNCTION skill.rating(mu float8 DEFAULT 25, sigma float8 DEFAULT 8.333333333333334)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.rating(float8, float8) IS
  'Builds a checked skill.rating (finite mu, sigma > 0); defaults are the TrueSkill/OpenSkill prior 25, 25/3';

CREATE OR REPLACE FUNCTION skill.glicko(rating float8 DEFAULT 1500, rd float8 DEFAULT 350, vol float8 DEFAULT 0.06)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'glicko'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko(float8, float8, float8) IS
  'Builds a checked skill.glicko (finite rating, rd > 0, vol NULL or > 0); defaults 1500, 350, 0.06; NULL rating or rd gives NULL';

CREATE OR REPLACE FUNCTION skill.ordinal(r skill.rating, z float8 DEFAULT 3, alpha float8 DEFAULT 1, target float8 DEFAULT 0)
RETURNS float8
AS 'MODULE_PATHNAME', 'ordinal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.ordinal(skill.rating, float8, float8, float8) IS
  'Conservative skill estimate alpha*((mu - z*sigma) + target/alpha); with the defaults mu - 3*sigma';

---------------------------------------------------------------------------
-- Elo
---------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION skill.elo_expected(rating_a float8, rating_b float8, scale float8 DEFAULT 400)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_expected'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_expected(float8, float8, float8) IS
  'Deprecated alias of skill.elo_predict_win (same values; removed in 2.0): logistic Elo expected score of A against B';

CREATE OR REPLACE FUNCTION skill.elo_predict_win(rating_a float8, rating_b float8, scale float8 DEFAULT 400,
                                      draw_model text DEFAULT 'none', draw_margin float8 DEFAULT NULL,
                                      draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_predict_win'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_predict_win(float8, float8, float8, text, float8, float8) IS
  'Logistic Elo: the chance of A against B; draw_model ''none'': the expected score 1/(1 + 10^((rating_b - rating_a)/scale)); ''threshold'' (draw_margin) or ''davidson'' (draw_nu): the chance A wins outright at z = ln(10)*(rating_a - rating_b)/scale';

CREATE OR REPLACE FUNCTION skill.elo_predict_draw(rating_a float8, rating_b float8, scale float8 DEFAULT 400,
                                       draw_model text DEFAULT 'threshold', draw_margin float8 DEFAULT NULL,
                                       draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_predict_draw'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_predict_draw(float8, float8, float8, text, float8, float8) IS
  'Logistic Elo: the chance A and B draw at z = ln(10)*(rating_a - rating_b)/scale, by draw_model ''threshold'' (1 - F(z - draw_margin) - F(-z - draw_margin)) or ''davidson'' (draw_nu/(e^(z/2) + e^(-z/2) + draw_nu)); the model''s parameter has no default';

-- The teams forms: a match's teams, every pair of players on different
-- teams a game, as elo_history predicts.
CREATE OR REPLACE FUNCTION skill.elo_predict_win(team_ratings float8[], scale float8 DEFAULT 400,
                                      draw_model text DEFAULT 'none', draw_margin float8 DEFAULT NULL,
                                      draw_nu float8 DEFAULT NULL)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'elo_predict_win_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_predict_win(float8[], float8, text, float8, float8) IS
  'Logistic Elo: each team''s chance of winning, in team order (team_ratings: one team per row, NULL-padded, or 1-D for one player per team): its players'' mean expected score against every player of the other teams, normalised to sum to 1, as elo_history predicts; with a draw model (two teams) the chances of winning outright at z = logit of the first team''s chance';

CREATE OR REPLACE FUNCTION skill.elo_predict_draw(team_ratings float8[], scale float8 DEFAULT 400,
                                       draw_model text DEFAULT 'threshold', draw_margin float8 DEFAULT NULL,
                                       draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_predict_draw_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_predict_draw(float8[], float8, text, float8, float8) IS
  'Logistic Elo: the chance two teams draw, by draw_model ''threshold'' (draw_margin) or ''davidson'' (draw_nu) at z = logit of the first team''s chance from skill.elo_predict_win(team_ratings, scale)';

CREATE OR REPLACE FUNCTION skill.elo_update(rating float8, opponent float8, score float8,
                                 k float8 DEFAULT 32, scale float8 DEFAULT 400)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_update'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_update(float8, float8, float8, float8, float8) IS
  'Elo rating after one game: rating + k*(score - expected); score is 1, 0.5 or 0';

CREATE OR REPLACE FUNCTION skill.elo_update(rating float8, opponents float8[], scores float8[],
                                 k float8 DEFAULT 32, scale float8 DEFAULT 400)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_update_period'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_update(float8, float8[], float8[], float8, float8) IS
  'Elo rating after one rating period: rating + k*(sum of scores - sum of expected scores)';

CREATE OR REPLACE FUNCTION skill.elo_expected_normal(rating_a float8, rating_b float8, s float8 DEFAULT 200)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_expected_normal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_expected_normal(float8, float8, float8) IS
  'Deprecated alias of skill.elo_normal_predict_win (same values; removed in 2.0): Gaussian Elo expected score of A against B';

CREATE OR REPLACE FUNCTION skill.elo_normal_predict_win(rating_a float8, rating_b float8, s float8 DEFAULT 200)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_expected_normal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_normal_predict_win(float8, float8, float8) IS
  'Gaussian Elo: performances ~ N(rating, s^2), the chance A beats B = Phi((rating_a - rating_b)/(sqrt(2)*s))';

CREATE OR REPLACE FUNCTION skill.elo_normal_predict_win(team_ratings float8[], s float8 DEFAULT 200)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'elo_normal_predict_win_teams'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_normal_predict_win(float8[], float8) IS
  'Gaussian Elo: each team''s chance of winning, in team order (team_ratings: one team per row, NULL-padded, or 1-D for one player per team): its players'' mean chance against every player of the other teams, normalised to sum to 1';

CREATE OR REPLACE FUNCTION skill.elo_normal_update(rating float8, opponent float8, score float8,
                                        k float8 DEFAULT 32, s float8 DEFAULT 200)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_update_normal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_normal_update(float8, float8, float8, float8, float8) IS
  'Gaussian Elo rating after one game: rating + k*(score - elo_normal_predict_win(rating, opponent, s)); score is 1, 0.5 or 0';

CREATE OR REPLACE FUNCTION skill.elo_update_normal(rating float8, opponent float8, score float8,
                                        k float8 DEFAULT 32, s float8 DEFAULT 200)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_update_normal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_update_normal(float8, float8, float8, float8, float8) IS
  'Deprecated alias of skill.elo_normal_update (same values; removed in 2.0): Elo rating after one game with the Gaussian expected score';

CREATE OR REPLACE FUNCTION skill.elo_k_factor(rating float8, games_played int, thresholds float8[], ks float8[],
                                   provisional_games int DEFAULT 0, provisional_k float8 DEFAULT 40)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_k_factor'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_k_factor(float8, int, float8[], float8[], int, float8) IS
  'K by bracket: ks[i] below thresholds[i], the last ks from the last threshold up; provisional_k while games_played < provisional_games. FIDE: elo_k_factor(r, n, ''{2400}'', ''{20,10}'', 30, 40)';

CREATE OR REPLACE FUNCTION skill.elo_rate(ratings float8[], ranks float8[], k float8 DEFAULT 32, scale float8 DEFAULT 400)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'elo_rate'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_rate(float8[], float8[], float8, float8) IS
  'Multiplayer Elo: every pair is a game scored by rank (lower wins, equal draws); each change is k/(n-1) times the summed surplus';

---------------------------------------------------------------------------
-- Glicko-1 and Glicko-2
---------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION skill.glicko_update(player skill.glicko, opponents skill.glicko[], scores float8[])
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'glicko_update'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_update(skill.glicko, skill.glicko[], float8[]) IS
  'Glicko-1 rating period (Glickman step 2): new rating and RD after the games; empty arrays leave the player unchanged; vol passes through';

CREATE OR REPLACE FUNCTION skill.glicko_decay(player skill.glicko, periods float8, c float8, rd_max float8 DEFAULT 350)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'glicko_decay'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_decay(skill.glicko, float8, float8, float8) IS
  'Glicko-1 step 1: RD grows with idle periods, RD = min(sqrt(RD^2 + c^2*periods), rd_max)';

CREATE OR REPLACE FUNCTION skill.glicko_c(rd_typical float8, periods_to_max float8, rd_max float8 DEFAULT 350)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_c'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_c(float8, float8, float8) IS
  'The Glicko-1 constant c that takes a typical RD back to rd_max in periods_to_max idle periods';

CREATE OR REPLACE FUNCTION skill.glicko_expected(player skill.glicko, opponent skill.glicko)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_expected'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_expected(skill.glicko, skill.glicko) IS
  'Glicko-1 expected score E = 1/(1 + 10^(-g(RD_opponent)*(r - r_opponent)/400)) of the update: the player''s own RD is not used, so it is not the chance of winning, which is skill.glicko_predict_win (both RDs; equal when the player''s RD is 0)';

CREATE OR REPLACE FUNCTION skill.glicko_predict_win(player skill.glicko, opponent skill.glicko,
                                         draw_model text DEFAULT 'none', draw_margin float8 DEFAULT NULL,
                                         draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_win'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_predict_win(skill.glicko, skill.glicko, text, float8, float8) IS
  'Glicko: the chance player beats opponent, both ratings uncertain (Glickman 1999; skill.glicko_expected, the update''s E, counts only the opponent''s RD); draw_model ''none'': 1/(1 + 10^(-g(sqrt(RD^2 + RD_opponent^2))*(r - r_opponent)/400)), as the histories predict; ''threshold'' (draw_margin) or ''davidson'' (draw_nu): the chance of winning outright at z = ln(10)*g*(r - r_opponent)/400';

CREATE OR REPLACE FUNCTION skill.glicko_predict_draw(player skill.glicko, opponent skill.glicko,
                                          draw_model text DEFAULT 'threshold', draw_margin float8 DEFAULT NULL,
                                          draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_draw'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_predict_draw(skill.glicko, skill.glicko, text, float8, float8) IS
  'Glicko: the chance player and opponent draw at z = ln(10)*g(sqrt(RD^2 + RD_opponent^2))*(r - r_opponent)/400, by draw_model ''threshold'' (draw_margin) or ''davidson'' (draw_nu); the model''s parameter has no default';

-- The teams forms: a match's teams, every pair of players on different
-- teams a game, as glicko_history and glicko2_history predict.
CREATE OR REPLACE FUNCTION skill.glicko_predict_win(team_ratings skill.glicko[], draw_model text DEFAULT 'none',
                                         draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'glicko_predict_win_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_predict_win(skill.glicko[], text, float8, float8) IS
  'Glicko: each team''s chance of winning, in team order (team_ratings: one team per row, NULL-padded, or 1-D for one player per team): its players'' mean chance (both RDs) against every player of the other teams, normalised to sum to 1, as glicko_history predicts; with a draw model (two teams) the chances of winning outright at z = logit of the first team''s chance';

CREATE OR REPLACE FUNCTION skill.glicko_predict_draw(team_ratings skill.glicko[], draw_model text DEFAULT 'threshold',
                                          draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_draw_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_predict_draw(skill.glicko[], text, float8, float8) IS
  'Glicko: the chance two teams draw, by draw_model ''threshold'' (draw_margin) or ''davidson'' (draw_nu) at z = logit of the first team''s chance from skill.glicko_predict_win(team_ratings)';

CREATE OR REPLACE FUNCTION skill.glicko2_update(player skill.glicko, opponents skill.glicko[], scores float8[],
                                     tau float8 DEFAULT 0.5, epsilon float8 DEFAULT 0.000001)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'glicko2_update'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_update(skill.glicko, skill.glicko[], float8[], float8, float8) IS
  'Glicko-2 rating period (Glickman 2013, Illinois iteration to epsilon); empty arrays are an inactive period where only RD grows';

CREATE OR REPLACE FUNCTION skill.glicko2_decay(player skill.glicko, periods float8)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'glicko2_decay'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_decay(skill.glicko, float8) IS
  'Glicko-2 RD growth over idle periods (step 6 for a player who did not compete): phi = sqrt(phi^2 + periods*vol^2) on the Glicko-2 scale, as the replays grow an idle player''s RD; rating and vol unchanged';

CREATE OR REPLACE FUNCTION skill.glicko2_expected(player skill.glicko, opponent skill.glicko)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko2_expected'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_expected(skill.glicko, skill.glicko) IS
  'Glicko-2 expected score 1/(1 + exp(-g(phi_opponent)*(mu - mu_opponent))) on the Glicko-2 scale, of the update: the player''s own phi is not used, so it is not the chance of winning, which is skill.glicko2_predict_win (both RDs; equal when the player''s RD is 0)';

CREATE OR REPLACE FUNCTION skill.glicko2_predict_win(player skill.glicko, opponent skill.glicko,
                                          draw_model text DEFAULT 'none', draw_margin float8 DEFAULT NULL,
                                          draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_win'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_predict_win(skill.glicko, skill.glicko, text, float8, float8) IS
  'Glicko-2: the chance player beats opponent, 1/(1 + exp(-g(sqrt(phi^2 + phi_opponent^2))*(mu - mu_opponent))) (skill.glicko2_expected, the update''s E, counts only phi_opponent), equal to skill.glicko_predict_win on the stored Glicko-1 scale (draw models as there); vol is not used';

CREATE OR REPLACE FUNCTION skill.glicko2_predict_draw(player skill.glicko, opponent skill.glicko,
                                           draw_model text DEFAULT 'threshold', draw_margin float8 DEFAULT NULL,
                                           draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_draw'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_predict_draw(skill.glicko, skill.glicko, text, float8, float8) IS
  'Glicko-2: the chance player and opponent draw at z = g(sqrt(phi^2 + phi_opponent^2))*(mu - mu_opponent), equal to skill.glicko_predict_draw on the stored Glicko-1 scale; vol is not used';

CREATE OR REPLACE FUNCTION skill.glicko2_predict_win(team_ratings skill.glicko[], draw_model text DEFAULT 'none',
                                          draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'glicko_predict_win_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_predict_win(skill.glicko[], text, float8, float8) IS
  'Glicko-2: each team''s chance of winning, in team order, as glicko2_history predicts; equal to skill.glicko_predict_win(team_ratings) on the stored Glicko-1 scale (draw models as there); vol is not used';

CREATE OR REPLACE FUNCTION skill.glicko2_predict_draw(team_ratings skill.glicko[], draw_model text DEFAULT 'threshold',
                                           draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_draw_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_predict_draw(skill.glicko[], text, float8, float8) IS
  'Glicko-2: the chance two teams draw, equal to skill.glicko_predict_draw(team_ratings) on the stored Glicko-1 scale; vol is not used';

---------------------------------------------------------------------------
-- OpenSkill (Weng-Lin 2011), matching openskill.py 6.2.0
--
-- team_ratings is a 2-D skill.rating[] (one team per row, shorter teams
-- padded with NULL) or a 1-D array (one player per team); the new ratings
-- come back in the same shape.  The rate functions are not STRICT: ranks,
-- scores, weights and weight_bounds may be NULL (= not given); a NULL
-- team_ratings gives NULL; any other NULL argument is an error.
---------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION skill.pl_rate(team_ratings skill.rating[],
    ranks float8[] DEFAULT NULL, scores float8[] DEFAULT NULL, weights float8[] DEFAULT NULL,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 0.08333333333333333,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}')
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'pl_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[]) IS
  'Weng-Lin Plackett-Luce: new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

CREATE OR REPLACE FUNCTION skill.bt_full_rate(team_ratings skill.rating[],
    ranks float8[] DEFAULT NULL, scores float8[] DEFAULT NULL, weights float8[] DEFAULT NULL,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 0.08333333333333333,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}')
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'bt_full_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[]) IS
  'Weng-Lin Bradley-Terry, every pair of teams compared: new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

CREATE OR REPLACE FUNCTION skill.bt_part_rate(team_ratings skill.rating[],
    ranks float8[] DEFAULT NULL, scores float8[] DEFAULT NULL, weights float8[] DEFAULT NULL,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 0.08333333333333333,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}', window_size int DEFAULT 4)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'bt_part_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[], int) IS
  'Weng-Lin Bradley-Terry, each team compared with the teams within window_size places (averaged): new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

CREATE OR REPLACE FUNCTION skill.tm_full_rate(team_ratings skill.rating[],
    ranks float8[] DEFAULT NULL, scores float8[] DEFAULT NULL, weights float8[] DEFAULT NULL,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 0.08333333333333333,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}', epsilon float8 DEFAULT 0.1)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'tm_full_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[], float8) IS
  'Weng-Lin Thurstone-Mosteller, every pair of teams compared, draw margin epsilon: new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

CREATE OR REPLACE FUNCTION skill.tm_part_rate(team_ratings skill.rating[],
    ranks float8[] DEFAULT NULL, scores float8[] DEFAULT NULL, weights float8[] DEFAULT NULL,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 0.08333333333333333,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}', epsilon float8 DEFAULT 0.1, window_size int DEFAULT 4)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'tm_part_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[], float8, int) IS
  'Weng-Lin Thurstone-Mosteller, each team compared with the teams within window_size places (averaged), draw margin epsilon: new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

-- Predictions: openskill.py computes them the same way for every model, so
-- each model's three names call one C function.

CREATE OR REPLACE FUNCTION skill.pl_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_predict_win(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models); link ''logistic'' or ''normal'' uses that curve in the mu difference over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2) instead';

CREATE OR REPLACE FUNCTION skill.pl_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_predict_draw(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models); link ''logistic'' or ''normal'': the chance that the mu difference falls within openskill''s draw margin on that curve over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2), as pl_predict_win''s link';

CREATE OR REPLACE FUNCTION skill.pl_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.pl_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.bt_full_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_predict_win(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models); link ''logistic'' or ''normal'' uses that curve in the mu difference over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2) instead';

CREATE OR REPLACE FUNCTION skill.bt_full_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_predict_draw(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models); link ''logistic'' or ''normal'': the chance that the mu difference falls within openskill''s draw margin on that curve over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2), as bt_full_predict_win''s link';

CREATE OR REPLACE FUNCTION skill.bt_full_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.bt_full_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.bt_part_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_predict_win(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models); link ''logistic'' or ''normal'' uses that curve in the mu difference over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2) instead';

CREATE OR REPLACE FUNCTION skill.bt_part_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_predict_draw(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models); link ''logistic'' or ''normal'': the chance that the mu difference falls within openskill''s draw margin on that curve over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2), as bt_part_predict_win''s link';

CREATE OR REPLACE FUNCTION skill.bt_part_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.bt_part_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.tm_full_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_predict_win(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models); link ''logistic'' or ''normal'' uses that curve in the mu difference over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2) instead';

CREATE OR REPLACE FUNCTION skill.tm_full_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_predict_draw(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models); link ''logistic'' or ''normal'': the chance that the mu difference falls within openskill''s draw margin on that curve over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2), as tm_full_predict_win''s link';

CREATE OR REPLACE FUNCTION skill.tm_full_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.tm_full_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.tm_part_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_predict_win(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models); link ''logistic'' or ''normal'' uses that curve in the mu difference over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2) instead';

CREATE OR REPLACE FUNCTION skill.tm_part_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_predict_draw(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models); link ''logistic'' or ''normal'': the chance that the mu difference falls within openskill''s draw margin on that curve over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2), as tm_part_predict_win''s link';

CREATE OR REPLACE FUNCTION skill.tm_part_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.tm_part_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

-- The pair forms: a match of two one-player teams (pair_sql.c).
CREATE OR REPLACE FUNCTION skill.pl_predict_win(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_win_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_predict_win(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player beats opponent, skill.pl_predict_win(ARRAY[player, opponent], ...)[1] (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.pl_predict_draw(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_predict_draw(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player and opponent draw, skill.pl_predict_draw(ARRAY[player, opponent], ...) (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.bt_full_predict_win(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_win_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_predict_win(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player beats opponent, skill.bt_full_predict_win(ARRAY[player, opponent], ...)[1] (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.bt_full_predict_draw(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_predict_draw(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player and opponent draw, skill.bt_full_predict_draw(ARRAY[player, opponent], ...) (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.bt_part_predict_win(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_win_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_predict_win(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player beats opponent, skill.bt_part_predict_win(ARRAY[player, opponent], ...)[1] (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.bt_part_predict_draw(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_predict_draw(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player and opponent draw, skill.bt_part_predict_draw(ARRAY[player, opponent], ...) (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.tm_full_predict_win(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_win_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_predict_win(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player beats opponent, skill.tm_full_predict_win(ARRAY[player, opponent], ...)[1] (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.tm_full_predict_draw(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_predict_draw(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player and opponent draw, skill.tm_full_predict_draw(ARRAY[player, opponent], ...) (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.tm_part_predict_win(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_win_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_predict_win(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player beats opponent, skill.tm_part_predict_win(ARRAY[player, opponent], ...)[1] (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.tm_part_predict_draw(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_predict_draw(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player and opponent draw, skill.tm_part_predict_draw(ARRAY[player, opponent], ...) (the same for all five models)';

---------------------------------------------------------------------------
-- TrueSkill (Herbrich, Minka & Graepel 2006), as the trueskill 0.4.5 package
---------------------------------------------------------------------------

-- Not STRICT: NULL ranks mean list order and NULL weights full play.
-- NULL team_ratings give NULL; a NULL tunable is an error.
-- COST: a rate takes about 50 times as long as a simple operator (0.4 us for
-- 1v1, 2.5 us for 4 teams of 2), so the planner gives big scans parallel
-- workers; quality is about 10 times.
CREATE OR REPLACE FUNCTION skill.trueskill_rate(team_ratings skill.rating[],
                                     ranks float8[] DEFAULT NULL,
                                     weights float8[] DEFAULT NULL,
                                     mu float8 DEFAULT 25,
                                     sigma float8 DEFAULT 8.333333333333334,
                                     beta float8 DEFAULT 4.166666666666667,
                                     tau float8 DEFAULT 0.08333333333333334,
                                     draw_probability float8 DEFAULT 0.10,
                                     min_delta float8 DEFAULT 0.0001)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'trueskill_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE COST 50;
COMMENT ON FUNCTION skill.trueskill_rate(skill.rating[], float8[], float8[], float8, float8, float8, float8, float8, float8) IS
  'TrueSkill ratings after one match (factor graph, expectation propagation): one team per row of team_ratings (NULL-padded) or one player per team in a 1-D array; ranks per team, lower is better, equal is a draw, NULL = list order; weights = partial play in [0,1], same shape as team_ratings; result in the same shape';

CREATE OR REPLACE FUNCTION skill.trueskill_quality(team_ratings skill.rating[],
                                        weights float8[] DEFAULT NULL,
                                        beta float8 DEFAULT 4.166666666666667)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_quality'
LANGUAGE C IMMUTABLE PARALLEL SAFE COST 10;
COMMENT ON FUNCTION skill.trueskill_quality(skill.rating[], float8[], float8) IS
  'Deprecated alias of skill.match_quality(team_ratings, beta, weights) (same values; removed in 2.0): TrueSkill match quality in (0,1]; weights = partial play in [0,1] or NULL';

CREATE OR REPLACE FUNCTION skill.trueskill_win_probability(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_win_probability'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_win_probability(skill.rating[], float8) IS
  'Deprecated alias of skill.trueskill_predict_win(...)[1] (same values; removed in 2.0): the chance that the first of exactly two teams beats the second, Phi((sum mu_a - sum mu_b)/sqrt(n*beta^2 + sum sigma^2)), n = all players';

CREATE OR REPLACE FUNCTION skill.trueskill_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    link text DEFAULT 'family', draw_model text DEFAULT 'none', draw_probability float8 DEFAULT 0.10,
    draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'trueskill_predict_win_with_draws'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_predict_win(skill.rating[], float8, text, text, float8, float8, float8) IS
  'TrueSkill: each team''s chance of winning, in team order; draw_model ''none'': the chance of performing better, for two teams Phi((sum mu_a - sum mu_b)/sqrt(n*beta^2 + sum sigma^2)), more the normalised pairwise form; link ''logistic'' or ''normal'' uses that curve with beta^2 per player; with a draw model (''native'': the margin from draw_probability, ''threshold'', ''davidson'') two teams'' chances of winning outright';

CREATE OR REPLACE FUNCTION skill.trueskill_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    link text DEFAULT 'family', draw_model text DEFAULT 'native', draw_probability float8 DEFAULT 0.10,
    draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_predict_draw'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_predict_draw(skill.rating[], float8, text, text, float8, float8, float8) IS
  'TrueSkill: the chance two teams draw; draw_model ''native'': the performance difference within the draw margin Phi^-1((draw_probability + 1)/2)*sqrt(n)*beta (Herbrich et al. 2007); ''threshold'' (draw_margin) or ''davidson'' (draw_nu) at z = (sum mu_a - sum mu_b)/sqrt(n*beta^2 + sum sigma^2)';

CREATE OR REPLACE FUNCTION skill.trueskill_predict_win(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, link text DEFAULT 'family', draw_model text DEFAULT 'none',
    draw_probability float8 DEFAULT 0.10, draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_predict_win_pair'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_predict_win(skill.rating, skill.rating, float8, text, text, float8, float8, float8) IS
  'TrueSkill: the chance player beats opponent, skill.trueskill_predict_win(ARRAY[player, opponent], ...)[1]: Phi((mu - mu_opponent)/sqrt(2*beta^2 + sigma^2 + sigma_opponent^2)) without a draw model, the chance of winning outright with one';

CREATE OR REPLACE FUNCTION skill.trueskill_predict_draw(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, link text DEFAULT 'family', draw_model text DEFAULT 'native',
    draw_probability float8 DEFAULT 0.10, draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_predict_draw_pair'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_predict_draw(skill.rating, skill.rating, float8, text, text, float8, float8, float8) IS
  'TrueSkill: the chance player and opponent draw, skill.trueskill_predict_draw(ARRAY[player, opponent], ...)';

CREATE OR REPLACE FUNCTION skill.trueskill_expose(r skill.rating, mu float8 DEFAULT 25, sigma float8 DEFAULT 8.333333333333334)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_expose'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_expose(skill.rating, float8, float8) IS
  'TrueSkill leaderboard value r.mu - (mu/sigma)*r.sigma with the environment prior mu, sigma (by default mu - 3*sigma): starts at 0 and rises toward mu';

---------------------------------------------------------------------------
-- Team Glicko-1 (reading C of shared/seeds/team-glicko1.txt)
---------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION skill.team_glicko_rating(team skill.glicko[])
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'team_glicko_rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_rating(skill.glicko[]) IS
  'Team Glicko-1 aggregate of one team: rating = mean rating + 0.5*(350 - rd), rd = sqrt(mean rd^2), vol NULL';

CREATE OR REPLACE FUNCTION skill.team_glicko_rate(teams skill.glicko[], score float8,
                                       scale float8 DEFAULT 2.0, rd_max float8 DEFAULT 350)
RETURNS skill.glicko[]
AS 'MODULE_PATHNAME', 'team_glicko_rate'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_rate(skill.glicko[], float8, float8, float8) IS
  'Team Glicko-1 match (reading C): teams is 2 rows (NULL pads the shorter), score the first team''s 1/0.5/0; every player''s new rating and rd, same shape; vol passes through';

CREATE OR REPLACE FUNCTION skill.team_glicko_predict_win(team_ratings skill.glicko[], draw_model text DEFAULT 'none',
                                              draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'team_glicko_predict_win'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_predict_win(skill.glicko[], text, float8, float8) IS
  'Team Glicko-1: each of the two teams'' chance of winning, in team order; draw_model ''none'': the update''s expected scores normalised, E_A/(E_A + E_B) and E_B/(E_A + E_B), as team_glicko_history predicts; ''threshold'' (draw_margin) or ''davidson'' (draw_nu): the chances of winning outright at z = ln(E_A/E_B)';

CREATE OR REPLACE FUNCTION skill.team_glicko_predict_win(player skill.glicko, opponent skill.glicko,
                                              draw_model text DEFAULT 'none',
                                              draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'team_glicko_predict_win_pair'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_predict_win(skill.glicko, skill.glicko, text, float8, float8) IS
  'Team Glicko-1: the chance player beats opponent, skill.team_glicko_predict_win(ARRAY[player, opponent], ...)[1] (teams of one; both rd > 0)';

CREATE OR REPLACE FUNCTION skill.team_glicko_predict_draw(player skill.glicko, opponent skill.glicko,
                                               draw_model text DEFAULT 'threshold',
                                               draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'team_glicko_predict_draw_pair'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_predict_draw(skill.glicko, skill.glicko, text, float8, float8) IS
  'Team Glicko-1: the chance player and opponent draw, skill.team_glicko_predict_draw(ARRAY[player, opponent], ...) (teams of one; both rd > 0)';

CREATE OR REPLACE FUNCTION skill.team_glicko_predict_draw(team_ratings skill.glicko[], draw_model text DEFAULT 'threshold',
                                               draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'team_glicko_predict_draw'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_predict_draw(skill.glicko[], text, float8, float8) IS
  'Team Glicko-1: the chance the two teams draw at z = ln(E_A/E_B), by draw_model ''threshold'' (draw_margin) or ''davidson'' (draw_nu); the model''s parameter has no default';

CREATE OR REPLACE FUNCTION skill.match_quality(teams skill.glicko[])
RETURNS float8
AS 'MODULE_PATHNAME', 'team_glicko_quality'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.match_quality(skill.glicko[]) IS
  'Team Glicko-1 match quality Q = 1/(1 + (d/400)^2 + (rd_combined/400)^2) of 2 teams, d the difference of the team ratings, rd_combined = sqrt(rd_a^2 + rd_b^2)';

---------------------------------------------------------------------------
-- Matchmaking: quality, party ratings, skill window, team balancing, queue
---------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION skill.match_quality(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
                                    weights float8[] DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'match_quality'
LANGUAGE C IMMUTABLE PARALLEL SAFE COST 10;
COMMENT ON FUNCTION skill.match_quality(skill.rating[], float8, float8[]) IS
  'TrueSkill match quality in (0,1]: the chance of a draw relative to a perfectly even match, of any number of teams (a 2-D array, one team per row, or 1-D for one player per team); weights = partial play in [0,1], same shape as team_ratings, or NULL';

CREATE OR REPLACE FUNCTION skill.party_rating(members skill.rating[],
                                   max_mu_weight float8 DEFAULT 2,
                                   med_mu_weight float8 DEFAULT 1,
                                   ordinal_deviations float8 DEFAULT 3)
RETURNS float8
AS 'MODULE_PATHNAME', 'party_rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.party_rating(skill.rating[], float8, float8, float8) IS
  'IMS party rating: (max_mu_weight*max mu + med_mu_weight*median mu)/(sum of weights) - ordinal_deviations*mean sigma; a solo player gets mu - 3*sigma';

CREATE OR REPLACE FUNCTION skill.window_beta(waited interval, max_beta float8, buckets int, bucket_duration interval)
RETURNS float8
AS 'MODULE_PATHNAME', 'window_beta'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.window_beta(interval, float8, int, interval) IS
  'IMS widening skill window: bucket i lasts bucket_duration*i^2 and allows max_beta*i/buckets, the last bucket for ever; days count 86400 s, months are refused, a negative wait counts as 0';

CREATE OR REPLACE FUNCTION skill.balance_teams(ratings skill.rating[], n_teams int,
                                    parties int[] DEFAULT NULL, z float8 DEFAULT 0,
                                    party_bonus float8 DEFAULT 0)
RETURNS int[]
AS 'MODULE_PATHNAME', 'balance_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.balance_teams(skill.rating[], int, int[], float8, float8) IS
  'Team number (1-based) per player: equal head counts, equal parties values kept together (NULL = solo), smallest gap between the strongest and weakest team''s sum of mu - z*sigma (a party of k adds party_bonus * (k - 1)); optimal up to 16 players, a swap heuristic beyond (up to 1000)';

CREATE OR REPLACE FUNCTION skill.balance_gap(ratings skill.rating[], teams int[], z float8 DEFAULT 0)
RETURNS float8
AS 'MODULE_PATHNAME', 'balance_gap'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.balance_gap(skill.rating[], int[], float8) IS
  'Strongest minus weakest team''s total strength (sum of mu - z*sigma) of a split given as one team number per player, e.g. of balance_teams';

CREATE OR REPLACE FUNCTION skill.form_matches(ticket_ids anyarray, ratings float8[], party_sizes int[], betas float8[],
                                   n_teams int, team_size int,
                                   skill_weight float8 DEFAULT 1, skill_floor float8 DEFAULT 0.5,
                                   terms float8[] DEFAULT NULL, term_spreads float8[] DEFAULT NULL,
                                   term_weights float8[] DEFAULT NULL, term_floors float8[] DEFAULT NULL,
                                   strengths float8[] DEFAULT NULL, party_bonus float8 DEFAULT 0)
RETURNS TABLE (match int, team int, ticket_id anyelement, score float8)
AS 'MODULE_PATHNAME', 'form_matches'
LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 100;
COMMENT ON FUNCTION skill.form_matches(anyarray, float8[], int[], float8[], int, int, float8, float8,
                                       float8[], float8[], float8[], float8[], float8[], float8) IS
  'Proposes matches from claimed queue tickets (parallel arrays, oldest first): tickets within each other''s window beta, scored by skill spread plus optional terms, each term at or above its floor, n_teams teams of team_size balanced on strengths (default rating x party size; a party of k adds party_bonus * (k - 1)); one row per matched ticket';

---------------------------------------------------------------------------
-- Replay: a season recomputed in one query
---------------------------------------------------------------------------
-- Every aggregate takes the rows of a match history, one per player per
-- match, in the order (played_at, match_id), and returns every player's
-- final rating with the number of matches rated.  Rows of one match must
-- come together; the order is checked and a violation is an error.
-- Overloads add each player's prior (rating before the first replayed match;
COMMENT ON TYPE skill.replayed_rating IS
  'A player''s rating after a replay (OpenSkill, TrueSkill): id, rating, number of matches rated';
COMMENT ON TYPE skill.replayed_elo IS
  'A player''s Elo rating after elo_replay: id, rating, number of matches rated';
COMMENT ON TYPE skill.replayed_glicko IS
  'A player''s Glicko rating after glicko_replay (vol NULL) or glicko2_replay: id, rating, number of matches rated';
COMMENT ON TYPE skill.match_details IS
  'A row''s match details for the replay aggregates: its team''s score, the match''s context (surface, map) and length (a best-of), and whether its team plays at home; NULL fields mean none';

CREATE OR REPLACE FUNCTION skill.details(score float8 DEFAULT NULL, context text DEFAULT NULL,
                              length float8 DEFAULT NULL, home boolean DEFAULT NULL)
RETURNS skill.match_details
AS 'MODULE_PATHNAME', 'match_details'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.details(float8, text, float8, boolean) IS
  'A skill.match_details value from named arguments, e.g. skill.details(score => games, context => surface)';

-- Generated from src/families/families.def by scripts/gen_family_sql.awk (part=replay).

-- OpenSkill Plackett-Luce
CREATE OR REPLACE FUNCTION skill_internal.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'pl_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.pl_replay';
CREATE OR REPLACE FUNCTION skill_internal.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'pl_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Transition function of skill.pl_replay with priors';
CREATE OR REPLACE FUNCTION skill_internal.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'pl_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Transition function of skill.pl_replay with priors and options';
CREATE OR REPLACE FUNCTION skill_internal.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details)
RETURNS internal
AS 'MODULE_PATHNAME', 'pl_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.pl_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details) IS
  'Transition function of skill.pl_replay with priors, options and match details';
CREATE OR REPLACE FUNCTION skill_internal.pl_replay_final(internal)
RETURNS skill.replayed_rating[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.pl_replay_final(internal) IS
  'Final function of skill.pl_replay: rates the last match and lists every player';
CREATE OR REPLACE AGGREGATE skill.pl_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill_internal.pl_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.pl_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.pl_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (OpenSkill Plackett-Luce) ordered by played_at, match_id; returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.pl_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating) (
  SFUNC = skill_internal.pl_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.pl_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.pl_replay(bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Replays a match history (OpenSkill Plackett-Luce) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.pl_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb) (
  SFUNC = skill_internal.pl_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.pl_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.pl_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Plackett-Luce) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.pl_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb, details skill.match_details) (
  SFUNC = skill_internal.pl_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.pl_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.pl_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details) IS
  'Replays a match history (OpenSkill Plackett-Luce) ordered by played_at, match_id, with priors, options and each row''s match details (score, context, length, home); returns skill.replayed_rating[]';

-- OpenSkill Bradley-Terry (full pairing)
CREATE OR REPLACE FUNCTION skill_internal.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.bt_full_replay';
CREATE OR REPLACE FUNCTION skill_internal.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Transition function of skill.bt_full_replay with priors';
CREATE OR REPLACE FUNCTION skill_internal.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Transition function of skill.bt_full_replay with priors and options';
CREATE OR REPLACE FUNCTION skill_internal.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.bt_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details) IS
  'Transition function of skill.bt_full_replay with priors, options and match details';
CREATE OR REPLACE FUNCTION skill_internal.bt_full_replay_final(internal)
RETURNS skill.replayed_rating[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.bt_full_replay_final(internal) IS
  'Final function of skill.bt_full_replay: rates the last match and lists every player';
CREATE OR REPLACE AGGREGATE skill.bt_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill_internal.bt_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.bt_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_full_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (OpenSkill Bradley-Terry (full pairing)) ordered by played_at, match_id; returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.bt_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating) (
  SFUNC = skill_internal.bt_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.bt_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_full_replay(bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Replays a match history (OpenSkill Bradley-Terry (full pairing)) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.bt_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb) (
  SFUNC = skill_internal.bt_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.bt_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_full_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Bradley-Terry (full pairing)) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.bt_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb, details skill.match_details) (
  SFUNC = skill_internal.bt_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.bt_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_full_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details) IS
  'Replays a match history (OpenSkill Bradley-Terry (full pairing)) ordered by played_at, match_id, with priors, options and each row''s match details (score, context, length, home); returns skill.replayed_rating[]';

-- OpenSkill Bradley-Terry (partial pairing)
CREATE OR REPLACE FUNCTION skill_internal.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.bt_part_replay';
CREATE OR REPLACE FUNCTION skill_internal.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Transition function of skill.bt_part_replay with priors';
CREATE OR REPLACE FUNCTION skill_internal.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Transition function of skill.bt_part_replay with priors and options';
CREATE OR REPLACE FUNCTION skill_internal.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details)
RETURNS internal
AS 'MODULE_PATHNAME', 'bt_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.bt_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details) IS
  'Transition function of skill.bt_part_replay with priors, options and match details';
CREATE OR REPLACE FUNCTION skill_internal.bt_part_replay_final(internal)
RETURNS skill.replayed_rating[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.bt_part_replay_final(internal) IS
  'Final function of skill.bt_part_replay: rates the last match and lists every player';
CREATE OR REPLACE AGGREGATE skill.bt_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill_internal.bt_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.bt_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_part_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (OpenSkill Bradley-Terry (partial pairing)) ordered by played_at, match_id; returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.bt_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating) (
  SFUNC = skill_internal.bt_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.bt_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_part_replay(bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Replays a match history (OpenSkill Bradley-Terry (partial pairing)) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.bt_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb) (
  SFUNC = skill_internal.bt_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.bt_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_part_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Bradley-Terry (partial pairing)) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.bt_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb, details skill.match_details) (
  SFUNC = skill_internal.bt_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.bt_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.bt_part_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details) IS
  'Replays a match history (OpenSkill Bradley-Terry (partial pairing)) ordered by played_at, match_id, with priors, options and each row''s match details (score, context, length, home); returns skill.replayed_rating[]';

-- OpenSkill Thurstone-Mosteller (full pairing)
CREATE OR REPLACE FUNCTION skill_internal.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.tm_full_replay';
CREATE OR REPLACE FUNCTION skill_internal.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Transition function of skill.tm_full_replay with priors';
CREATE OR REPLACE FUNCTION skill_internal.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Transition function of skill.tm_full_replay with priors and options';
CREATE OR REPLACE FUNCTION skill_internal.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_full_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.tm_full_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details) IS
  'Transition function of skill.tm_full_replay with priors, options and match details';
CREATE OR REPLACE FUNCTION skill_internal.tm_full_replay_final(internal)
RETURNS skill.replayed_rating[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.tm_full_replay_final(internal) IS
  'Final function of skill.tm_full_replay: rates the last match and lists every player';
CREATE OR REPLACE AGGREGATE skill.tm_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill_internal.tm_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.tm_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_full_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (full pairing)) ordered by played_at, match_id; returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.tm_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating) (
  SFUNC = skill_internal.tm_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.tm_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_full_replay(bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (full pairing)) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.tm_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb) (
  SFUNC = skill_internal.tm_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.tm_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_full_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (full pairing)) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.tm_full_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb, details skill.match_details) (
  SFUNC = skill_internal.tm_full_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.tm_full_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_full_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (full pairing)) ordered by played_at, match_id, with priors, options and each row''s match details (score, context, length, home); returns skill.replayed_rating[]';

-- OpenSkill Thurstone-Mosteller (partial pairing)
CREATE OR REPLACE FUNCTION skill_internal.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.tm_part_replay';
CREATE OR REPLACE FUNCTION skill_internal.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Transition function of skill.tm_part_replay with priors';
CREATE OR REPLACE FUNCTION skill_internal.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Transition function of skill.tm_part_replay with priors and options';
CREATE OR REPLACE FUNCTION skill_internal.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details)
RETURNS internal
AS 'MODULE_PATHNAME', 'tm_part_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.tm_part_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details) IS
  'Transition function of skill.tm_part_replay with priors, options and match details';
CREATE OR REPLACE FUNCTION skill_internal.tm_part_replay_final(internal)
RETURNS skill.replayed_rating[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.tm_part_replay_final(internal) IS
  'Final function of skill.tm_part_replay: rates the last match and lists every player';
CREATE OR REPLACE AGGREGATE skill.tm_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill_internal.tm_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.tm_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_part_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (partial pairing)) ordered by played_at, match_id; returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.tm_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating) (
  SFUNC = skill_internal.tm_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.tm_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_part_replay(bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (partial pairing)) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.tm_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb) (
  SFUNC = skill_internal.tm_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.tm_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_part_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (partial pairing)) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.tm_part_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb, details skill.match_details) (
  SFUNC = skill_internal.tm_part_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.tm_part_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.tm_part_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (partial pairing)) ordered by played_at, match_id, with priors, options and each row''s match details (score, context, length, home); returns skill.replayed_rating[]';

-- TrueSkill
CREATE OR REPLACE FUNCTION skill_internal.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'trueskill_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.trueskill_replay';
CREATE OR REPLACE FUNCTION skill_internal.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'trueskill_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Transition function of skill.trueskill_replay with priors';
CREATE OR REPLACE FUNCTION skill_internal.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'trueskill_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Transition function of skill.trueskill_replay with priors and options';
CREATE OR REPLACE FUNCTION skill_internal.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details)
RETURNS internal
AS 'MODULE_PATHNAME', 'trueskill_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.trueskill_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details) IS
  'Transition function of skill.trueskill_replay with priors, options and match details';
CREATE OR REPLACE FUNCTION skill_internal.trueskill_replay_final(internal)
RETURNS skill.replayed_rating[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.trueskill_replay_final(internal) IS
  'Final function of skill.trueskill_replay: rates the last match and lists every player';
CREATE OR REPLACE AGGREGATE skill.trueskill_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill_internal.trueskill_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.trueskill_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.trueskill_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (TrueSkill) ordered by played_at, match_id; returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.trueskill_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating) (
  SFUNC = skill_internal.trueskill_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.trueskill_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.trueskill_replay(bigint, timestamptz, bigint, int, float8, skill.rating) IS
  'Replays a match history (TrueSkill) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.trueskill_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb) (
  SFUNC = skill_internal.trueskill_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.trueskill_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.trueskill_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (TrueSkill) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_rating[]';
CREATE OR REPLACE AGGREGATE skill.trueskill_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.rating, options jsonb, details skill.match_details) (
  SFUNC = skill_internal.trueskill_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.trueskill_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.trueskill_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb, skill.match_details) IS
  'Replays a match history (TrueSkill) ordered by played_at, match_id, with priors, options and each row''s match details (score, context, length, home); returns skill.replayed_rating[]';

-- multiplayer Elo
CREATE OR REPLACE FUNCTION skill_internal.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'elo_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.elo_replay';
CREATE OR REPLACE FUNCTION skill_internal.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'elo_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8, float8) IS
  'Transition function of skill.elo_replay with priors';
CREATE OR REPLACE FUNCTION skill_internal.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8, float8, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'elo_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8, float8, jsonb) IS
  'Transition function of skill.elo_replay with priors and options';
CREATE OR REPLACE FUNCTION skill_internal.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8, float8, jsonb, skill.match_details)
RETURNS internal
AS 'MODULE_PATHNAME', 'elo_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.elo_replay_step(internal, bigint, timestamptz, bigint, int, float8, float8, jsonb, skill.match_details) IS
  'Transition function of skill.elo_replay with priors, options and match details';
CREATE OR REPLACE FUNCTION skill_internal.elo_replay_final(internal)
RETURNS skill.replayed_elo[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.elo_replay_final(internal) IS
  'Final function of skill.elo_replay: rates the last match and lists every player';
CREATE OR REPLACE AGGREGATE skill.elo_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill_internal.elo_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.elo_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.elo_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (multiplayer Elo) ordered by played_at, match_id; returns skill.replayed_elo[]';
CREATE OR REPLACE AGGREGATE skill.elo_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior float8) (
  SFUNC = skill_internal.elo_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.elo_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.elo_replay(bigint, timestamptz, bigint, int, float8, float8) IS
  'Replays a match history (multiplayer Elo) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_elo[]';
CREATE OR REPLACE AGGREGATE skill.elo_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior float8, options jsonb) (
  SFUNC = skill_internal.elo_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.elo_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.elo_replay(bigint, timestamptz, bigint, int, float8, float8, jsonb) IS
  'Replays a match history (multiplayer Elo) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_elo[]';
CREATE OR REPLACE AGGREGATE skill.elo_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior float8, options jsonb, details skill.match_details) (
  SFUNC = skill_internal.elo_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.elo_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.elo_replay(bigint, timestamptz, bigint, int, float8, float8, jsonb, skill.match_details) IS
  'Replays a match history (multiplayer Elo) ordered by played_at, match_id, with priors, options and each row''s match details (score, context, length, home); returns skill.replayed_elo[]';

-- Glicko-1
CREATE OR REPLACE FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8) IS
  'Transition function of skill.glicko_replay';
CREATE OR REPLACE FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko) IS
  'Transition function of skill.glicko_replay with priors';
CREATE OR REPLACE FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Transition function of skill.glicko_replay with priors and options';
CREATE OR REPLACE FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details) IS
  'Transition function of skill.glicko_replay with priors, options and match details';
CREATE OR REPLACE FUNCTION skill_internal.glicko_replay_final(internal)
RETURNS skill.replayed_glicko[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko_replay_final(internal) IS
  'Final function of skill.glicko_replay: rates the last match and lists every player';
CREATE OR REPLACE AGGREGATE skill.glicko_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill_internal.glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko_replay(bigint, timestamptz, timestamptz, bigint, int, float8) IS
  'Replays a match history (Glicko-1) ordered by played_at, match_id; returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.glicko_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8, prior skill.glicko) (
  SFUNC = skill_internal.glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko_replay(bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko) IS
  'Replays a match history (Glicko-1) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.glicko_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8, prior skill.glicko, options jsonb) (
  SFUNC = skill_internal.glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko_replay(bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Replays a match history (Glicko-1) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.glicko_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8, prior skill.glicko, options jsonb, details skill.match_details) (
  SFUNC = skill_internal.glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko_replay(bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details) IS
  'Replays a match history (Glicko-1) ordered by played_at, match_id, with priors, options and each row''s match details (score, context, length, home); returns skill.replayed_glicko[]';
CREATE OR REPLACE FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko_replay_step_per_match'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.glicko_replay (each match its own rating period)';
CREATE OR REPLACE FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko_replay_step_per_match'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko) IS
  'Transition function of skill.glicko_replay (each match its own rating period) with priors';
CREATE OR REPLACE FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko_replay_step_per_match'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Transition function of skill.glicko_replay (each match its own rating period) with priors and options';
CREATE OR REPLACE FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko_replay_step_per_match'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details) IS
  'Transition function of skill.glicko_replay (each match its own rating period) with priors, options and match details';
CREATE OR REPLACE AGGREGATE skill.glicko_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill_internal.glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (Glicko-1) ordered by played_at, match_id (each match its own rating period); returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.glicko_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.glicko) (
  SFUNC = skill_internal.glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko_replay(bigint, timestamptz, bigint, int, float8, skill.glicko) IS
  'Replays a match history (Glicko-1) ordered by played_at, match_id (each match its own rating period), starting from each player''s prior (NULL = default); returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.glicko_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.glicko, options jsonb) (
  SFUNC = skill_internal.glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko_replay(bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Replays a match history (Glicko-1) ordered by played_at, match_id (each match its own rating period), with priors and options (see skill.replay_options()); returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.glicko_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.glicko, options jsonb, details skill.match_details) (
  SFUNC = skill_internal.glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko_replay(bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details) IS
  'Replays a match history (Glicko-1) ordered by played_at, match_id (each match its own rating period), with priors, options and each row''s match details (score, context, length, home); returns skill.replayed_glicko[]';

-- Glicko-2
CREATE OR REPLACE FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko2_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8) IS
  'Transition function of skill.glicko2_replay';
CREATE OR REPLACE FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko2_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko) IS
  'Transition function of skill.glicko2_replay with priors';
CREATE OR REPLACE FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko2_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Transition function of skill.glicko2_replay with priors and options';
CREATE OR REPLACE FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko2_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details) IS
  'Transition function of skill.glicko2_replay with priors, options and match details';
CREATE OR REPLACE FUNCTION skill_internal.glicko2_replay_final(internal)
RETURNS skill.replayed_glicko[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko2_replay_final(internal) IS
  'Final function of skill.glicko2_replay: rates the last match and lists every player';
CREATE OR REPLACE AGGREGATE skill.glicko2_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill_internal.glicko2_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko2_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, timestamptz, bigint, int, float8) IS
  'Replays a match history (Glicko-2) ordered by played_at, match_id; returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.glicko2_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8, prior skill.glicko) (
  SFUNC = skill_internal.glicko2_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko2_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko) IS
  'Replays a match history (Glicko-2) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.glicko2_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8, prior skill.glicko, options jsonb) (
  SFUNC = skill_internal.glicko2_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko2_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Replays a match history (Glicko-2) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.glicko2_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8, prior skill.glicko, options jsonb, details skill.match_details) (
  SFUNC = skill_internal.glicko2_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko2_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details) IS
  'Replays a match history (Glicko-2) ordered by played_at, match_id, with priors, options and each row''s match details (score, context, length, home); returns skill.replayed_glicko[]';
CREATE OR REPLACE FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko2_replay_step_per_match'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.glicko2_replay (each match its own rating period)';
CREATE OR REPLACE FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko2_replay_step_per_match'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko) IS
  'Transition function of skill.glicko2_replay (each match its own rating period) with priors';
CREATE OR REPLACE FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko2_replay_step_per_match'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Transition function of skill.glicko2_replay (each match its own rating period) with priors and options';
CREATE OR REPLACE FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko2_replay_step_per_match'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.glicko2_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details) IS
  'Transition function of skill.glicko2_replay (each match its own rating period) with priors, options and match details';
CREATE OR REPLACE AGGREGATE skill.glicko2_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill_internal.glicko2_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko2_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (Glicko-2) ordered by played_at, match_id (each match its own rating period); returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.glicko2_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.glicko) (
  SFUNC = skill_internal.glicko2_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko2_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, bigint, int, float8, skill.glicko) IS
  'Replays a match history (Glicko-2) ordered by played_at, match_id (each match its own rating period), starting from each player''s prior (NULL = default); returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.glicko2_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.glicko, options jsonb) (
  SFUNC = skill_internal.glicko2_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko2_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Replays a match history (Glicko-2) ordered by played_at, match_id (each match its own rating period), with priors and options (see skill.replay_options()); returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.glicko2_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.glicko, options jsonb, details skill.match_details) (
  SFUNC = skill_internal.glicko2_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.glicko2_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details) IS
  'Replays a match history (Glicko-2) ordered by played_at, match_id (each match its own rating period), with priors, options and each row''s match details (score, context, length, home); returns skill.replayed_glicko[]';

-- team Glicko-1
CREATE OR REPLACE FUNCTION skill_internal.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'team_glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.team_glicko_replay';
CREATE OR REPLACE FUNCTION skill_internal.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko)
RETURNS internal
AS 'MODULE_PATHNAME', 'team_glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko) IS
  'Transition function of skill.team_glicko_replay with priors';
CREATE OR REPLACE FUNCTION skill_internal.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'team_glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Transition function of skill.team_glicko_replay with priors and options';
CREATE OR REPLACE FUNCTION skill_internal.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details)
RETURNS internal
AS 'MODULE_PATHNAME', 'team_glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details) IS
  'Transition function of skill.team_glicko_replay with priors, options and match details';
CREATE OR REPLACE FUNCTION skill_internal.team_glicko_replay_final(internal)
RETURNS skill.replayed_glicko[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.team_glicko_replay_final(internal) IS
  'Final function of skill.team_glicko_replay: rates the last match and lists every player';
CREATE OR REPLACE AGGREGATE skill.team_glicko_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill_internal.team_glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.team_glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.team_glicko_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (team Glicko-1) ordered by played_at, match_id; returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.team_glicko_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.glicko) (
  SFUNC = skill_internal.team_glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.team_glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.team_glicko_replay(bigint, timestamptz, bigint, int, float8, skill.glicko) IS
  'Replays a match history (team Glicko-1) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.team_glicko_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.glicko, options jsonb) (
  SFUNC = skill_internal.team_glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.team_glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.team_glicko_replay(bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Replays a match history (team Glicko-1) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_glicko[]';
CREATE OR REPLACE AGGREGATE skill.team_glicko_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.glicko, options jsonb, details skill.match_details) (
  SFUNC = skill_internal.team_glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.team_glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.team_glicko_replay(bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb, skill.match_details) IS
  'Replays a match history (team Glicko-1) ordered by played_at, match_id, with priors, options and each row''s match details (score, context, length, home); returns skill.replayed_glicko[]';

-- Generated from src/families/families.def by scripts/gen_family_sql.awk (part=history).
---------------------------------------------------------------------------
-- History: the replay streamed per (match, player)
---------------------------------------------------------------------------
-- rows is a query returning match_id bigint, played_at timestamptz,
-- [period timestamptz,] player_id bigint, team int, rank float8 [, prior],
-- ordered by played_at, match_id.  Output rows come in match order (for
-- the Glicko families, when the match's rating period closes);
-- predicted_win and predicted_draw are computed before the match.

CREATE OR REPLACE FUNCTION skill.pl_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int, outcome float8,
               expected_score float8)
AS 'MODULE_PATHNAME', 'pl_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.pl_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Plackett-Luce) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none; with option draw_model the chances of a win and of a draw, else the family''s one chance), the player''s matches before this one, the outcome its team was rated with, and its expected score (win + draw/2 with a draw model, else predicted_win)';

CREATE OR REPLACE FUNCTION skill.bt_full_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int, outcome float8,
               expected_score float8)
AS 'MODULE_PATHNAME', 'bt_full_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.bt_full_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Bradley-Terry (full pairing)) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none; with option draw_model the chances of a win and of a draw, else the family''s one chance), the player''s matches before this one, the outcome its team was rated with, and its expected score (win + draw/2 with a draw model, else predicted_win)';

CREATE OR REPLACE FUNCTION skill.bt_part_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int, outcome float8,
               expected_score float8)
AS 'MODULE_PATHNAME', 'bt_part_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.bt_part_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Bradley-Terry (partial pairing)) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none; with option draw_model the chances of a win and of a draw, else the family''s one chance), the player''s matches before this one, the outcome its team was rated with, and its expected score (win + draw/2 with a draw model, else predicted_win)';

CREATE OR REPLACE FUNCTION skill.tm_full_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int, outcome float8,
               expected_score float8)
AS 'MODULE_PATHNAME', 'tm_full_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.tm_full_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Thurstone-Mosteller (full pairing)) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none; with option draw_model the chances of a win and of a draw, else the family''s one chance), the player''s matches before this one, the outcome its team was rated with, and its expected score (win + draw/2 with a draw model, else predicted_win)';

CREATE OR REPLACE FUNCTION skill.tm_part_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int, outcome float8,
               expected_score float8)
AS 'MODULE_PATHNAME', 'tm_part_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.tm_part_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Thurstone-Mosteller (partial pairing)) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none; with option draw_model the chances of a win and of a draw, else the family''s one chance), the player''s matches before this one, the outcome its team was rated with, and its expected score (win + draw/2 with a draw model, else predicted_win)';

CREATE OR REPLACE FUNCTION skill.trueskill_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int, outcome float8,
               expected_score float8)
AS 'MODULE_PATHNAME', 'trueskill_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.trueskill_history(text, jsonb) IS
  'Replays the rows query (TrueSkill) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none; with option draw_model the chances of a win and of a draw, else the family''s one chance), the player''s matches before this one, the outcome its team was rated with, and its expected score (win + draw/2 with a draw model, else predicted_win)';

CREATE OR REPLACE FUNCTION skill.elo_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before float8, rating_after float8, predicted_win float8,
               predicted_draw float8, matches_before int, outcome float8,
               expected_score float8)
AS 'MODULE_PATHNAME', 'elo_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.elo_history(text, jsonb) IS
  'Replays the rows query (multiplayer Elo) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none; with option draw_model the chances of a win and of a draw, else the family''s one chance), the player''s matches before this one, the outcome its team was rated with, and its expected score (win + draw/2 with a draw model, else predicted_win)';

CREATE OR REPLACE FUNCTION skill.glicko_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.glicko, rating_after skill.glicko, predicted_win float8,
               predicted_draw float8, matches_before int, outcome float8,
               expected_score float8)
AS 'MODULE_PATHNAME', 'glicko_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.glicko_history(text, jsonb) IS
  'Replays the rows query (Glicko-1) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none; with option draw_model the chances of a win and of a draw, else the family''s one chance), the player''s matches before this one, the outcome its team was rated with, and its expected score (win + draw/2 with a draw model, else predicted_win)';

CREATE OR REPLACE FUNCTION skill.glicko2_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.glicko, rating_after skill.glicko, predicted_win float8,
               predicted_draw float8, matches_before int, outcome float8,
               expected_score float8)
AS 'MODULE_PATHNAME', 'glicko2_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.glicko2_history(text, jsonb) IS
  'Replays the rows query (Glicko-2) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none; with option draw_model the chances of a win and of a draw, else the family''s one chance), the player''s matches before this one, the outcome its team was rated with, and its expected score (win + draw/2 with a draw model, else predicted_win)';

CREATE OR REPLACE FUNCTION skill.team_glicko_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.glicko, rating_after skill.glicko, predicted_win float8,
               predicted_draw float8, matches_before int, outcome float8,
               expected_score float8)
AS 'MODULE_PATHNAME', 'team_glicko_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.team_glicko_history(text, jsonb) IS
  'Replays the rows query (team Glicko-1) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none; with option draw_model the chances of a win and of a draw, else the family''s one chance), the player''s matches before this one, the outcome its team was rated with, and its expected score (win + draw/2 with a draw model, else predicted_win)';

---------------------------------------------------------------------------
-- Families by name: replay in memory, declared options
---------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION skill.replay(family text, rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (player_id bigint, rating float8[], matches int)
AS 'MODULE_PATHNAME', 'replay_by_name'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.replay(text, text, jsonb) IS
  'Replays the rows query with the named family (pl, elo, glicko2, ...) from memory: every player''s final rating as an array of its fields (mu, sigma / rating / rating, rd, vol) and the number of matches rated; equal to the family''s replay aggregate';

CREATE OR REPLACE FUNCTION skill.replay_options(family text DEFAULT NULL)
RETURNS TABLE (family text, option text, type text, default_value text, rule text, help text)
AS 'MODULE_PATHNAME', 'replay_options'
LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.replay_options(text) IS
  'The options each replay family takes in its options jsonb: name, type, default, allowed values and meaning (NULL family: every family)';

CREATE OR REPLACE FUNCTION skill.families()
RETURNS TABLE (family text, label text, rating_type regtype, uses_period boolean,
               has_history boolean, by_name boolean)
AS 'MODULE_PATHNAME', 'families'
LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.families() IS
  'Every rating family, one row each: its prefix (skill.<family>_replay), the system''s name, the type of its ratings (float8, skill.rating, skill.glicko), whether its rows carry a rating period, whether it has skill.<family>_history, and whether skill.replay, skill.rate_match, skill.match_predictions, skill.evaluate and skill.fit take it by name (o!TR: no, it has its own replay)';

CREATE OR REPLACE FUNCTION skill.fit(system text, rows text, search jsonb, options jsonb DEFAULT NULL)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'fit'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.fit(text, text, jsonb, jsonb) IS
  'Fits a rating system''s parameters (search: {"name": [low, high]}; for ttt its sigma, beta, gamma and p_draw, on its honest forecasts re-smoothed every resmooth_every time units, 30 by default) by maximum likelihood of its pre-match predictions over the rows query''s two-team matches (projected BFGS); options train_until, held_out_until, score_from, experienced, max_evaluations, max_seconds, progress, method, starts (searches from the options'' point and from more points spread over the bounds, reporting each optimum found), objective (binary: the expected score against the outcome; three_way: the chances of a win, a draw and a loss, with the draw keys searchable) and options (fixed system options); returns the parameters, converged, stop_reason, at_bound, the optima of several starts, standard errors and correlations, train and held-out scores, evaluations and seconds';

CREATE OR REPLACE FUNCTION skill.match_predictions(system text, rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, teams int, team int, predicted_win float8,
               predicted_draw float8, outcome float8, min_matches_before int,
               expected_score float8)
AS 'MODULE_PATHNAME', 'match_predictions'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.match_predictions(text, text, jsonb) IS
  'Replays the rows query with the named system and returns one row per match: the first team''s (lowest team number) chance of winning and the chance of a draw before the match (with option draw_model the chances of a win and of a draw, else the family''s one chance), its outcome (1 won, 0.5 shared the best rank, 0 lost), the fewest earlier matches of any player, and its expected score (win + draw/2 with a draw model, else predicted_win), ready for scoring';

---------------------------------------------------------------------------
-- Per-match updates: one match from the state its caller keeps per player
---------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION skill.rate_match(family text, match_id bigint, played_at timestamptz,
                                 player_ids bigint[], teams int[], ranks float8[],
                                 ratings anyarray, matches int[] DEFAULT NULL,
                                 last_played timestamptz[] DEFAULT NULL,
                                 peaks float8[] DEFAULT NULL, options jsonb DEFAULT NULL,
                                 scores float8[] DEFAULT NULL, home boolean[] DEFAULT NULL,
                                 match_weight float8 DEFAULT NULL, season text DEFAULT NULL,
                                 last_seasons text[] DEFAULT NULL)
RETURNS TABLE (player_id bigint, rating anyelement, matches int, last_played timestamptz,
               peak float8)
AS 'MODULE_PATHNAME', 'rate_match'
LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.rate_match(text, bigint, timestamptz, bigint[], int[], float8[], anyarray, int[], timestamptz[], float8[], jsonb, float8[], boolean[], float8, text, text[]) IS
  'Rates one match of the named family (pl, elo, glicko2, ...) given as arrays of its rows, each player from its state after its last match (rating, matches rated, last played_at, Elo''s peak, its last match''s season; matches 0 or NULL: a new player, its rating the prior, NULL the options'' prior); match_weight scales the update (Elo and Glicko), season resets a player whose last season differs; returns each player''s new state, equal to the family''s history of the whole results with this match last (periods per match)';

CREATE OR REPLACE FUNCTION skill.rate_period(family text, periods_closed bigint, match_ids bigint[],
                                  played_at timestamptz[], player_ids bigint[], teams int[],
                                  ranks float8[], ratings anyarray, matches int[] DEFAULT NULL,
                                  last_played timestamptz[] DEFAULT NULL,
                                  last_period bigint[] DEFAULT NULL, options jsonb DEFAULT NULL,
                                  scores float8[] DEFAULT NULL, home boolean[] DEFAULT NULL)
RETURNS TABLE (player_id bigint, rating anyelement, matches int, last_played timestamptz,
               last_period bigint)
AS 'MODULE_PATHNAME', 'rate_period'
LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.rate_period(text, bigint, bigint[], timestamptz[], bigint[], int[], float8[], anyarray, int[], timestamptz[], bigint[], jsonb, float8[], boolean[]) IS
  'Rates one rating period of the glicko or glicko2 family when it closes: the period''s rows (ordered by played_at, match_id), each with its player''s state (rating, matches rated, last played_at, last_period: the periods closed when it was last current), after periods_closed periods; returns each player''s new state by player id, equal to the family''s history with a period column';
COMMENT ON TYPE skill.prediction_score IS
  'Scores of probabilistic predictions: count, log-loss, Brier score, accuracy, expected calibration error, and the maximum-likelihood calibration slope and intercept';
COMMENT ON TYPE skill.calibration_bucket IS
  'One bucket of a reliability diagram: its number (1 = lowest probabilities), count, mean predicted probability and mean outcome';

CREATE OR REPLACE FUNCTION skill_internal.prediction_score_step(internal, float8, float8)
RETURNS internal AS 'MODULE_PATHNAME', 'prediction_score_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.prediction_score_step(internal, float8, float8) IS
  'Transition function of skill.prediction_score and skill.calibration_table';
CREATE OR REPLACE FUNCTION skill_internal.prediction_score_step(internal, float8, float8, int)
RETURNS internal AS 'MODULE_PATHNAME', 'prediction_score_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.prediction_score_step(internal, float8, float8, int) IS
  'Transition function of skill.prediction_score and skill.calibration_table with buckets';
CREATE OR REPLACE FUNCTION skill_internal.prediction_score_combine(internal, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'prediction_score_combine' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.prediction_score_combine(internal, internal) IS
  'Combine function of skill.prediction_score and skill.calibration_table';
CREATE OR REPLACE FUNCTION skill_internal.prediction_score_serialize(internal)
RETURNS bytea AS 'MODULE_PATHNAME', 'prediction_score_serialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.prediction_score_serialize(internal) IS
  'Serialize function of skill.prediction_score and skill.calibration_table';
CREATE OR REPLACE FUNCTION skill_internal.prediction_score_deserialize(bytea, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'prediction_score_deserialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.prediction_score_deserialize(bytea, internal) IS
  'Deserialize function of skill.prediction_score and skill.calibration_table';
CREATE OR REPLACE FUNCTION skill_internal.prediction_score_final(internal)
RETURNS skill.prediction_score AS 'MODULE_PATHNAME', 'prediction_score_final' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.prediction_score_final(internal) IS
  'Final function of skill.prediction_score';
CREATE OR REPLACE FUNCTION skill_internal.calibration_table_final(internal)
RETURNS skill.calibration_bucket[] AS 'MODULE_PATHNAME', 'calibration_table_final' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.calibration_table_final(internal) IS
  'Final function of skill.calibration_table';

CREATE OR REPLACE AGGREGATE skill.prediction_score(p float8, outcome float8) (
  SFUNC = skill_internal.prediction_score_step, STYPE = internal,
  FINALFUNC = skill_internal.prediction_score_final, COMBINEFUNC = skill_internal.prediction_score_combine,
  SERIALFUNC = skill_internal.prediction_score_serialize, DESERIALFUNC = skill_internal.prediction_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.prediction_score(float8, float8) IS
  'Scores predictions p (the chance one side wins) against outcomes (1 won, 0 lost, 0.5 draw): log-loss, Brier, accuracy, ECE over 10 buckets, calibration slope and intercept; NULL rows skipped';
CREATE OR REPLACE AGGREGATE skill.prediction_score(p float8, outcome float8, buckets int) (
  SFUNC = skill_internal.prediction_score_step, STYPE = internal,
  FINALFUNC = skill_internal.prediction_score_final, COMBINEFUNC = skill_internal.prediction_score_combine,
  SERIALFUNC = skill_internal.prediction_score_serialize, DESERIALFUNC = skill_internal.prediction_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.prediction_score(float8, float8, int) IS
  'Scores predictions p against outcomes as skill.prediction_score, with the ECE over the given number of buckets';
CREATE OR REPLACE AGGREGATE skill.calibration_table(p float8, outcome float8) (
  SFUNC = skill_internal.prediction_score_step, STYPE = internal,
  FINALFUNC = skill_internal.calibration_table_final, COMBINEFUNC = skill_internal.prediction_score_combine,
  SERIALFUNC = skill_internal.prediction_score_serialize, DESERIALFUNC = skill_internal.prediction_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.calibration_table(float8, float8) IS
  'The reliability diagram of predictions p against outcomes: skill.calibration_bucket[] over 10 buckets of p';
CREATE OR REPLACE AGGREGATE skill.calibration_table(p float8, outcome float8, buckets int) (
  SFUNC = skill_internal.prediction_score_step, STYPE = internal,
  FINALFUNC = skill_internal.calibration_table_final, COMBINEFUNC = skill_internal.prediction_score_combine,
  SERIALFUNC = skill_internal.prediction_score_serialize, DESERIALFUNC = skill_internal.prediction_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.calibration_table(float8, float8, int) IS
  'The reliability diagram of predictions p against outcomes over the given number of buckets of p';

CREATE OR REPLACE FUNCTION skill.evaluate(rows text, systems text[], options jsonb DEFAULT NULL)
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
COMMENT ON TYPE skill.outcome_score IS
  'Scores of three-way predictions: count, mean log-loss (-ln of the chance of what happened), ranked probability score, three-class Brier score, observed draw rate and mean predicted draw chance';

CREATE OR REPLACE FUNCTION skill_internal.outcome_score_step(internal, float8, float8, float8)
RETURNS internal AS 'MODULE_PATHNAME', 'outcome_score_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.outcome_score_step(internal, float8, float8, float8) IS
  'Transition function of skill.outcome_score';
CREATE OR REPLACE FUNCTION skill_internal.outcome_score_combine(internal, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'outcome_score_combine' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.outcome_score_combine(internal, internal) IS
  'Combine function of skill.outcome_score';
CREATE OR REPLACE FUNCTION skill_internal.outcome_score_serialize(internal)
RETURNS bytea AS 'MODULE_PATHNAME', 'outcome_score_serialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.outcome_score_serialize(internal) IS
  'Serialize function of skill.outcome_score';
CREATE OR REPLACE FUNCTION skill_internal.outcome_score_deserialize(bytea, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'outcome_score_deserialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.outcome_score_deserialize(bytea, internal) IS
  'Deserialize function of skill.outcome_score';
CREATE OR REPLACE FUNCTION skill_internal.outcome_score_final(internal)
RETURNS skill.outcome_score AS 'MODULE_PATHNAME', 'outcome_score_final' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.outcome_score_final(internal) IS
  'Final function of skill.outcome_score';

CREATE OR REPLACE AGGREGATE skill.outcome_score(p_win float8, p_draw float8, outcome float8) (
  SFUNC = skill_internal.outcome_score_step, STYPE = internal,
  FINALFUNC = skill_internal.outcome_score_final, COMBINEFUNC = skill_internal.outcome_score_combine,
  SERIALFUNC = skill_internal.outcome_score_serialize, DESERIALFUNC = skill_internal.outcome_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.outcome_score(float8, float8, float8) IS
  'Scores three-way predictions (p_win, p_draw; the loss chance is the rest) against outcomes (1 won, 0.5 drew, 0 lost): log-loss, ranked probability score, Brier, observed and predicted draw rates; p_win + p_draw above 1 is an error; rows with a NULL skipped';

---------------------------------------------------------------------------
-- TrueSkill Through Time: whole-history ratings (docs/ttt.md)
---------------------------------------------------------------------------
-- The rows query is every history's (match_id, played_at, [period,]
-- player_id, team, rank) with an optional weight column (partial play,
-- 0 to 1) and an optional skill.rating prior; matches with the same
-- played_at form one batch.  Options: mu, sigma, beta, gamma (drift per
-- time_unit), p_draw, epsilon, iterations, time_unit, erfc.  The whole
-- history is held in memory (about 150 bytes a row), unlike the replays.

CREATE OR REPLACE FUNCTION skill.ttt_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (player_id bigint, played_at timestamptz, batch int, rating skill.rating,
               filtered skill.rating, iterations int, last_step float8)
AS 'MODULE_PATHNAME', 'ttt_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.ttt_history(text, jsonb) IS
  'TrueSkill Through Time over the rows query: each player''s smoothed rating at each batch (played_at) it plays, batch by batch, its filtered rating (the first, forward-only pass: TrueSkill as a filter), and the sweeps made and the last sweep''s largest change; options mu, sigma, beta, gamma, p_draw, epsilon, iterations, time_unit, erfc';

CREATE OR REPLACE FUNCTION skill.ttt_replay(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (player_id bigint, rating skill.rating, matches int, last_played timestamptz)
AS 'MODULE_PATHNAME', 'ttt_replay'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.ttt_replay(text, jsonb) IS
  'TrueSkill Through Time over the rows query: every player''s smoothed rating at the last batch it played (no drift after it), its matches and its last played_at, by player_id; options as skill.ttt_history';

CREATE OR REPLACE FUNCTION skill.ttt_summary(rows text, options jsonb DEFAULT NULL)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'ttt_summary'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.ttt_summary(text, jsonb) IS
  'TrueSkill Through Time over the rows query, summed up: players, matches, batches, skills (player-batches), iterations, last_step_mu, last_step_sigma and log_evidence_filtered (the log-probability of every result given the batches before it and the matches before it in its batch); options as skill.ttt_history, and resmooth_every as match_predictions(''ttt'', ...) takes it, which gives log_evidence_forecast instead, resmooths and resmooth_sweeps';
---------------------------------------------------------------------------
-- TrueSkill Through Time in a table the caller owns, updated incrementally
-- (docs/ttt.md, "Incremental smoothing")
---------------------------------------------------------------------------
-- The state is one row per player per match: the match's message to the
-- player's skill (message_pi = 1/variance, message_tau = mean/variance),
-- the player's smoothed rating at the match's batch and its past there (the
-- belief from that batch and the earlier ones).  ttt_state computes it all;
-- ttt_update, given the history (new matches included, whole or from some
-- time on) and the stored state, solves only the batches the new matches
-- reach and returns the rows of every player whose ratings moved, to upsert.

CREATE OR REPLACE FUNCTION skill.ttt_state(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, player_id bigint, played_at timestamptz,
               message_pi float8, message_tau float8, rating skill.rating,
               past skill.rating, solved_matches bigint, window_change float8)
AS 'MODULE_PATHNAME', 'ttt_state'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.ttt_state(text, jsonb) IS
  'TrueSkill Through Time over the rows query, smoothed as skill.ttt_history, as the rows of a state table for skill.ttt_update: one per player per match, with the match''s message to the player''s skill (message_pi = 1/variance, message_tau = mean/variance), the player''s smoothed rating at the match''s batch, its past there (the rating from that batch and the earlier ones alone, what a window of the history starts from), the matches solved (first pass and sweeps), and window_change (0 here, as ttt_update''s); options as skill.ttt_history';

CREATE OR REPLACE FUNCTION skill.ttt_update(rows text, state text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, player_id bigint, played_at timestamptz,
               message_pi float8, message_tau float8, rating skill.rating,
               past skill.rating, solved_matches bigint, window_change float8)
AS 'MODULE_PATHNAME', 'ttt_update'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.ttt_update(text, text, jsonb) IS
  'TrueSkill Through Time updated incrementally: rows is the history with the new matches (late ones included), whole or a window (the matches from some time on), state a query of the stored rows of skill.ttt_state (match_id, player_id, played_at, message_pi, message_tau, past; for a window, also each player''s last row before it); matches without state rows are solved, then every batch their change reaches by more than epsilon; returns the state rows of every player whose ratings moved, to upsert, the matches solved, and window_change: the largest move of a rating before the window that the update leaves unapplied (0 for the whole history); options as skill.ttt_history';

---------------------------------------------------------------------------
-- o!TR: osu! tournament ratings
---------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION skill.otr_rate_match(ratings skill.rating[], scores float8[], options jsonb DEFAULT NULL)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'otr_rate_match'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_rate_match(skill.rating[], float8[], jsonb) IS
  'Deprecated alias of skill.otr_rate (same values; removed in 2.0): o!TR (otr-processor), a tournament match of several games; scores has one row per game and one column per player (NULL: did not play); per-game Plackett-Luce from the match-start ratings, Methods A and B combined, floor and cap; options beta, kappa, gamma, tau, weight_a, weight_b, game_correction_constant, standard_match_length, rating_floor, volatility_cap';

CREATE OR REPLACE FUNCTION skill.otr_rate(ratings skill.rating[], scores float8[], options jsonb DEFAULT NULL)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'otr_rate_match'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_rate(skill.rating[], float8[], jsonb) IS
  'o!TR (otr-processor): new ratings after a tournament match of several games; scores has one row per game and one column per player (NULL: did not play); per-game Plackett-Luce from the match-start ratings, Methods A and B combined, floor and cap; options beta, kappa, gamma, tau, weight_a, weight_b, game_correction_constant, standard_match_length, rating_floor, volatility_cap';

CREATE OR REPLACE FUNCTION skill.otr_predict_win(team_ratings skill.rating[], options jsonb DEFAULT NULL)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'otr_predict_win'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_predict_win(skill.rating[], jsonb) IS
  'o!TR: each player''s (team''s) chance of winning a game, in order: Plackett-Luce predict_win with the options'' beta and kappa, as otr_history predicts a game';

CREATE OR REPLACE FUNCTION skill.otr_predict_win(player skill.rating, opponent skill.rating, options jsonb DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'otr_predict_win_pair'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_predict_win(skill.rating, skill.rating, jsonb) IS
  'o!TR: the chance player beats opponent in a game, skill.otr_predict_win(ARRAY[player, opponent], options)[1]';

CREATE OR REPLACE FUNCTION skill.otr_initial_rating(rank int, ruleset text DEFAULT 'osu')
RETURNS float8
AS 'MODULE_PATHNAME', 'otr_initial_rating'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_initial_rating(int, text) IS
  'o!TR start rating from a global rank: z = ln(rank / e^m) / s with (m, s) per ruleset (osu, taiko, catch, mania4k, mania7k, mania_other); 1200 - 250 z when z > 0, else 1200 - 200 z, clamped to [500, 2000]; NULL rank: 1000. The start volatility is 400';

CREATE OR REPLACE FUNCTION skill.otr_initial_rating(rank int, m float8, s float8)
RETURNS float8
AS 'MODULE_PATHNAME', 'otr_initial_rating_ms'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_initial_rating(int, float8, float8) IS
  'o!TR start rating from a rank with the ruleset constants m and s given';

CREATE OR REPLACE FUNCTION skill.otr_decay(r skill.rating, last_match timestamptz, at timestamptz,
                                peak float8 DEFAULT NULL, options jsonb DEFAULT NULL)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'otr_decay'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_decay(skill.rating, timestamptz, timestamptz, float8, jsonb) IS
  'o!TR weekly decay: the state at `at` of a rating set by a match at last_match; at each Wednesday 12:00 UTC in (last_match, at], from 2019, volatility grows to min(sqrt(v^2 + 500), 400); from 184 idle days the rating drops by 3, not below max(1000, (1000 + peak) / 2); options decay_days, decay_rate, decay_minimum, volatility_growth, volatility_cap, not_before, weekday, hour';

---------------------------------------------------------------------------
-- o!TR over a match history: replay and history
---------------------------------------------------------------------------
-- Rows are one per player per game: match_id, played_at, game_id,
-- player_id, score, ordered by played_at, match_id, game_id (checked).
-- Before each match its players are decayed from their last match to this
-- one (skill.otr_decay), then the match is rated (skill.otr_rate_match);
COMMENT ON TYPE skill.replayed_otr IS
  'A player''s o!TR rating after otr_replay: id, rating, matches rated, the highest mu it had (the decay floor), and the time of its last match';

CREATE OR REPLACE FUNCTION skill_internal.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'otr_replay_step'
LANGUAGE C PARALLEL UNSAFE;
COMMENT ON FUNCTION skill_internal.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8) IS
  'Transition function of skill.otr_replay';

CREATE OR REPLACE FUNCTION skill_internal.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'otr_replay_step'
LANGUAGE C PARALLEL UNSAFE;
COMMENT ON FUNCTION skill_internal.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8, skill.rating) IS
  'Transition function of skill.otr_replay (with priors)';

CREATE OR REPLACE FUNCTION skill_internal.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'otr_replay_step'
LANGUAGE C PARALLEL UNSAFE;
COMMENT ON FUNCTION skill_internal.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8, skill.rating, jsonb) IS
  'Transition function of skill.otr_replay (with priors and options)';

CREATE OR REPLACE FUNCTION skill_internal.otr_replay_final(internal)
RETURNS skill.replayed_otr[]
AS 'MODULE_PATHNAME', 'otr_replay_final'
LANGUAGE C PARALLEL UNSAFE;
COMMENT ON FUNCTION skill_internal.otr_replay_final(internal) IS
  'Final function of skill.otr_replay: every player''s rating, ordered by player_id';

CREATE OR REPLACE AGGREGATE skill.otr_replay(match_id bigint, played_at timestamptz, game_id bigint,
                                  player_id bigint, score float8) (
  SFUNC = skill_internal.otr_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.otr_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.otr_replay(bigint, timestamptz, bigint, bigint, float8) IS
  'o!TR over a match history, one row per player per game, ordered by played_at, match_id, game_id; players start at 1000/400; returns skill.replayed_otr[]';

CREATE OR REPLACE AGGREGATE skill.otr_replay(match_id bigint, played_at timestamptz, game_id bigint,
                                  player_id bigint, score float8, prior skill.rating) (
  SFUNC = skill_internal.otr_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.otr_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.otr_replay(bigint, timestamptz, bigint, bigint, float8, skill.rating) IS
  'o!TR over a match history, starting each player from the prior of its first row (NULL: 1000/400, e.g. skill.otr_initial_rating); returns skill.replayed_otr[]';

CREATE OR REPLACE AGGREGATE skill.otr_replay(match_id bigint, played_at timestamptz, game_id bigint,
                                  player_id bigint, score float8, prior skill.rating, options jsonb) (
  SFUNC = skill_internal.otr_replay_step,
  STYPE = internal,
  FINALFUNC = skill_internal.otr_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.otr_replay(bigint, timestamptz, bigint, bigint, float8, skill.rating, jsonb) IS
  'o!TR over a match history with priors and options: those of otr_rate_match and otr_decay, and as_of (decay every player to that time at the end); see skill.replay_options(''otr''); returns skill.replayed_otr[]';

CREATE OR REPLACE FUNCTION skill.otr_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, games int,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int)
AS 'MODULE_PATHNAME', 'otr_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.otr_history(text, jsonb) IS
  'Replays the rows query (match_id, played_at, game_id, player_id, score [, prior]) with o!TR and returns, per match and player, the games it played, the rating before (after decay) and after, its chance of winning (OpenSkill predict_win among the match''s players), predicted_draw (NULL) and its matches before this one; options as otr_replay''s but as_of';

---------------------------------------------------------------------------
-- Player lifecycle at read time: inactivity, seasons, divisions
-------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION skill.rating_decay(r skill.rating, idle interval, sigma_per_day float8,
                                   max_sigma float8 DEFAULT 8.333333333333334)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'rating_decay'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.rating_decay(skill.rating, interval, float8, float8) IS
  'Inactivity: sigma'' = max(sigma, min(max_sigma, sqrt(sigma^2 + days * sigma_per_day^2))), days = extract(epoch from idle) / 86400; mu unchanged';

CREATE OR REPLACE FUNCTION skill.elo_decay(rating float8, idle interval, grace interval, per_week float8, floor float8)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_decay'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_decay(float8, interval, interval, float8, float8) IS
  'Inactivity for Elo: per_week points for each full week idle past the grace period, never below floor (a rating already below it stays)';

CREATE OR REPLACE FUNCTION skill.season_reset(r skill.rating, keep float8 DEFAULT 0.5, mu0 float8 DEFAULT 25,
                                   sigma0 float8 DEFAULT 8.333333333333334)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'season_reset_rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.season_reset(skill.rating, float8, float8, float8) IS
  'Season soft reset: mu'' = mu0 + keep (mu - mu0), sigma'' = sqrt(keep^2 sigma^2 + (1 - keep^2) sigma0^2)';

CREATE OR REPLACE FUNCTION skill.season_reset(g skill.glicko, keep float8 DEFAULT 0.5, rating0 float8 DEFAULT 1500,
                                   rd0 float8 DEFAULT 350)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'season_reset_glicko'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.season_reset(skill.glicko, float8, float8, float8) IS
  'Season soft reset of a Glicko rating: the same two formulas on rating and RD; volatility unchanged';

CREATE OR REPLACE FUNCTION skill.season_reset(rating float8, keep float8 DEFAULT 0.5, rating0 float8 DEFAULT 1500)
RETURNS float8
AS 'MODULE_PATHNAME', 'season_reset_elo'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.season_reset(float8, float8, float8) IS
  'Season soft reset of an Elo rating: rating0 + keep (rating - rating0)';

CREATE OR REPLACE FUNCTION skill.division(value float8, thresholds float8[], current int DEFAULT NULL,
                               margin float8 DEFAULT 0)
RETURNS int
AS 'MODULE_PATHNAME', 'division'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.division(float8, float8[], int, float8) IS
  'Division 0 .. n of value over ascending thresholds; with the current division, it stays while lower(c) - margin <= value < upper(c) + margin (hysteresis); NULL value or thresholds give NULL';

CREATE OR REPLACE FUNCTION skill.performance_rating(opponents float8[], scores float8[], prior_mean float8 DEFAULT 1500,
                                         prior_sd float8 DEFAULT 350, scale float8 DEFAULT 400)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'performance_rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.performance_rating(float8[], float8[], float8, float8, float8) IS
  'Placement: the maximum a posteriori rating of a player from its first games against rated opponents (scores 1 / 0.5 / 0, logistic with scale), under a normal prior; returned as (rating, standard error)';

CREATE OR REPLACE FUNCTION skill.calibration_search(results float8[], matches int DEFAULT 10, low float8 DEFAULT 0,
                                         high float8 DEFAULT 3000, shrink float8 DEFAULT 0.7,
                                         OUT next_rating float8, OUT next_step float8, OUT played int,
                                         OUT placed bool)
AS 'MODULE_PATHNAME', 'calibration_search'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.calibration_search(float8[], int, float8, float8, float8) IS
  'Placement by calibration: from the middle of [low, high], each result (1 win, 0.5 draw, 0 loss) moves by a step that starts at (high - low)/4 and shrinks by shrink per match; returns the rating to look for opponents at next, the next step, the matches played, and whether the player is placed (next_rating is then the placement)';
COMMENT ON TYPE skill.placement_model IS
  'A least-squares placement model: intercept, one coefficient per feature, residual standard deviation, rows fitted, R^2';

CREATE OR REPLACE FUNCTION skill_internal.placement_fit_step(internal, float8[], float8)
RETURNS internal AS 'MODULE_PATHNAME', 'placement_fit_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.placement_fit_step(internal, float8[], float8) IS 'Transition function of skill.placement_fit';
CREATE OR REPLACE FUNCTION skill_internal.placement_fit_step(internal, float8[], float8, float8)
RETURNS internal AS 'MODULE_PATHNAME', 'placement_fit_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.placement_fit_step(internal, float8[], float8, float8) IS 'Transition function of skill.placement_fit with a ridge';
CREATE OR REPLACE FUNCTION skill_internal.placement_fit_combine(internal, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'placement_fit_combine' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.placement_fit_combine(internal, internal) IS 'Combine function of skill.placement_fit';
CREATE OR REPLACE FUNCTION skill_internal.placement_fit_serialize(internal)
RETURNS bytea AS 'MODULE_PATHNAME', 'placement_fit_serialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.placement_fit_serialize(internal) IS 'Serialize function of skill.placement_fit';
CREATE OR REPLACE FUNCTION skill_internal.placement_fit_deserialize(bytea, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'placement_fit_deserialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.placement_fit_deserialize(bytea, internal) IS 'Deserialize function of skill.placement_fit';
CREATE OR REPLACE FUNCTION skill_internal.placement_fit_final(internal)
RETURNS skill.placement_model AS 'MODULE_PATHNAME', 'placement_fit_final' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill_internal.placement_fit_final(internal) IS 'Final function of skill.placement_fit';

CREATE OR REPLACE AGGREGATE skill.placement_fit(features float8[], target float8) (
  SFUNC = skill_internal.placement_fit_step, STYPE = internal, FINALFUNC = skill_internal.placement_fit_final,
  COMBINEFUNC = skill_internal.placement_fit_combine, SERIALFUNC = skill_internal.placement_fit_serialize,
  DESERIALFUNC = skill_internal.placement_fit_deserialize, PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.placement_fit(float8[], float8) IS
  'Placement by regression: least squares of target on features (an unpenalised intercept), one pass, parallel; rows with a NULL are skipped';
CREATE OR REPLACE AGGREGATE skill.placement_fit(features float8[], target float8, ridge float8) (
  SFUNC = skill_internal.placement_fit_step, STYPE = internal, FINALFUNC = skill_internal.placement_fit_final,
  COMBINEFUNC = skill_internal.placement_fit_combine, SERIALFUNC = skill_internal.placement_fit_serialize,
  DESERIALFUNC = skill_internal.placement_fit_deserialize, PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.placement_fit(float8[], float8, float8) IS
  'Placement by regression with a ridge penalty on the coefficients (not the intercept)';

CREATE OR REPLACE FUNCTION skill.placement_predict(m skill.placement_model, features float8[])
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'placement_predict'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.placement_predict(skill.placement_model, float8[]) IS
  'A placement model applied to a new player''s features: (prediction, residual_sd) as a skill.rating';

---------------------------------------------------------------------------
-- Outcomes from scores (margins)
---------------------------------------------------------------------------
-- Elo and the Glicko families are defined for fractional outcomes: these
-- turn a match's scores (points, games, goals) into the outcome for one
-- side, to pass as the score of elo_rate, glicko_update, glicko2_update.

CREATE OR REPLACE FUNCTION skill.share_outcome(score_for float8, score_against float8, w float8 DEFAULT 0,
                                    k float8 DEFAULT 1, result float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'share_outcome'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.share_outcome(float8, float8, float8, float8, float8) IS
  'Outcome for the side that scored score_for: w r + (1 - w) sigmoid(k logit(clamp(share, 0.01, 0.99))), share = score_for / (score_for + score_against), r = result (1, 0.5, 0; NULL: from comparing the scores); r alone when both scores are 0';

CREATE OR REPLACE FUNCTION skill.difference_outcome(score_for float8, score_against float8, scale float8 DEFAULT 1)
RETURNS float8
AS 'MODULE_PATHNAME', 'difference_outcome'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.difference_outcome(float8, float8, float8) IS
  'Outcome for the side that scored score_for from the score difference: sigmoid((score_for - score_against) / scale)';

---------------------------------------------------------------------------
-- IMS matchmaker compatibility: the rate endpoint's JSON, and the queue's
-- musigma data point taken as it is
---------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION skill.ims_rate(request jsonb)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'ims_rate'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.ims_rate(jsonb) IS
  'The IMS matchmaker rate endpoint: request {"config": {"modelId": "PLACKETT_LUCE", "beta", "epsilon", "mu", "sigma"}, "teams": [{"rank", "team": {"teamId", "players": [{"playerId", "mu", "sigma"}]}}]} rated by Plackett-Luce (kappa = epsilon, tau 0; players without mu/sigma take config''s); returns {"teams": [{"teamId", "players": [{"playerId", "mu", "sigma"}]}]}';

CREATE OR REPLACE FUNCTION skill.party_rating(members skill.rating[], data_point jsonb)
RETURNS float8
AS 'MODULE_PATHNAME', 'party_rating_musigma'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.party_rating(skill.rating[], jsonb) IS
  'IMS party rating with the maxMuWeight, medMuWeight and ordinalDeviations of an IMS queue''s musigma data point (the whole dataPoints entry or its musigma object); a NULL member is an unrated player with the data point''s mu and sigma';

CREATE OR REPLACE FUNCTION skill.form_matches(ticket_ids anyarray, ratings float8[], party_sizes int[],
                                   n_teams int, team_size int, data_point jsonb,
                                   waited interval[] DEFAULT NULL)
RETURNS TABLE (match int, team int, ticket_id anyelement, score float8)
AS 'MODULE_PATHNAME', 'form_matches_musigma'
LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 100;
COMMENT ON FUNCTION skill.form_matches(anyarray, float8[], int[], int, int, jsonb, interval[]) IS
  'form_matches with an IMS queue''s musigma data point: its floor and weight as skill_floor and skill_weight, its beta as every ticket''s window, or with maxBeta, buckets and bucketDuration (seconds) the window each ticket''s waited time has reached';

---------------------------------------------------------------------------
-- Game-server placement: formed matches onto server instances
---------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION skill.place_matches(server_ids anyarray, capacities int[], loads int[],
                                    player_matches int[], latencies float8[],
                                    max_latency float8 DEFAULT NULL,
                                    latency_slack float8 DEFAULT 0)
RETURNS TABLE (match int, server_id anyelement, worst_latency float8)
AS 'MODULE_PATHNAME', 'place_matches'
LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 100;
COMMENT ON FUNCTION skill.place_matches(anyarray, int[], int[], int[], float8[], float8, float8) IS
  'Places matches (players numbered by player_matches, placed in ascending match number) on servers of capacity sessions running loads: latencies is one row per player, one column per server (NULL = unreachable); each match goes to a server with room within max_latency (NULL = no limit) and within latency_slack of its lowest worst-player latency, the least loaded (load/capacity) first; one row per match, server_id NULL when none fits';

CREATE OR REPLACE FUNCTION skill.place_matches(server_ids anyarray, capacities int[], loads int[],
                                    server_regions text[], player_matches int[], player_regions text[],
                                    cross_region_latency float8 DEFAULT NULL,
                                    max_latency float8 DEFAULT NULL,
                                    latency_slack float8 DEFAULT 0)
RETURNS TABLE (match int, server_id anyelement, worst_latency float8)
AS 'MODULE_PATHNAME', 'place_matches_regions'
LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 100;
COMMENT ON FUNCTION skill.place_matches(anyarray, int[], int[], text[], int[], text[], float8, float8, float8) IS
  'place_matches by region: a player''s latency is 0 to a server of its own region and cross_region_latency to any other (NULL = other regions not allowed); otherwise as the latency form';
