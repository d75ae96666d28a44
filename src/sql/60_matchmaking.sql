
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

CREATE FUNCTION skill.team_glicko_predict_win(team_ratings skill.glicko[], draw_model text DEFAULT 'none',
                                              draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'team_glicko_predict_win'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_predict_win(skill.glicko[], text, float8, float8) IS
  'Team Glicko-1: each of the two teams'' chance of winning, in team order; draw_model ''none'': the update''s expected scores normalised, E_A/(E_A + E_B) and E_B/(E_A + E_B), as team_glicko_history predicts; ''threshold'' (draw_margin) or ''davidson'' (draw_nu): the chances of winning outright at z = ln(E_A/E_B)';

CREATE FUNCTION skill.team_glicko_predict_win(player skill.glicko, opponent skill.glicko,
                                              draw_model text DEFAULT 'none',
                                              draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'team_glicko_predict_win_pair'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_predict_win(skill.glicko, skill.glicko, text, float8, float8) IS
  'Team Glicko-1: the chance player beats opponent, skill.team_glicko_predict_win(ARRAY[player, opponent], ...)[1] (teams of one; both rd > 0)';

CREATE FUNCTION skill.team_glicko_predict_draw(player skill.glicko, opponent skill.glicko,
                                               draw_model text DEFAULT 'threshold',
                                               draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'team_glicko_predict_draw_pair'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_predict_draw(skill.glicko, skill.glicko, text, float8, float8) IS
  'Team Glicko-1: the chance player and opponent draw, skill.team_glicko_predict_draw(ARRAY[player, opponent], ...) (teams of one; both rd > 0)';

CREATE FUNCTION skill.team_glicko_predict_draw(team_ratings skill.glicko[], draw_model text DEFAULT 'threshold',
                                               draw_margin float8 DEFAULT NULL, draw_nu float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'team_glicko_predict_draw'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_predict_draw(skill.glicko[], text, float8, float8) IS
  'Team Glicko-1: the chance the two teams draw at z = ln(E_A/E_B), by draw_model ''threshold'' (draw_margin) or ''davidson'' (draw_nu); the model''s parameter has no default';

CREATE FUNCTION skill.match_quality(teams skill.glicko[])
RETURNS float8
AS 'MODULE_PATHNAME', 'team_glicko_quality'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.match_quality(skill.glicko[]) IS
  'Team Glicko-1 match quality Q = 1/(1 + (d/400)^2 + (rd_combined/400)^2) of 2 teams, d the difference of the team ratings, rd_combined = sqrt(rd_a^2 + rd_b^2)';

---------------------------------------------------------------------------
-- Matchmaking: quality, party ratings, skill window, team balancing, queue
---------------------------------------------------------------------------

CREATE FUNCTION skill.match_quality(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
                                    weights float8[] DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'match_quality'
LANGUAGE C IMMUTABLE PARALLEL SAFE COST 10;
COMMENT ON FUNCTION skill.match_quality(skill.rating[], float8, float8[]) IS
  'TrueSkill match quality in (0,1]: the chance of a draw relative to a perfectly even match, of any number of teams (a 2-D array, one team per row, or 1-D for one player per team); weights = partial play in [0,1], same shape as team_ratings, or NULL';

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
                                    parties int[] DEFAULT NULL, z float8 DEFAULT 0,
                                    party_bonus float8 DEFAULT 0)
RETURNS int[]
AS 'MODULE_PATHNAME', 'balance_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.balance_teams(skill.rating[], int, int[], float8, float8) IS
  'Team number (1-based) per player: equal head counts, equal parties values kept together (NULL = solo), smallest gap between the strongest and weakest team''s sum of mu - z*sigma (a party of k adds party_bonus * (k - 1)); optimal up to 16 players, a swap heuristic beyond (up to 1000)';

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
                                   strengths float8[] DEFAULT NULL, party_bonus float8 DEFAULT 0)
RETURNS TABLE (match int, team int, ticket_id anyelement, score float8)
AS 'MODULE_PATHNAME', 'form_matches'
LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 100;
COMMENT ON FUNCTION skill.form_matches(anyarray, float8[], int[], float8[], int, int, float8, float8,
                                       float8[], float8[], float8[], float8[], float8[], float8) IS
  'Proposes matches from claimed queue tickets (parallel arrays, oldest first): tickets within each other''s window beta, scored by skill spread plus optional terms, each term at or above its floor, n_teams teams of team_size balanced on strengths (default rating x party size; a party of k adds party_bonus * (k - 1)); one row per matched ticket';
