-- skill 0.1.0 -> 0.2.0: ALTER EXTENSION skill UPDATE brings a 0.1.0 install
-- to exactly the objects a fresh 0.2.0 install has (sql/upgrade.sql checks
-- it).  Data in tables using skill.rating or skill.glicko is untouched:
-- no type changes.  Functions that gained an argument (link on the
-- *_predict_win family, party_bonus on balance_teams and form_matches) are
-- new signatures, so the old ones are dropped; functions whose result
-- columns changed (the *_history functions: predicted_draw, matches_before)
-- are dropped and created again; literal defaults and new comments are
-- replaced in place; everything else is new in 0.2.0.

\echo Use "ALTER EXTENSION skill UPDATE TO '0.2.0'" to load this file. \quit

-- Signatures replaced by 0.2.0's (same names with one more argument).
DROP FUNCTION skill.balance_teams(skill.rating[],integer,integer[],double precision);
DROP FUNCTION skill.bt_full_predict_win(skill.rating[],double precision,double precision,boolean);
DROP FUNCTION skill.bt_part_predict_win(skill.rating[],double precision,double precision,boolean);
DROP FUNCTION skill.form_matches(anyarray,double precision[],integer[],double precision[],integer,integer,double precision,double precision,double precision[],double precision[],double precision[],double precision[],double precision[]);
DROP FUNCTION skill.pl_predict_win(skill.rating[],double precision,double precision,boolean);
DROP FUNCTION skill.tm_full_predict_win(skill.rating[],double precision,double precision,boolean);
DROP FUNCTION skill.tm_part_predict_win(skill.rating[],double precision,double precision,boolean);

-- Changed and new objects, in the order of the 0.2.0 install script.
CREATE OR REPLACE FUNCTION skill.rating(mu float8 DEFAULT 25, sigma float8 DEFAULT 8.333333333333334)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.rating(float8, float8) IS
  'Builds a checked skill.rating (finite mu, sigma > 0); defaults are the TrueSkill/OpenSkill prior 25, 25/3';

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

CREATE FUNCTION skill.pl_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false, link text DEFAULT 'family')
RETURNS float8[]
AS 'MODULE_PATHNAME', 'openskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_predict_win(skill.rating[], float8, float8, bool, text) IS
  'OpenSkill: each team''s chance of winning, in team order, summing to 1 (the same for all five models); link ''logistic'' or ''normal'' uses that curve in the mu difference over sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2) instead';

CREATE OR REPLACE FUNCTION skill.pl_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.pl_predict_draw(skill.rating[], float8, float8, bool) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.pl_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
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

CREATE OR REPLACE FUNCTION skill.bt_full_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_full_predict_draw(skill.rating[], float8, float8, bool) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.bt_full_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
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

CREATE OR REPLACE FUNCTION skill.bt_part_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.bt_part_predict_draw(skill.rating[], float8, float8, bool) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.bt_part_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
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

CREATE OR REPLACE FUNCTION skill.tm_full_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_full_predict_draw(skill.rating[], float8, float8, bool) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.tm_full_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
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

