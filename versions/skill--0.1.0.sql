-- skill: skill ratings and matchmaking for PostgreSQL.
--
-- This install script is assembled at build time from src/sql/*.sql, one
-- file per family.  Every object lives in schema skill.

\echo Use "CREATE EXTENSION skill" to load this file. \quit

---------------------------------------------------------------------------
-- Types
---------------------------------------------------------------------------

CREATE TYPE skill.rating AS (mu float8, sigma float8);
COMMENT ON TYPE skill.rating IS
  'A Gaussian skill belief (TrueSkill, OpenSkill): mean mu and standard deviation sigma';

CREATE TYPE skill.glicko AS (rating float8, rd float8, vol float8);
COMMENT ON TYPE skill.glicko IS
  'A Glicko-1/2 rating: rating, rating deviation rd, and volatility vol (Glicko-2 only)';

CREATE FUNCTION skill.rating(mu float8 DEFAULT 25, sigma float8 DEFAULT 25/3.0)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.rating(float8, float8) IS
  'Builds a checked skill.rating (finite mu, sigma > 0); defaults are the TrueSkill/OpenSkill prior 25, 25/3';

CREATE FUNCTION skill.glicko(rating float8 DEFAULT 1500, rd float8 DEFAULT 350, vol float8 DEFAULT 0.06)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'glicko'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko(float8, float8, float8) IS
  'Builds a checked skill.glicko (finite rating, rd > 0, vol > 0); defaults 1500, 350, 0.06';

CREATE FUNCTION skill.ordinal(r skill.rating, z float8 DEFAULT 3, alpha float8 DEFAULT 1, target float8 DEFAULT 0)
RETURNS float8
AS 'MODULE_PATHNAME', 'ordinal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.ordinal(skill.rating, float8, float8, float8) IS
  'Conservative skill estimate alpha*((mu - z*sigma) + target/alpha); with the defaults mu - 3*sigma';

---------------------------------------------------------------------------
-- Elo
---------------------------------------------------------------------------

CREATE FUNCTION skill.elo_expected(rating_a float8, rating_b float8, scale float8 DEFAULT 400)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_expected'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_expected(float8, float8, float8) IS
  'Logistic Elo expected score of A against B: 1/(1 + 10^((rating_b - rating_a)/scale))';

CREATE FUNCTION skill.elo_update(rating float8, opponent float8, score float8,
                                 k float8 DEFAULT 32, scale float8 DEFAULT 400)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_update'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_update(float8, float8, float8, float8, float8) IS
  'Elo rating after one game: rating + k*(score - expected); score is 1, 0.5 or 0';

CREATE FUNCTION skill.elo_update(rating float8, opponents float8[], scores float8[],
                                 k float8 DEFAULT 32, scale float8 DEFAULT 400)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_update_period'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_update(float8, float8[], float8[], float8, float8) IS
  'Elo rating after one rating period: rating + k*(sum of scores - sum of expected scores)';

CREATE FUNCTION skill.elo_expected_normal(rating_a float8, rating_b float8, s float8 DEFAULT 200)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_expected_normal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_expected_normal(float8, float8, float8) IS
  'Gaussian Elo expected score: performances ~ N(rating, s^2), P(A beats B) = Phi((rating_a - rating_b)/(sqrt(2)*s))';

CREATE FUNCTION skill.elo_update_normal(rating float8, opponent float8, score float8,
                                        k float8 DEFAULT 32, s float8 DEFAULT 200)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_update_normal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_update_normal(float8, float8, float8, float8, float8) IS
  'Elo rating after one game with the Gaussian expected score: rating + k*(score - elo_expected_normal)';

CREATE FUNCTION skill.elo_k_factor(rating float8, games_played int, thresholds float8[], ks float8[],
                                   provisional_games int DEFAULT 0, provisional_k float8 DEFAULT 40)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_k_factor'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_k_factor(float8, int, float8[], float8[], int, float8) IS
  'K by bracket: ks[i] below thresholds[i], the last ks from the last threshold up; provisional_k while games_played < provisional_games. FIDE: elo_k_factor(r, n, ''{2400}'', ''{20,10}'', 30, 40)';

CREATE FUNCTION skill.elo_rate(ratings float8[], ranks float8[], k float8 DEFAULT 32, scale float8 DEFAULT 400)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'elo_rate'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_rate(float8[], float8[], float8, float8) IS
  'Multiplayer Elo: every pair is a game scored by rank (lower wins, equal draws); each change is k/(n-1) times the summed surplus';

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
  'Glicko-1 expected score E = 1/(1 + 10^(-g(RD_opponent)*(r - r_opponent)/400)), as in the update';

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
  'Glicko-2 expected score 1/(1 + exp(-g(phi_opponent)*(mu - mu_opponent))) on the Glicko-2 scale';

---------------------------------------------------------------------------
-- OpenSkill (Weng-Lin 2011), matching openskill.py 6.2.0
--
-- team_ratings is a 2-D skill.rating[] (one team per row, shorter teams
-- padded with NULL) or a 1-D array (one player per team); the new ratings
-- come back in the same shape.  The rate functions are not STRICT: ranks,
-- scores, weights and weight_bounds may be NULL (= not given); a NULL
-- team_ratings gives NULL; any other NULL argument is an error.
---------------------------------------------------------------------------

CREATE FUNCTION skill.pl_rate(team_ratings skill.rating[],
    ranks float8[] DEFAULT NULL, scores float8[] DEFAULT NULL, weights float8[] DEFAULT NULL,
    beta float8 DEFAULT 25/6.0, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 25/300.0,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}')
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'pl_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[]) IS
  'Weng-Lin Plackett-Luce: new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

CREATE FUNCTION skill.bt_full_rate(team_ratings skill.rating[],
    ranks float8[] DEFAULT NULL, scores float8[] DEFAULT NULL, weights float8[] DEFAULT NULL,
    beta float8 DEFAULT 25/6.0, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 25/300.0,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}')
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'bt_full_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[]) IS
  'Weng-Lin Bradley-Terry, every pair of teams compared: new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

CREATE FUNCTION skill.bt_part_rate(team_ratings skill.rating[],
    ranks float8[] DEFAULT NULL, scores float8[] DEFAULT NULL, weights float8[] DEFAULT NULL,
    beta float8 DEFAULT 25/6.0, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 25/300.0,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}', window_size int DEFAULT 4)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'bt_part_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[], int) IS
  'Weng-Lin Bradley-Terry, each team compared with the teams within window_size places (averaged): new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

CREATE FUNCTION skill.tm_full_rate(team_ratings skill.rating[],
    ranks float8[] DEFAULT NULL, scores float8[] DEFAULT NULL, weights float8[] DEFAULT NULL,
    beta float8 DEFAULT 25/6.0, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 25/300.0,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}', epsilon float8 DEFAULT 0.1)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'tm_full_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[], float8) IS
  'Weng-Lin Thurstone-Mosteller, every pair of teams compared, draw margin epsilon: new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

CREATE FUNCTION skill.tm_part_rate(team_ratings skill.rating[],
    ranks float8[] DEFAULT NULL, scores float8[] DEFAULT NULL, weights float8[] DEFAULT NULL,
    beta float8 DEFAULT 25/6.0, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 25/300.0,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}', epsilon float8 DEFAULT 0.1, window_size int DEFAULT 4)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'tm_part_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[], float8, int) IS
  'Weng-Lin Thurstone-Mosteller, each team compared with the teams within window_size places (averaged), draw margin epsilon: new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

-- Predictions: openskill.py computes them the same way for every model, so
-- each model's three names call one C function.

CREATE FUNCTION skill.pl_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_predict_win(skill.rating[], float8, float8, bool) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models)';

CREATE FUNCTION skill.pl_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_predict_draw(skill.rating[], float8, float8, bool) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models)';

CREATE FUNCTION skill.pl_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.pl_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

CREATE FUNCTION skill.bt_full_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_predict_win(skill.rating[], float8, float8, bool) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models)';

CREATE FUNCTION skill.bt_full_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_predict_draw(skill.rating[], float8, float8, bool) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models)';

CREATE FUNCTION skill.bt_full_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.bt_full_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

CREATE FUNCTION skill.bt_part_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_predict_win(skill.rating[], float8, float8, bool) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models)';

CREATE FUNCTION skill.bt_part_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_predict_draw(skill.rating[], float8, float8, bool) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models)';

CREATE FUNCTION skill.bt_part_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.bt_part_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

CREATE FUNCTION skill.tm_full_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_predict_win(skill.rating[], float8, float8, bool) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models)';

CREATE FUNCTION skill.tm_full_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_predict_draw(skill.rating[], float8, float8, bool) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models)';

CREATE FUNCTION skill.tm_full_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.tm_full_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

CREATE FUNCTION skill.tm_part_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_predict_win(skill.rating[], float8, float8, bool) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models)';

CREATE FUNCTION skill.tm_part_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_predict_draw(skill.rating[], float8, float8, bool) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models)';

CREATE FUNCTION skill.tm_part_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.tm_part_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

---------------------------------------------------------------------------
-- TrueSkill (Herbrich, Minka & Graepel 2006), as the trueskill 0.4.5 package
---------------------------------------------------------------------------

-- Not STRICT: NULL ranks mean list order and NULL weights full play.
-- NULL team_ratings give NULL; a NULL tunable is an error.
-- COST: a rate takes about 50 times as long as a simple operator (0.4 us for
-- 1v1, 2.5 us for 4 teams of 2), so the planner gives big scans parallel
-- workers; quality is about 10 times.
CREATE FUNCTION skill.trueskill_rate(team_ratings skill.rating[],
                                     ranks float8[] DEFAULT NULL,
                                     weights float8[] DEFAULT NULL,
                                     mu float8 DEFAULT 25,
                                     sigma float8 DEFAULT 25/3.0,
                                     beta float8 DEFAULT 25/6.0,
                                     tau float8 DEFAULT 25/300.0,
                                     draw_probability float8 DEFAULT 0.10,
                                     min_delta float8 DEFAULT 0.0001)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'trueskill_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE COST 50;
COMMENT ON FUNCTION skill.trueskill_rate(skill.rating[], float8[], float8[], float8, float8, float8, float8, float8, float8) IS
  'TrueSkill ratings after one match (factor graph, expectation propagation): one team per row of team_ratings (NULL-padded) or one player per team in a 1-D array; ranks per team, lower is better, equal is a draw, NULL = list order; weights = partial play in [0,1], same shape as team_ratings; result in the same shape';

CREATE FUNCTION skill.trueskill_quality(team_ratings skill.rating[],
                                        weights float8[] DEFAULT NULL,
                                        beta float8 DEFAULT 25/6.0)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_quality'
LANGUAGE C IMMUTABLE PARALLEL SAFE COST 10;
COMMENT ON FUNCTION skill.trueskill_quality(skill.rating[], float8[], float8) IS
  'TrueSkill match quality in (0,1]: the chance of a draw relative to a perfectly even match, for any number of teams; weights = partial play in [0,1] or NULL';

CREATE FUNCTION skill.trueskill_win_probability(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_win_probability'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_win_probability(skill.rating[], float8) IS
  'Chance that the first of exactly two teams beats the second: Phi((sum mu_a - sum mu_b)/sqrt(n*beta^2 + sum sigma^2)), n = all players';

CREATE FUNCTION skill.trueskill_expose(r skill.rating, mu float8 DEFAULT 25, sigma float8 DEFAULT 25/3.0)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_expose'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_expose(skill.rating, float8, float8) IS
  'TrueSkill leaderboard value r.mu - (mu/sigma)*r.sigma with the environment prior mu, sigma (by default mu - 3*sigma): starts at 0 and rises toward mu';

---------------------------------------------------------------------------
-- Team Glicko-1 (reading C of shared/seeds/team-glicko1.txt)
---------------------------------------------------------------------------

CREATE FUNCTION skill.team_glicko_rating(team skill.glicko[])
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'team_glicko_rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_rating(skill.glicko[]) IS
  'Team Glicko-1 aggregate of one team: rating = mean rating + 0.5*(350 - rd), rd = sqrt(mean rd^2), vol NULL';

CREATE FUNCTION skill.team_glicko_rate(teams skill.glicko[], score float8,
                                       scale float8 DEFAULT 2.0, rd_max float8 DEFAULT 350)
RETURNS skill.glicko[]
AS 'MODULE_PATHNAME', 'team_glicko_rate'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_rate(skill.glicko[], float8, float8, float8) IS
  'Team Glicko-1 match (reading C): teams is 2 rows (NULL pads the shorter), score the first team''s 1/0.5/0; every player''s new rating and rd, same shape; vol passes through';

CREATE FUNCTION skill.match_quality(teams skill.glicko[])
RETURNS float8
AS 'MODULE_PATHNAME', 'team_glicko_quality'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.match_quality(skill.glicko[]) IS
  'Team Glicko-1 match quality Q = 1/(1 + (d/400)^2 + (rd_combined/400)^2) of 2 teams, d the difference of the team ratings, rd_combined = sqrt(rd_a^2 + rd_b^2)';

---------------------------------------------------------------------------
-- Matchmaking: quality, party ratings, skill window, team balancing, queue
---------------------------------------------------------------------------

CREATE FUNCTION skill.match_quality(team_ratings skill.rating[], beta float8 DEFAULT 25/6.0)
RETURNS float8
AS 'MODULE_PATHNAME', 'match_quality'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.match_quality(skill.rating[], float8) IS
  'TrueSkill match quality (draw probability relative to an even match) of any number of teams: a 2-D array, one team per row, or 1-D for one player per team';

CREATE FUNCTION skill.party_rating(members skill.rating[],
                                   max_mu_weight float8 DEFAULT 2,
                                   med_mu_weight float8 DEFAULT 1,
                                   ordinal_deviations float8 DEFAULT 3)
RETURNS float8
AS 'MODULE_PATHNAME', 'party_rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.party_rating(skill.rating[], float8, float8, float8) IS
  'IMS party rating: (max_mu_weight*max mu + med_mu_weight*median mu)/(sum of weights) - ordinal_deviations*mean sigma; a solo player gets mu - 3*sigma';

CREATE FUNCTION skill.window_beta(waited interval, max_beta float8, buckets int, bucket_duration interval)
RETURNS float8
AS 'MODULE_PATHNAME', 'window_beta'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.window_beta(interval, float8, int, interval) IS
  'IMS widening skill window: bucket i lasts bucket_duration*i^2 and allows max_beta*i/buckets, the last bucket for ever; days count 86400 s, months are refused, a negative wait counts as 0';

CREATE FUNCTION skill.balance_teams(ratings skill.rating[], n_teams int,
                                    parties int[] DEFAULT NULL, z float8 DEFAULT 0)
RETURNS int[]
AS 'MODULE_PATHNAME', 'balance_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.balance_teams(skill.rating[], int, int[], float8) IS
  'Team number (1-based) per player: equal head counts, equal parties values kept together (NULL = solo), smallest gap between the strongest and weakest team''s sum of mu - z*sigma; optimal up to 16 players, a swap heuristic beyond (up to 1000)';

CREATE FUNCTION skill.balance_gap(ratings skill.rating[], teams int[], z float8 DEFAULT 0)
RETURNS float8
AS 'MODULE_PATHNAME', 'balance_gap'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.balance_gap(skill.rating[], int[], float8) IS
  'Strongest minus weakest team''s total strength (sum of mu - z*sigma) of a split given as one team number per player, e.g. of balance_teams';

CREATE FUNCTION skill.form_matches(ticket_ids anyarray, ratings float8[], party_sizes int[], betas float8[],
                                   n_teams int, team_size int,
                                   skill_weight float8 DEFAULT 1, skill_floor float8 DEFAULT 0.5,
                                   terms float8[] DEFAULT NULL, term_spreads float8[] DEFAULT NULL,
                                   term_weights float8[] DEFAULT NULL, term_floors float8[] DEFAULT NULL,
                                   strengths float8[] DEFAULT NULL)
RETURNS TABLE (match int, team int, ticket_id anyelement, score float8)
AS 'MODULE_PATHNAME', 'form_matches'
LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 100;
COMMENT ON FUNCTION skill.form_matches(anyarray, float8[], int[], float8[], int, int, float8, float8,
                                       float8[], float8[], float8[], float8[], float8[]) IS
  'Proposes matches from claimed queue tickets (parallel arrays, oldest first): tickets within each other''s window beta, scored by skill spread plus optional terms, each term at or above its floor, n_teams teams of team_size balanced on strengths (default rating x party size); one row per matched ticket';

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

---------------------------------------------------------------------------
-- History: the replay streamed per (match, player)
---------------------------------------------------------------------------
-- rows is a query returning match_id bigint, played_at timestamptz,
-- player_id bigint, team int, rank float8 [, prior], ordered by
-- played_at, match_id.  Output rows come in match order; predicted_win is
-- the chance the player's team wins, computed before the match.

CREATE FUNCTION skill.pl_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8)
AS 'MODULE_PATHNAME', 'pl_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.pl_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Plackett-Luce) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';

CREATE FUNCTION skill.bt_full_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8)
AS 'MODULE_PATHNAME', 'bt_full_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.bt_full_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Bradley-Terry (full)) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';

CREATE FUNCTION skill.bt_part_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8)
AS 'MODULE_PATHNAME', 'bt_part_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.bt_part_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Bradley-Terry (partial)) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';

CREATE FUNCTION skill.tm_full_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8)
AS 'MODULE_PATHNAME', 'tm_full_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.tm_full_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Thurstone-Mosteller (full)) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';

CREATE FUNCTION skill.tm_part_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8)
AS 'MODULE_PATHNAME', 'tm_part_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.tm_part_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Thurstone-Mosteller (partial)) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';

CREATE FUNCTION skill.trueskill_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8)
AS 'MODULE_PATHNAME', 'trueskill_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.trueskill_history(text, jsonb) IS
  'Replays the rows query (TrueSkill) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';

CREATE FUNCTION skill.elo_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before float8, rating_after float8, predicted_win float8)
AS 'MODULE_PATHNAME', 'elo_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.elo_history(text, jsonb) IS
  'Replays the rows query (multiplayer Elo) and returns, per match and player, the rating before and after and the predicted chance of the player''s team winning';
