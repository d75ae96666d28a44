
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
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 0.08333333333333333,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}')
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'pl_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[]) IS
  'Weng-Lin Plackett-Luce: new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

CREATE FUNCTION skill.bt_full_rate(team_ratings skill.rating[],
    ranks float8[] DEFAULT NULL, scores float8[] DEFAULT NULL, weights float8[] DEFAULT NULL,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 0.08333333333333333,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}')
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'bt_full_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[]) IS
  'Weng-Lin Bradley-Terry, every pair of teams compared: new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

CREATE FUNCTION skill.bt_part_rate(team_ratings skill.rating[],
    ranks float8[] DEFAULT NULL, scores float8[] DEFAULT NULL, weights float8[] DEFAULT NULL,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 0.08333333333333333,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}', window_size int DEFAULT 4)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'bt_part_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[], int) IS
  'Weng-Lin Bradley-Terry, each team compared with the teams within window_size places (averaged): new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

CREATE FUNCTION skill.tm_full_rate(team_ratings skill.rating[],
    ranks float8[] DEFAULT NULL, scores float8[] DEFAULT NULL, weights float8[] DEFAULT NULL,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, tau float8 DEFAULT 0.08333333333333333,
    limit_sigma bool DEFAULT false, balance bool DEFAULT false, margin float8 DEFAULT 0,
    weight_bounds float8[] DEFAULT '{1,2}', epsilon float8 DEFAULT 0.1)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'tm_full_rate'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_rate(skill.rating[], float8[], float8[], float8[], float8, float8, float8, bool, bool, float8, float8[], float8) IS
  'Weng-Lin Thurstone-Mosteller, every pair of teams compared, draw margin epsilon: new ratings after one match, same shape as team_ratings. ranks (lower is better, equal = tie) or scores (higher is better) per team, or neither (list order, first team best); weights per player (shape of team_ratings)';

CREATE FUNCTION skill.tm_part_rate(team_ratings skill.rating[],
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

CREATE FUNCTION skill.pl_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_predict_win(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models); link ''logistic'' or ''normal'' uses that curve in the mu difference over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2) instead';

CREATE FUNCTION skill.pl_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_predict_draw(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models); link ''logistic'' or ''normal'': the chance that the mu difference falls within openskill''s draw margin on that curve over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2), as pl_predict_win''s link';

CREATE FUNCTION skill.pl_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.pl_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

CREATE FUNCTION skill.bt_full_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_predict_win(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models); link ''logistic'' or ''normal'' uses that curve in the mu difference over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2) instead';

CREATE FUNCTION skill.bt_full_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_predict_draw(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models); link ''logistic'' or ''normal'': the chance that the mu difference falls within openskill''s draw margin on that curve over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2), as bt_full_predict_win''s link';

CREATE FUNCTION skill.bt_full_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.bt_full_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

CREATE FUNCTION skill.bt_part_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_predict_win(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models); link ''logistic'' or ''normal'' uses that curve in the mu difference over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2) instead';

CREATE FUNCTION skill.bt_part_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_predict_draw(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models); link ''logistic'' or ''normal'': the chance that the mu difference falls within openskill''s draw margin on that curve over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2), as bt_part_predict_win''s link';

CREATE FUNCTION skill.bt_part_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.bt_part_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

CREATE FUNCTION skill.tm_full_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_predict_win(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models); link ''logistic'' or ''normal'' uses that curve in the mu difference over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2) instead';

CREATE FUNCTION skill.tm_full_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_predict_draw(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models); link ''logistic'' or ''normal'': the chance that the mu difference falls within openskill''s draw margin on that curve over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2), as tm_full_predict_win''s link';

CREATE FUNCTION skill.tm_full_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.tm_full_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

CREATE FUNCTION skill.tm_part_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_predict_win(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models); link ''logistic'' or ''normal'' uses that curve in the mu difference over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2) instead';

CREATE FUNCTION skill.tm_part_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_predict_draw(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models); link ''logistic'' or ''normal'': the chance that the mu difference falls within openskill''s draw margin on that curve over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2), as tm_part_predict_win''s link';

CREATE FUNCTION skill.tm_part_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.tm_part_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

-- The pair forms: a match of two one-player teams (pair_sql.c).
CREATE FUNCTION skill.pl_predict_win(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_win_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_predict_win(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player beats opponent, skill.pl_predict_win(ARRAY[player, opponent], ...)[1] (the same for all five models)';

CREATE FUNCTION skill.pl_predict_draw(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_predict_draw(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player and opponent draw, skill.pl_predict_draw(ARRAY[player, opponent], ...) (the same for all five models)';

CREATE FUNCTION skill.bt_full_predict_win(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_win_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_predict_win(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player beats opponent, skill.bt_full_predict_win(ARRAY[player, opponent], ...)[1] (the same for all five models)';

CREATE FUNCTION skill.bt_full_predict_draw(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_predict_draw(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player and opponent draw, skill.bt_full_predict_draw(ARRAY[player, opponent], ...) (the same for all five models)';

CREATE FUNCTION skill.bt_part_predict_win(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_win_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_predict_win(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player beats opponent, skill.bt_part_predict_win(ARRAY[player, opponent], ...)[1] (the same for all five models)';

CREATE FUNCTION skill.bt_part_predict_draw(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_predict_draw(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player and opponent draw, skill.bt_part_predict_draw(ARRAY[player, opponent], ...) (the same for all five models)';

CREATE FUNCTION skill.tm_full_predict_win(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_win_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_predict_win(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player beats opponent, skill.tm_full_predict_win(ARRAY[player, opponent], ...)[1] (the same for all five models)';

CREATE FUNCTION skill.tm_full_predict_draw(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_predict_draw(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player and opponent draw, skill.tm_full_predict_draw(ARRAY[player, opponent], ...) (the same for all five models)';

CREATE FUNCTION skill.tm_part_predict_win(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_win_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_predict_win(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player beats opponent, skill.tm_part_predict_win(ARRAY[player, opponent], ...)[1] (the same for all five models)';

CREATE FUNCTION skill.tm_part_predict_draw(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, kappa float8 DEFAULT 0.0001, balance bool DEFAULT false,
    link text DEFAULT 'family')
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw_pair'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_predict_draw(skill.rating, skill.rating, float8, float8, bool, text) IS
  'OpenSkill: the chance player and opponent draw, skill.tm_part_predict_draw(ARRAY[player, opponent], ...) (the same for all five models)';