CREATE OR REPLACE FUNCTION skill.tm_part_predict_draw(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS float8
AS 'MODULE_PATHNAME', 'openskill_predict_draw'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.tm_part_predict_draw(skill.rating[], float8, float8, bool) IS
  'OpenSkill: the chance of a draw, averaged over pairs of teams (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.tm_part_predict_rank(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    kappa float8 DEFAULT 0.0001, balance bool DEFAULT false)
RETURNS TABLE (team int, rank int, probability float8)
AS 'MODULE_PATHNAME', 'openskill_predict_rank'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
COMMENT ON FUNCTION skill.tm_part_predict_rank(skill.rating[], float8, float8, bool) IS
  'OpenSkill: one row per team (its subscript in team_ratings), its predicted place (1 = best, ties share a place: 1,1,3) and its chance of winning (the same for all five models)';

CREATE OR REPLACE FUNCTION skill.trueskill_rate(team_ratings skill.rating[],
                                     ranks float8[] DEFAULT NULL,
                                     weights float8[] DEFAULT NULL,
                                     mu float8 DEFAULT 25,
                                     sigma float8 DEFAULT 8.333333333333334,
                                     beta float8 DEFAULT 4.166666666666667,
                                     tau float8 DEFAULT 0.08333333333333333,
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
  'TrueSkill match quality in (0,1]: the chance of a draw relative to a perfectly even match, for any number of teams; weights = partial play in [0,1] or NULL';

CREATE OR REPLACE FUNCTION skill.trueskill_win_probability(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_win_probability'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_win_probability(skill.rating[], float8) IS
  'Alias of skill.trueskill_predict_win(...)[1], kept until version 1.0: the chance that the first of exactly two teams beats the second, Phi((sum mu_a - sum mu_b)/sqrt(n*beta^2 + sum sigma^2)), n = all players';

CREATE FUNCTION skill.trueskill_predict_win(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667,
    link text DEFAULT 'family')
RETURNS float8[]
AS 'MODULE_PATHNAME', 'trueskill_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_predict_win(skill.rating[], float8, text) IS
  'TrueSkill: each team''s chance of winning, in team order: two teams Phi((sum mu_a - sum mu_b)/sqrt(n*beta^2 + sum sigma^2)), more the normalised pairwise form; link ''logistic'' or ''normal'' uses that curve with beta^2 per player';

CREATE OR REPLACE FUNCTION skill.trueskill_expose(r skill.rating, mu float8 DEFAULT 25, sigma float8 DEFAULT 8.333333333333334)
RETURNS float8
AS 'MODULE_PATHNAME', 'trueskill_expose'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.trueskill_expose(skill.rating, float8, float8) IS
  'TrueSkill leaderboard value r.mu - (mu/sigma)*r.sigma with the environment prior mu, sigma (by default mu - 3*sigma): starts at 0 and rises toward mu';

CREATE OR REPLACE FUNCTION skill.match_quality(team_ratings skill.rating[], beta float8 DEFAULT 4.166666666666667)
RETURNS float8
AS 'MODULE_PATHNAME', 'match_quality'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.match_quality(skill.rating[], float8) IS
  'TrueSkill match quality (draw probability relative to an even match) of any number of teams: a 2-D array, one team per row, or 1-D for one player per team';

CREATE FUNCTION skill.balance_teams(ratings skill.rating[], n_teams int,
                                    parties int[] DEFAULT NULL, z float8 DEFAULT 0,
                                    party_bonus float8 DEFAULT 0)
RETURNS int[]
AS 'MODULE_PATHNAME', 'balance_teams'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.balance_teams(skill.rating[], int, int[], float8, float8) IS
  'Team number (1-based) per player: equal head counts, equal parties values kept together (NULL = solo), smallest gap between the strongest and weakest team''s sum of mu - z*sigma (a party of k adds party_bonus * (k - 1)); optimal up to 16 players, a swap heuristic beyond (up to 1000)';

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
  'Proposes matches from claimed queue tickets (parallel arrays, oldest first): tickets within each other''s window beta, scored by skill spread plus optional terms, each term at or above its floor, n_teams teams of team_size balanced on strengths (default rating x party size); one row per matched ticket';

COMMENT ON TYPE skill.replayed_glicko IS
  'A player''s Glicko rating after glicko_replay (vol NULL) or glicko2_replay: id, rating, number of matches rated';

COMMENT ON AGGREGATE skill.pl_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Plackett-Luce) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_rating[]';

COMMENT ON AGGREGATE skill.bt_full_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Bradley-Terry (full pairing)) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_rating[]';

COMMENT ON AGGREGATE skill.bt_part_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Bradley-Terry (partial pairing)) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_rating[]';

COMMENT ON AGGREGATE skill.tm_full_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (full pairing)) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_rating[]';

COMMENT ON AGGREGATE skill.tm_part_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (OpenSkill Thurstone-Mosteller (partial pairing)) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_rating[]';

COMMENT ON AGGREGATE skill.trueskill_replay(bigint, timestamptz, bigint, int, float8, skill.rating, jsonb) IS
  'Replays a match history (TrueSkill) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_rating[]';

COMMENT ON AGGREGATE skill.elo_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (multiplayer Elo) ordered by played_at, match_id; returns skill.replayed_elo[]';

COMMENT ON AGGREGATE skill.elo_replay(bigint, timestamptz, bigint, int, float8, float8) IS
  'Replays a match history (multiplayer Elo) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_elo[]';

COMMENT ON AGGREGATE skill.elo_replay(bigint, timestamptz, bigint, int, float8, float8, jsonb) IS
  'Replays a match history (multiplayer Elo) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_elo[]';

CREATE FUNCTION skill.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8) IS
  'Transition function of skill.glicko_replay';

CREATE FUNCTION skill.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko) IS
  'Transition function of skill.glicko_replay with priors';

