
---------------------------------------------------------------------------
-- Elo
---------------------------------------------------------------------------

CREATE FUNCTION skill.elo_expected(rating_a float8, rating_b float8, scale float8 DEFAULT 400)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_expected'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_expected(float8, float8, float8) IS
  'Deprecated alias of skill.elo_predict_win (same values; removed in 2.0): logistic Elo expected score of A against B';

CREATE FUNCTION skill.elo_predict_win(rating_a float8, rating_b float8, scale float8 DEFAULT 400,
                                      draw_model text DEFAULT 'none', draw_margin float8 DEFAULT NULL,
                                      draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_predict_win'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_predict_win(float8, float8, float8, text, float8, float8) IS
  'Logistic Elo: the chance of A against B; draw_model ''none'': the expected score 1/(1 + 10^((rating_b - rating_a)/scale)); ''threshold'' (draw_margin) or ''davidson'' (draw_nu): the chance A wins outright at z = ln(10)*(rating_a - rating_b)/scale';

CREATE FUNCTION skill.elo_predict_draw(rating_a float8, rating_b float8, scale float8 DEFAULT 400,
                                       draw_model text DEFAULT 'threshold', draw_margin float8 DEFAULT NULL,
                                       draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_predict_draw'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_predict_draw(float8, float8, float8, text, float8, float8) IS
  'Logistic Elo: the chance A and B draw at z = ln(10)*(rating_a - rating_b)/scale, by draw_model ''threshold'' (1 - F(z - draw_margin) - F(-z - draw_margin)) or ''davidson'' (draw_nu/(e^(z/2) + e^(-z/2) + draw_nu)); the model''s parameter has no default';

-- The teams forms: a match's teams, every pair of players on different
-- teams a game, as elo_history predicts.
CREATE FUNCTION skill.elo_predict_win(team_ratings float8[], scale float8 DEFAULT 400,
                                      draw_model text DEFAULT 'none', draw_margin float8 DEFAULT NULL,
                                      draw_nu float8 DEFAULT NULL)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'elo_predict_win_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_predict_win(float8[], float8, text, float8, float8) IS
  'Logistic Elo: each team''s chance of winning, in team order (team_ratings: one team per row, NULL-padded, or 1-D for one player per team): its players'' mean expected score against every player of the other teams, normalised to sum to 1, as elo_history predicts; with a draw model (two teams) the chances of winning outright at z = logit of the first team''s chance';

CREATE FUNCTION skill.elo_predict_draw(team_ratings float8[], scale float8 DEFAULT 400,
                                       draw_model text DEFAULT 'threshold', draw_margin float8 DEFAULT NULL,
                                       draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_predict_draw_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_predict_draw(float8[], float8, text, float8, float8) IS
  'Logistic Elo: the chance two teams draw, by draw_model ''threshold'' (draw_margin) or ''davidson'' (draw_nu) at z = logit of the first team''s chance from skill.elo_predict_win(team_ratings, scale)';

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
  'Deprecated alias of skill.elo_normal_predict_win (same values; removed in 2.0): Gaussian Elo expected score of A against B';

CREATE FUNCTION skill.elo_normal_predict_win(rating_a float8, rating_b float8, s float8 DEFAULT 200)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_expected_normal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_normal_predict_win(float8, float8, float8) IS
  'Gaussian Elo: performances ~ N(rating, s^2), the chance A beats B = Phi((rating_a - rating_b)/(sqrt(2)*s))';

CREATE FUNCTION skill.elo_normal_predict_win(team_ratings float8[], s float8 DEFAULT 200)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'elo_normal_predict_win_teams'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_normal_predict_win(float8[], float8) IS
  'Gaussian Elo: each team''s chance of winning, in team order (team_ratings: one team per row, NULL-padded, or 1-D for one player per team): its players'' mean chance against every player of the other teams, normalised to sum to 1';

CREATE FUNCTION skill.elo_normal_update(rating float8, opponent float8, score float8,
                                        k float8 DEFAULT 32, s float8 DEFAULT 200)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_update_normal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_normal_update(float8, float8, float8, float8, float8) IS
  'Gaussian Elo rating after one game: rating + k*(score - elo_normal_predict_win(rating, opponent, s)); score is 1, 0.5 or 0';

CREATE FUNCTION skill.elo_update_normal(rating float8, opponent float8, score float8,
                                        k float8 DEFAULT 32, s float8 DEFAULT 200)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_update_normal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_update_normal(float8, float8, float8, float8, float8) IS
  'Deprecated alias of skill.elo_normal_update (same values; removed in 2.0): Elo rating after one game with the Gaussian expected score';

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
