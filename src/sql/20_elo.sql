
---------------------------------------------------------------------------
-- Elo
---------------------------------------------------------------------------

CREATE FUNCTION skill.elo_expected(rating_a float8, rating_b float8, scale float8 DEFAULT 400)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_expected'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_expected(float8, float8, float8) IS
  'Alias of skill.elo_predict_win, kept until version 1.0: logistic Elo expected score of A against B';

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
  'Alias of skill.elo_normal_predict_win, kept until version 1.0: Gaussian Elo expected score of A against B';

CREATE FUNCTION skill.elo_normal_predict_win(rating_a float8, rating_b float8, s float8 DEFAULT 200)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_expected_normal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_normal_predict_win(float8, float8, float8) IS
  'Gaussian Elo: performances ~ N(rating, s^2), the chance A beats B = Phi((rating_a - rating_b)/(sqrt(2)*s))';

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