CREATE FUNCTION skill.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_replay_step(internal, bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Transition function of skill.glicko_replay with priors and options';

CREATE FUNCTION skill.glicko_replay_final(internal)
RETURNS skill.replayed_glicko[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_replay_final(internal) IS
  'Final function of skill.glicko_replay: rates the last match and lists every player';

CREATE AGGREGATE skill.glicko_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill.glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill.glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko_replay(bigint, timestamptz, timestamptz, bigint, int, float8) IS
  'Replays a match history (Glicko-1) ordered by played_at, match_id; returns skill.replayed_glicko[]';

CREATE AGGREGATE skill.glicko_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8, prior skill.glicko) (
  SFUNC = skill.glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill.glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko_replay(bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko) IS
  'Replays a match history (Glicko-1) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_glicko[]';

CREATE AGGREGATE skill.glicko_replay(match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8, prior skill.glicko, options jsonb) (
  SFUNC = skill.glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill.glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.glicko_replay(bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Replays a match history (Glicko-1) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_glicko[]';

COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, timestamptz, bigint, int, float8) IS
  'Replays a match history (Glicko-2) ordered by played_at, match_id; returns skill.replayed_glicko[]';

COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko) IS
  'Replays a match history (Glicko-2) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_glicko[]';

COMMENT ON AGGREGATE skill.glicko2_replay(bigint, timestamptz, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Replays a match history (Glicko-2) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_glicko[]';

CREATE FUNCTION skill.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'team_glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8) IS
  'Transition function of skill.team_glicko_replay';

CREATE FUNCTION skill.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko)
RETURNS internal
AS 'MODULE_PATHNAME', 'team_glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko) IS
  'Transition function of skill.team_glicko_replay with priors';

CREATE FUNCTION skill.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'team_glicko_replay_step'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_replay_step(internal, bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Transition function of skill.team_glicko_replay with priors and options';

CREATE FUNCTION skill.team_glicko_replay_final(internal)
RETURNS skill.replayed_glicko[]
AS 'MODULE_PATHNAME', 'replay_final'
LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.team_glicko_replay_final(internal) IS
  'Final function of skill.team_glicko_replay: rates the last match and lists every player';

CREATE AGGREGATE skill.team_glicko_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8) (
  SFUNC = skill.team_glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill.team_glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.team_glicko_replay(bigint, timestamptz, bigint, int, float8) IS
  'Replays a match history (team Glicko-1) ordered by played_at, match_id; returns skill.replayed_glicko[]';

CREATE AGGREGATE skill.team_glicko_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.glicko) (
  SFUNC = skill.team_glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill.team_glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.team_glicko_replay(bigint, timestamptz, bigint, int, float8, skill.glicko) IS
  'Replays a match history (team Glicko-1) ordered by played_at, match_id, starting from each player''s prior (NULL = default); returns skill.replayed_glicko[]';

CREATE AGGREGATE skill.team_glicko_replay(match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, prior skill.glicko, options jsonb) (
  SFUNC = skill.team_glicko_replay_step,
  STYPE = internal,
  FINALFUNC = skill.team_glicko_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.team_glicko_replay(bigint, timestamptz, bigint, int, float8, skill.glicko, jsonb) IS
  'Replays a match history (team Glicko-1) ordered by played_at, match_id, with priors and options (see skill.replay_options()); returns skill.replayed_glicko[]';

DROP FUNCTION skill.pl_history(text,jsonb);
CREATE FUNCTION skill.pl_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int)
AS 'MODULE_PATHNAME', 'pl_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.pl_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Plackett-Luce) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none), and the player''s matches before this one';

DROP FUNCTION skill.bt_full_history(text,jsonb);
CREATE FUNCTION skill.bt_full_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int)
AS 'MODULE_PATHNAME', 'bt_full_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.bt_full_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Bradley-Terry (full pairing)) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none), and the player''s matches before this one';

DROP FUNCTION skill.bt_part_history(text,jsonb);
CREATE FUNCTION skill.bt_part_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int)
AS 'MODULE_PATHNAME', 'bt_part_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.bt_part_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Bradley-Terry (partial pairing)) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none), and the player''s matches before this one';

DROP FUNCTION skill.tm_full_history(text,jsonb);
CREATE FUNCTION skill.tm_full_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int)
AS 'MODULE_PATHNAME', 'tm_full_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.tm_full_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Thurstone-Mosteller (full pairing)) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none), and the player''s matches before this one';

DROP FUNCTION skill.tm_part_history(text,jsonb);
CREATE FUNCTION skill.tm_part_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int)
AS 'MODULE_PATHNAME', 'tm_part_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.tm_part_history(text, jsonb) IS
  'Replays the rows query (OpenSkill Thurstone-Mosteller (partial pairing)) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none), and the player''s matches before this one';

DROP FUNCTION skill.trueskill_history(text,jsonb);
CREATE FUNCTION skill.trueskill_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int)
AS 'MODULE_PATHNAME', 'trueskill_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.trueskill_history(text, jsonb) IS
  'Replays the rows query (TrueSkill) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none), and the player''s matches before this one';

