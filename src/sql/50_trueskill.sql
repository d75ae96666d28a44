
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

CREATE FUNCTION skill.trueskill_quality(team_ratings skill.rating[],
                                        weights float8[] DEFAULT NULL,
                                        beta float8 DEFAULT 4.166666666666667)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_quality'
LANGUAGE C IMMUTABLE PARALLEL SAFE COST 10;
COMMENT ON FUNCTION skill.trueskill_quality(skill.rating[], float8[], float8) IS
  'Deprecated alias of skill.match_quality(team_ratings, beta, weights) (same values; removed in 2.0): TrueSkill match quality in (0,1]; weights = partial play in [0,1] or NULL';

CREATE FUNCTION skill.trueskill_win_probability(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_win_probability'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_win_probability(skill.rating[], float8) IS
  'Deprecated alias of skill.trueskill_predict_win(...)[1] (same values; removed in 2.0): the chance that the first of exactly two teams beats the second, Phi((sum mu_a - sum mu_b)/sqrt(n*beta^2 + sum sigma^2)), n = all players';

CREATE FUNCTION skill.trueskill_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    link text DEFAULT 'family', draw_model text DEFAULT 'none', draw_probability float8 DEFAULT 0.10,
    draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'trueskill_predict_win_with_draws'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_predict_win(skill.rating[], float8, text, text, float8, float8, float8) IS
  'TrueSkill: each team''s chance of winning, in team order; draw_model ''none'': the chance of performing better, for two teams Phi((sum mu_a - sum mu_b)/sqrt(n*beta^2 + sum sigma^2)), more the normalised pairwise form; link ''logistic'' or ''normal'' uses that curve with beta^2 per player; with a draw model (''native'': the margin from draw_probability, ''threshold'', ''davidson'') two teams'' chances of winning outright';

CREATE FUNCTION skill.trueskill_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    link text DEFAULT 'family', draw_model text DEFAULT 'native', draw_probability float8 DEFAULT 0.10,
    draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_predict_draw'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_predict_draw(skill.rating[], float8, text, text, float8, float8, float8) IS
  'TrueSkill: the chance two teams draw; draw_model ''native'': the performance difference within the draw margin Phi^-1((draw_probability + 1)/2)*sqrt(n)*beta (Herbrich et al. 2007); ''threshold'' (draw_margin) or ''davidson'' (draw_nu) at z = (sum mu_a - sum mu_b)/sqrt(n*beta^2 + sum sigma^2)';

CREATE FUNCTION skill.trueskill_predict_win(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, link text DEFAULT 'family', draw_model text DEFAULT 'none',
    draw_probability float8 DEFAULT 0.10, draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_predict_win_pair'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_predict_win(skill.rating, skill.rating, float8, text, text, float8, float8, float8) IS
  'TrueSkill: the chance player beats opponent, skill.trueskill_predict_win(ARRAY[player, opponent], ...)[1]: Phi((mu - mu_opponent)/sqrt(2*beta^2 + sigma^2 + sigma_opponent^2)) without a draw model, the chance of winning outright with one';

CREATE FUNCTION skill.trueskill_predict_draw(player skill.rating, opponent skill.rating,
    beta float8 DEFAULT 4.166666666666667, link text DEFAULT 'family', draw_model text DEFAULT 'native',
    draw_probability float8 DEFAULT 0.10, draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_predict_draw_pair'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_predict_draw(skill.rating, skill.rating, float8, text, text, float8, float8, float8) IS
  'TrueSkill: the chance player and opponent draw, skill.trueskill_predict_draw(ARRAY[player, opponent], ...)';

CREATE FUNCTION skill.trueskill_expose(r skill.rating, mu float8 DEFAULT 25, sigma float8 DEFAULT 8.333333333333334)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_expose'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_expose(skill.rating, float8, float8) IS
  'TrueSkill leaderboard value r.mu - (mu/sigma)*r.sigma with the environment prior mu, sigma (by default mu - 3*sigma): starts at 0 and rises toward mu';
