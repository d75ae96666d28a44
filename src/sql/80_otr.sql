
---------------------------------------------------------------------------
-- o!TR: osu! tournament ratings
---------------------------------------------------------------------------

CREATE FUNCTION skill.otr_rate_match(ratings skill.rating[], scores float8[], options jsonb DEFAULT NULL)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'otr_rate_match'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_rate_match(skill.rating[], float8[], jsonb) IS
  'Deprecated alias of skill.otr_rate (same values; removed in 2.0): o!TR (otr-processor), a tournament match of several games; scores has one row per game and one column per player (NULL: did not play); per-game Plackett-Luce from the match-start ratings, Methods A and B combined, floor and cap; options beta, kappa, gamma, tau, weight_a, weight_b, game_correction_constant, standard_match_length, rating_floor, volatility_cap';

CREATE FUNCTION skill.otr_rate(ratings skill.rating[], scores float8[], options jsonb DEFAULT NULL)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'otr_rate_match'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_rate(skill.rating[], float8[], jsonb) IS
  'o!TR (otr-processor): new ratings after a tournament match of several games; scores has one row per game and one column per player (NULL: did not play); per-game Plackett-Luce from the match-start ratings, Methods A and B combined, floor and cap; options beta, kappa, gamma, tau, weight_a, weight_b, game_correction_constant, standard_match_length, rating_floor, volatility_cap';

CREATE FUNCTION skill.otr_predict_win(team_ratings skill.rating[], options jsonb DEFAULT NULL)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'otr_predict_win'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_predict_win(skill.rating[], jsonb) IS
  'o!TR: each player''s (team''s) chance of winning a game, in order: Plackett-Luce predict_win with the options'' beta and kappa, as otr_history predicts a game';

CREATE FUNCTION skill.otr_predict_win(player skill.rating, opponent skill.rating, options jsonb DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'otr_predict_win_pair'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_predict_win(skill.rating, skill.rating, jsonb) IS
  'o!TR: the chance player beats opponent in a game, skill.otr_predict_win(ARRAY[player, opponent], options)[1]';

CREATE FUNCTION skill.otr_initial_rating(rank int, ruleset text DEFAULT 'osu')
RETURNS float8
AS 'MODULE_PATHNAME', 'otr_initial_rating'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_initial_rating(int, text) IS
  'o!TR start rating from a global rank: z = ln(rank / e^m) / s with (m, s) per ruleset (osu, taiko, catch, mania4k, mania7k, mania_other); 1200 - 250 z when z > 0, else 1200 - 200 z, clamped to [500, 2000]; NULL rank: 1000. The start volatility is 400';

CREATE FUNCTION skill.otr_initial_rating(rank int, m float8, s float8)
RETURNS float8
AS 'MODULE_PATHNAME', 'otr_initial_rating_ms'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_initial_rating(int, float8, float8) IS
  'o!TR start rating from a rank with the ruleset constants m and s given';

CREATE FUNCTION skill.otr_decay(r skill.rating, last_match timestamptz, at timestamptz,
                                peak float8 DEFAULT NULL, options jsonb DEFAULT NULL)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'otr_decay'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_decay(skill.rating, timestamptz, timestamptz, float8, jsonb) IS
  'o!TR weekly decay: the state at `at` of a rating set by a match at last_match; at each Wednesday 12:00 UTC in (last_match, at], from 2019, volatility grows to min(sqrt(v^2 + 500), 400); from 184 idle days the rating drops by 3, not below max(1000, (1000 + peak) / 2); options decay_days, decay_rate, decay_minimum, volatility_growth, volatility_cap, not_before, weekday, hour';