DROP FUNCTION skill.elo_history(text,jsonb);
CREATE FUNCTION skill.elo_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before float8, rating_after float8, predicted_win float8,
               predicted_draw float8, matches_before int)
AS 'MODULE_PATHNAME', 'elo_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.elo_history(text, jsonb) IS
  'Replays the rows query (multiplayer Elo) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none), and the player''s matches before this one';

CREATE FUNCTION skill.glicko_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.glicko, rating_after skill.glicko, predicted_win float8,
               predicted_draw float8, matches_before int)
AS 'MODULE_PATHNAME', 'glicko_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.glicko_history(text, jsonb) IS
  'Replays the rows query (Glicko-1) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none), and the player''s matches before this one';

CREATE FUNCTION skill.glicko2_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.glicko, rating_after skill.glicko, predicted_win float8,
               predicted_draw float8, matches_before int)
AS 'MODULE_PATHNAME', 'glicko2_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.glicko2_history(text, jsonb) IS
  'Replays the rows query (Glicko-2) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none), and the player''s matches before this one';

CREATE FUNCTION skill.team_glicko_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
               rating_before skill.glicko, rating_after skill.glicko, predicted_win float8,
               predicted_draw float8, matches_before int)
AS 'MODULE_PATHNAME', 'team_glicko_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.team_glicko_history(text, jsonb) IS
  'Replays the rows query (team Glicko-1) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none), and the player''s matches before this one';

