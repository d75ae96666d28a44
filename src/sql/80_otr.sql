
---------------------------------------------------------------------------
-- o!TR: osu! tournament ratings
---------------------------------------------------------------------------

CREATE FUNCTION skill.otr_rate_match(ratings skill.rating[], scores float8[], options jsonb DEFAULT NULL)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'otr_rate_match'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_rate_match(skill.rating[], float8[], jsonb) IS
  'o!TR (otr-processor): a tournament match of several games; scores has one row per game and one column per player (NULL: did not play); per-game Plackett-Luce from the match-start ratings, Methods A and B combined, floor and cap; options beta, kappa, gamma, tau, weight_a, weight_b, game_correction_constant, standard_match_length, rating_floor, volatility_cap';