CREATE FUNCTION skill.replay(family text, rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (player_id bigint, rating float8[], matches int)
AS 'MODULE_PATHNAME', 'replay_by_name'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.replay(text, text, jsonb) IS
  'Replays the rows query with the named family (pl, elo, glicko2, ...) from memory: every player''s final rating as an array of its fields (mu, sigma / rating / rating, rd, vol) and the number of matches rated; equal to the family''s replay aggregate';

CREATE FUNCTION skill.replay_options(family text DEFAULT NULL)
RETURNS TABLE (family text, option text, type text, default_value text, rule text, help text)
AS 'MODULE_PATHNAME', 'replay_options'
LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.replay_options(text) IS
  'The options each replay family takes in its options jsonb: name, type, default, allowed values and meaning (NULL family: every family)';

CREATE FUNCTION skill.fit(system text, rows text, search jsonb, options jsonb DEFAULT NULL)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'fit'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.fit(text, text, jsonb, jsonb) IS
  'Fits a rating system''s parameters (search: {"name": [low, high]}) by the log-loss of its pre-match win probabilities over the rows query''s two-team matches; options train_until, score_from, experienced, max_evaluations and options (fixed system options); returns the parameters, train and held-out scores, evaluations and seconds';

CREATE FUNCTION skill.match_predictions(system text, rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, teams int, team int, predicted_win float8,
               predicted_draw float8, outcome float8, min_matches_before int)
AS 'MODULE_PATHNAME', 'match_predictions'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.match_predictions(text, text, jsonb) IS
  'Replays the rows query with the named system and returns one row per match: the first team''s (lowest team number) chance of winning and the chance of a draw before the match, its outcome (1 won, 0.5 shared the best rank, 0 lost) and the fewest earlier matches of any player, ready for scoring';

CREATE TYPE skill.prediction_score AS (
  n bigint, log_loss float8, brier float8, accuracy float8, ece float8,
  calibration_slope float8, calibration_intercept float8);
COMMENT ON TYPE skill.prediction_score IS
  'Scores of probabilistic predictions: count, log-loss, Brier score, accuracy, expected calibration error, and the maximum-likelihood calibration slope and intercept';

CREATE TYPE skill.calibration_bucket AS (bucket int, n bigint, mean_predicted float8, observed float8);
COMMENT ON TYPE skill.calibration_bucket IS
  'One bucket of a reliability diagram: its number (1 = lowest probabilities), count, mean predicted probability and mean outcome';

CREATE FUNCTION skill.prediction_score_step(internal, float8, float8)
RETURNS internal AS 'MODULE_PATHNAME', 'prediction_score_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.prediction_score_step(internal, float8, float8) IS
  'Transition function of skill.prediction_score and skill.calibration_table';

CREATE FUNCTION skill.prediction_score_step(internal, float8, float8, int)
RETURNS internal AS 'MODULE_PATHNAME', 'prediction_score_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.prediction_score_step(internal, float8, float8, int) IS
  'Transition function of skill.prediction_score and skill.calibration_table with buckets';

CREATE FUNCTION skill.prediction_score_combine(internal, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'prediction_score_combine' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.prediction_score_combine(internal, internal) IS
  'Combine function of skill.prediction_score and skill.calibration_table';

CREATE FUNCTION skill.prediction_score_serialize(internal)
RETURNS bytea AS 'MODULE_PATHNAME', 'prediction_score_serialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.prediction_score_serialize(internal) IS
  'Serialize function of skill.prediction_score and skill.calibration_table';

CREATE FUNCTION skill.prediction_score_deserialize(bytea, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'prediction_score_deserialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.prediction_score_deserialize(bytea, internal) IS
  'Deserialize function of skill.prediction_score and skill.calibration_table';

CREATE FUNCTION skill.prediction_score_final(internal)
RETURNS skill.prediction_score AS 'MODULE_PATHNAME', 'prediction_score_final' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.prediction_score_final(internal) IS
  'Final function of skill.prediction_score';

CREATE FUNCTION skill.calibration_table_final(internal)
RETURNS skill.calibration_bucket[] AS 'MODULE_PATHNAME', 'calibration_table_final' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.calibration_table_final(internal) IS
  'Final function of skill.calibration_table';

CREATE AGGREGATE skill.prediction_score(p float8, outcome float8) (
  SFUNC = skill.prediction_score_step, STYPE = internal,
  FINALFUNC = skill.prediction_score_final, COMBINEFUNC = skill.prediction_score_combine,
  SERIALFUNC = skill.prediction_score_serialize, DESERIALFUNC = skill.prediction_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.prediction_score(float8, float8) IS
  'Scores predictions p (the chance one side wins) against outcomes (1 won, 0 lost, 0.5 draw): log-loss, Brier, accuracy, ECE over 10 buckets, calibration slope and intercept; NULL rows skipped';

CREATE AGGREGATE skill.prediction_score(p float8, outcome float8, buckets int) (
  SFUNC = skill.prediction_score_step, STYPE = internal,
  FINALFUNC = skill.prediction_score_final, COMBINEFUNC = skill.prediction_score_combine,
  SERIALFUNC = skill.prediction_score_serialize, DESERIALFUNC = skill.prediction_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.prediction_score(float8, float8, int) IS
  'Scores predictions p against outcomes as skill.prediction_score, with the ECE over the given number of buckets';

CREATE AGGREGATE skill.calibration_table(p float8, outcome float8) (
  SFUNC = skill.prediction_score_step, STYPE = internal,
  FINALFUNC = skill.calibration_table_final, COMBINEFUNC = skill.prediction_score_combine,
  SERIALFUNC = skill.prediction_score_serialize, DESERIALFUNC = skill.prediction_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.calibration_table(float8, float8) IS
  'The reliability diagram of predictions p against outcomes: skill.calibration_bucket[] over 10 buckets of p';

CREATE AGGREGATE skill.calibration_table(p float8, outcome float8, buckets int) (
  SFUNC = skill.prediction_score_step, STYPE = internal,
  FINALFUNC = skill.calibration_table_final, COMBINEFUNC = skill.prediction_score_combine,
  SERIALFUNC = skill.prediction_score_serialize, DESERIALFUNC = skill.prediction_score_deserialize,
  PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.calibration_table(float8, float8, int) IS
  'The reliability diagram of predictions p against outcomes over the given number of buckets of p';

CREATE FUNCTION skill.evaluate(rows text, systems text[], options jsonb DEFAULT NULL)
RETURNS TABLE (system text, n bigint, log_loss float8, brier float8, accuracy float8, ece float8,
               calibration_slope float8, calibration_intercept float8)
AS 'MODULE_PATHNAME', 'evaluate'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.evaluate(text, text[], jsonb) IS
  'Replays the rows query with each named system (elo, glicko, glicko2, pl, bt_full, ..., trueskill) and scores its pre-match win probabilities over the two-team matches; options score_from, experienced, buckets, and per system its options ({"elo": {"k": 24}})';

CREATE FUNCTION skill.otr_rate_match(ratings skill.rating[], scores float8[], options jsonb DEFAULT NULL)
RETURNS skill.rating[]
AS 'MODULE_PATHNAME', 'otr_rate_match'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.otr_rate_match(skill.rating[], float8[], jsonb) IS
  'o!TR (otr-processor): a tournament match of several games; scores has one row per game and one column per player (NULL: did not play); per-game Plackett-Luce from the match-start ratings, Methods A and B combined, floor and cap; options beta, kappa, gamma, tau, weight_a, weight_b, game_correction_constant, standard_match_length, rating_floor, volatility_cap';

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

CREATE FUNCTION skill.rating_decay(r skill.rating, idle interval, sigma_per_day float8,
                                   max_sigma float8 DEFAULT 8.333333333333334)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'rating_decay'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.rating_decay(skill.rating, interval, float8, float8) IS
  'Inactivity: sigma'' = max(sigma, min(max_sigma, sqrt(sigma^2 + days * sigma_per_day^2))), days = extract(epoch from idle) / 86400; mu unchanged';

CREATE FUNCTION skill.elo_decay(rating float8, idle interval, grace interval, per_week float8, floor float8)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_decay'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_decay(float8, interval, interval, float8, float8) IS
  'Inactivity for Elo: per_week points for each full week idle past the grace period, never below floor (a rating already below it stays)';

CREATE FUNCTION skill.season_reset(r skill.rating, keep float8 DEFAULT 0.5, mu0 float8 DEFAULT 25,
                                   sigma0 float8 DEFAULT 8.333333333333334)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'season_reset_rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.season_reset(skill.rating, float8, float8, float8) IS
  'Season soft reset: mu'' = mu0 + keep (mu - mu0), sigma'' = sqrt(keep^2 sigma^2 + (1 - keep^2) sigma0^2)';

CREATE FUNCTION skill.season_reset(g skill.glicko, keep float8 DEFAULT 0.5, rating0 float8 DEFAULT 1500,
                                   rd0 float8 DEFAULT 350)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'season_reset_glicko'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.season_reset(skill.glicko, float8, float8, float8) IS
  'Season soft reset of a Glicko rating: the same two formulas on rating and RD; volatility unchanged';

CREATE FUNCTION skill.season_reset(rating float8, keep float8 DEFAULT 0.5, rating0 float8 DEFAULT 1500)
RETURNS float8
AS 'MODULE_PATHNAME', 'season_reset_elo'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.season_reset(float8, float8, float8) IS
  'Season soft reset of an Elo rating: rating0 + keep (rating - rating0)';

CREATE FUNCTION skill.division(value float8, thresholds float8[], current int DEFAULT NULL,
                               margin float8 DEFAULT 0)
RETURNS int
AS 'MODULE_PATHNAME', 'division'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.division(float8, float8[], int, float8) IS
  'Division 0 .. n of value over ascending thresholds; with the current division, it stays while lower(c) - margin <= value < upper(c) + margin (hysteresis); NULL value or thresholds give NULL';

CREATE FUNCTION skill.performance_rating(opponents float8[], scores float8[], prior_mean float8 DEFAULT 1500,
                                         prior_sd float8 DEFAULT 350, scale float8 DEFAULT 400)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'performance_rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.performance_rating(float8[], float8[], float8, float8, float8) IS
  'Placement: the maximum a posteriori rating of a player from its first games against rated opponents (scores 1 / 0.5 / 0, logistic with scale), under a normal prior; returned as (rating, standard error)';

CREATE FUNCTION skill.calibration_search(results float8[], matches int DEFAULT 10, low float8 DEFAULT 0,
                                         high float8 DEFAULT 3000, shrink float8 DEFAULT 0.7,
                                         OUT next_rating float8, OUT next_step float8, OUT played int,
                                         OUT placed bool)
AS 'MODULE_PATHNAME', 'calibration_search'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.calibration_search(float8[], int, float8, float8, float8) IS
  'Placement by calibration: from the middle of [low, high], each result (1 win, 0.5 draw, 0 loss) moves by a step that starts at (high - low)/4 and shrinks by shrink per match; returns the rating to look for opponents at next, the next step, the matches played, and whether the player is placed (next_rating is then the placement)';

CREATE TYPE skill.placement_model AS (intercept float8, coefficients float8[], residual_sd float8, n bigint, r2 float8);
COMMENT ON TYPE skill.placement_model IS
  'A least-squares placement model: intercept, one coefficient per feature, residual standard deviation, rows fitted, R^2';

CREATE FUNCTION skill.placement_fit_step(internal, float8[], float8)
RETURNS internal AS 'MODULE_PATHNAME', 'placement_fit_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.placement_fit_step(internal, float8[], float8) IS 'Transition function of skill.placement_fit';

CREATE FUNCTION skill.placement_fit_step(internal, float8[], float8, float8)
RETURNS internal AS 'MODULE_PATHNAME', 'placement_fit_step' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.placement_fit_step(internal, float8[], float8, float8) IS 'Transition function of skill.placement_fit with a ridge';

CREATE FUNCTION skill.placement_fit_combine(internal, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'placement_fit_combine' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.placement_fit_combine(internal, internal) IS 'Combine function of skill.placement_fit';

CREATE FUNCTION skill.placement_fit_serialize(internal)
RETURNS bytea AS 'MODULE_PATHNAME', 'placement_fit_serialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.placement_fit_serialize(internal) IS 'Serialize function of skill.placement_fit';

CREATE FUNCTION skill.placement_fit_deserialize(bytea, internal)
RETURNS internal AS 'MODULE_PATHNAME', 'placement_fit_deserialize' LANGUAGE C STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.placement_fit_deserialize(bytea, internal) IS 'Deserialize function of skill.placement_fit';

CREATE FUNCTION skill.placement_fit_final(internal)
RETURNS skill.placement_model AS 'MODULE_PATHNAME', 'placement_fit_final' LANGUAGE C PARALLEL SAFE;
COMMENT ON FUNCTION skill.placement_fit_final(internal) IS 'Final function of skill.placement_fit';

CREATE AGGREGATE skill.placement_fit(features float8[], target float8) (
  SFUNC = skill.placement_fit_step, STYPE = internal, FINALFUNC = skill.placement_fit_final,
  COMBINEFUNC = skill.placement_fit_combine, SERIALFUNC = skill.placement_fit_serialize,
  DESERIALFUNC = skill.placement_fit_deserialize, PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.placement_fit(float8[], float8) IS
  'Placement by regression: least squares of target on features (an unpenalised intercept), one pass, parallel; rows with a NULL are skipped';

CREATE AGGREGATE skill.placement_fit(features float8[], target float8, ridge float8) (
  SFUNC = skill.placement_fit_step, STYPE = internal, FINALFUNC = skill.placement_fit_final,
  COMBINEFUNC = skill.placement_fit_combine, SERIALFUNC = skill.placement_fit_serialize,
  DESERIALFUNC = skill.placement_fit_deserialize, PARALLEL = SAFE);
COMMENT ON AGGREGATE skill.placement_fit(float8[], float8, float8) IS
  'Placement by regression with a ridge penalty on the coefficients (not the intercept)';

CREATE FUNCTION skill.placement_predict(m skill.placement_model, features float8[])
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'placement_predict'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.placement_predict(skill.placement_model, float8[]) IS
  'A placement model applied to a new player''s features: (prediction, residual_sd) as a skill.rating';

-- One name family for the chance of winning, *_predict_win; the older
-- names stay as aliases until version 1.0.
COMMENT ON FUNCTION skill.elo_expected(float8, float8, float8) IS
  'Alias of skill.elo_predict_win, kept until version 1.0: logistic Elo expected score of A against B';

CREATE FUNCTION skill.elo_predict_win(rating_a float8, rating_b float8, scale float8 DEFAULT 400)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_expected'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_predict_win(float8, float8, float8) IS
  'Logistic Elo: the chance (expected score) of A against B, 1/(1 + 10^((rating_b - rating_a)/scale))';

COMMENT ON FUNCTION skill.elo_expected_normal(float8, float8, float8) IS
  'Alias of skill.elo_normal_predict_win, kept until version 1.0: Gaussian Elo expected score of A against B';

CREATE FUNCTION skill.elo_normal_predict_win(rating_a float8, rating_b float8, s float8 DEFAULT 200)
RETURNS float8
AS 'MODULE_PATHNAME', 'elo_expected_normal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.elo_normal_predict_win(float8, float8, float8) IS
  'Gaussian Elo: performances ~ N(rating, s^2), the chance A beats B = Phi((rating_a - rating_b)/(sqrt(2)*s))';

COMMENT ON FUNCTION skill.glicko_expected(skill.glicko, skill.glicko) IS
  'Glicko-1 expected score E = 1/(1 + 10^(-g(RD_opponent)*(r - r_opponent)/400)), as in the update (the chance of winning, with both RDs, is skill.glicko_predict_win)';

CREATE FUNCTION skill.glicko_predict_win(player skill.glicko, opponent skill.glicko)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_predict_win(skill.glicko, skill.glicko) IS
  'Glicko: the chance player beats opponent, both ratings uncertain (Glickman 1999): 1/(1 + 10^(-g(sqrt(RD^2 + RD_opponent^2))*(r - r_opponent)/400)), as the histories predict';

COMMENT ON FUNCTION skill.glicko2_expected(skill.glicko, skill.glicko) IS
  'Glicko-2 expected score 1/(1 + exp(-g(phi_opponent)*(mu - mu_opponent))) on the Glicko-2 scale, as in the update (the chance of winning is skill.glicko2_predict_win)';

CREATE FUNCTION skill.glicko2_predict_win(player skill.glicko, opponent skill.glicko)
RETURNS float8
AS 'MODULE_PATHNAME', 'glicko_predict_win'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko2_predict_win(skill.glicko, skill.glicko) IS
  'Glicko-2: the chance player beats opponent, 1/(1 + exp(-g(sqrt(phi^2 + phi_opponent^2))*(mu - mu_opponent))), equal to skill.glicko_predict_win on the stored Glicko-1 scale; vol is not used';

-- o!TR over a match history (#14) and outcomes from scores (#20).
CREATE TYPE skill.replayed_otr AS (player_id bigint, rating skill.rating, matches int,
                                   peak float8, last_played timestamptz);
COMMENT ON TYPE skill.replayed_otr IS
  'A player''s o!TR rating after otr_replay: id, rating, matches rated, the highest mu it had (the decay floor), and the time of its last match';

CREATE FUNCTION skill.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8)
RETURNS internal
AS 'MODULE_PATHNAME', 'otr_replay_step'
LANGUAGE C PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8) IS
  'Transition function of skill.otr_replay';

CREATE FUNCTION skill.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8, skill.rating)
RETURNS internal
AS 'MODULE_PATHNAME', 'otr_replay_step'
LANGUAGE C PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8, skill.rating) IS
  'Transition function of skill.otr_replay (with priors)';

CREATE FUNCTION skill.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8, skill.rating, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'otr_replay_step'
LANGUAGE C PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.otr_replay_step(internal, bigint, timestamptz, bigint, bigint, float8, skill.rating, jsonb) IS
  'Transition function of skill.otr_replay (with priors and options)';

CREATE FUNCTION skill.otr_replay_final(internal)
RETURNS skill.replayed_otr[]
AS 'MODULE_PATHNAME', 'otr_replay_final'
LANGUAGE C PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.otr_replay_final(internal) IS
  'Final function of skill.otr_replay: every player''s rating, ordered by player_id';

CREATE AGGREGATE skill.otr_replay(match_id bigint, played_at timestamptz, game_id bigint,
                                  player_id bigint, score float8) (
  SFUNC = skill.otr_replay_step,
  STYPE = internal,
  FINALFUNC = skill.otr_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.otr_replay(bigint, timestamptz, bigint, bigint, float8) IS
  'o!TR over a match history, one row per player per game, ordered by played_at, match_id, game_id; players start at 1000/400; returns skill.replayed_otr[]';

CREATE AGGREGATE skill.otr_replay(match_id bigint, played_at timestamptz, game_id bigint,
                                  player_id bigint, score float8, prior skill.rating) (
  SFUNC = skill.otr_replay_step,
  STYPE = internal,
  FINALFUNC = skill.otr_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.otr_replay(bigint, timestamptz, bigint, bigint, float8, skill.rating) IS
  'o!TR over a match history, starting each player from the prior of its first row (NULL: 1000/400, e.g. skill.otr_initial_rating); returns skill.replayed_otr[]';

CREATE AGGREGATE skill.otr_replay(match_id bigint, played_at timestamptz, game_id bigint,
                                  player_id bigint, score float8, prior skill.rating, options jsonb) (
  SFUNC = skill.otr_replay_step,
  STYPE = internal,
  FINALFUNC = skill.otr_replay_final,
  FINALFUNC_MODIFY = READ_WRITE
);
COMMENT ON AGGREGATE skill.otr_replay(bigint, timestamptz, bigint, bigint, float8, skill.rating, jsonb) IS
  'o!TR over a match history with priors and options: those of otr_rate_match and otr_decay, and as_of (decay every player to that time at the end); see skill.replay_options(''otr''); returns skill.replayed_otr[]';

CREATE FUNCTION skill.otr_history(rows text, options jsonb DEFAULT NULL)
RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, games int,
               rating_before skill.rating, rating_after skill.rating, predicted_win float8,
               predicted_draw float8, matches_before int)
AS 'MODULE_PATHNAME', 'otr_history'
LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION skill.otr_history(text, jsonb) IS
  'Replays the rows query (match_id, played_at, game_id, player_id, score [, prior]) with o!TR and returns, per match and player, the games it played, the rating before (after decay) and after, its chance of winning (OpenSkill predict_win among the match''s players), predicted_draw (NULL) and its matches before this one; options as otr_replay''s but as_of';

CREATE FUNCTION skill.share_outcome(score_for float8, score_against float8, w float8 DEFAULT 0,
                                    k float8 DEFAULT 1, result float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'share_outcome'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.share_outcome(float8, float8, float8, float8, float8) IS
  'Outcome for the side that scored score_for: w r + (1 - w) sigmoid(k logit(clamp(share, 0.01, 0.99))), share = score_for / (score_for + score_against), r = result (1, 0.5, 0; NULL: from comparing the scores); r alone when both scores are 0';

CREATE FUNCTION skill.difference_outcome(score_for float8, score_against float8, scale float8 DEFAULT 1)
RETURNS float8
AS 'MODULE_PATHNAME', 'difference_outcome'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.difference_outcome(float8, float8, float8) IS
  'Outcome for the side that scored score_for from the score difference: sigmoid((score_for - score_against) / scale)';

