-- OpenSkill (Weng-Lin): the SQL functions' behaviour, hand-derived values,
-- the IMS matchmaker's published example, and every error rule.  The
-- reference vectors (openskill.py 6.2.0) are checked in conformance_openskill.
\set VERBOSITY terse

-- Values used below: the default prior (25, 25/3) and a few teams.
CREATE TEMP TABLE t AS
SELECT ROW(25, 25/3.0)::skill.rating AS d,
       ARRAY[ROW(25, 25/3.0), ROW(25, 25/3.0)]::skill.rating[] AS duel,
       ARRAY[[ROW(30, 5), ROW(20, 3)], [ROW(25, 4), NULL]]::skill.rating[] AS padded,
       ARRAY[ROW(28, 4), ROW(25, 6), ROW(22, 5)]::skill.rating[] AS three;

-- True when every rating of a result is a finite mu with a finite sigma > 0.
CREATE FUNCTION pg_temp.finite(r skill.rating[]) RETURNS bool LANGUAGE sql IMMUTABLE
AS $$ SELECT r IS NOT NULL AND bool_and(x IS NULL OR (abs(x.mu) < 'Infinity' AND x.sigma > 0 AND x.sigma < 'Infinity'))
      FROM unnest(r) AS x $$;

---------------------------------------------------------------------------
-- The IMS matchmaker's worked example (its /rate endpoint: Plackett-Luce,
-- beta 5, "epsilon" 0.001, which is kappa here, and no tau).  Red (rank 0)
-- beats blue (rank 1).  The documented new ratings, rounded to 12 places:
--   player1 35.703050324698 / 5.065653319815   player2 32.327322307986 / 2.893699494680
--   player3 29.976699181616 / 4.360939109492   player4 27.111629116096 / 9.012856163164
-- and every number within a relative 1e-12 of the documented full-precision
-- value (C libraries differ in the last bit of exp).
---------------------------------------------------------------------------
WITH r AS (
  SELECT skill.pl_rate(ARRAY[[(35.0,5.1),(32.1,2.9)],[(30.5,4.4),(29.5,9.4)]]::skill.rating[],
                       ARRAY[0,1], beta => 5, kappa => 0.001, tau => 0) AS r
), documented(player, t, p, mu, sigma) AS (VALUES
  ('player1', 1, 1, 35.703050324698204, 5.065653319815339),
  ('player2', 1, 2, 32.32732230798585, 2.8936994946797667),
  ('player3', 2, 1, 29.976699181616407, 4.360939109491974),
  ('player4', 2, 2, 27.111629116096374, 9.012856163163935))
SELECT d.player, round((r.r[d.t][d.p]).mu::numeric, 12) AS mu,
       round((r.r[d.t][d.p]).sigma::numeric, 12) AS sigma,
       abs((r.r[d.t][d.p]).mu - d.mu::float8) <= 1e-12 * d.mu::float8
         AND abs((r.r[d.t][d.p]).sigma - d.sigma::float8) <= 1e-12 * d.sigma::float8 AS as_documented
FROM r, documented d ORDER BY d.player;

---------------------------------------------------------------------------
-- Hand-derived: 1 vs 1 between equal default ratings, tau 0.
-- c^2 = 2 sigma^2 + 2 beta^2 = 6250/36, so sigma^2/c^2 = 0.4; each side's
-- chance is 1/2, so mu moves by sigma^2/(2c) = c/5 = 2.6352313835 and
-- sigma' = sigma*sqrt(1 - (sigma^2/c^2)(1/4)(sigma/c)) = (25/3)sqrt(1 - 0.1 sqrt(0.4))
-- = 8.0655063163.  Bradley-Terry full has the same c, P = 1/2 and gamma, so
-- it gives the same numbers; with two teams the Part models compare the same
-- single pair, so bt_part_rate equals bt_full_rate.
---------------------------------------------------------------------------
SELECT m, round((r[1]).mu::numeric, 10) AS winner_mu, round((r[1]).sigma::numeric, 10) AS winner_sigma,
       round((r[2]).mu::numeric, 10) AS loser_mu, round((r[2]).sigma::numeric, 10) AS loser_sigma
FROM t, LATERAL (VALUES ('pl', skill.pl_rate(duel, tau => 0)),
                        ('bt_full', skill.bt_full_rate(duel, tau => 0)),
                        ('bt_part', skill.bt_part_rate(duel, tau => 0))) AS x(m, r);

-- Thurstone-Mosteller 1v1, equal, tau 0: x = 0, t = epsilon/c, the winner's
-- mu moves by (sigma^2/c) v(0, t) = (sigma^2/c) phi(t)/Phi(-t); with epsilon
-- 0 that is (0.4 c) 0.3989422804/0.5 = 5.2704627669 x 0.7978845608
-- = 4.2052208700.  Full and Part (c doubled) differ; both are symmetric.
SELECT round(((skill.tm_full_rate(duel, tau => 0, epsilon => 0))[1]).mu::numeric - 25, 10) AS tm_full_gain,
       (skill.tm_full_rate(duel, tau => 0))[1].mu - 25 = 25 - (skill.tm_full_rate(duel, tau => 0))[2].mu AS symmetric,
       (skill.tm_part_rate(duel))[1].mu < (skill.tm_full_rate(duel))[1].mu AS part_moves_less
FROM t;

-- A draw between equals moves no mu (openskill.py gives 25 exactly).
SELECT (r[1]).mu AS mu_1, (r[2]).mu AS mu_2, (r[1]).sigma = (r[2]).sigma AS same_sigma
FROM t, LATERAL (SELECT skill.pl_rate(duel, ARRAY[1, 1]) AS r) x;

---------------------------------------------------------------------------
-- Shapes: results have the input's shape, padding stays NULL, bounds kept.
---------------------------------------------------------------------------
SELECT array_dims(skill.pl_rate(duel)) AS one_d,
       array_dims(skill.pl_rate(padded)) AS two_d,
       (skill.pl_rate(padded))[2][2] IS NULL AS padding_kept,
       array_dims(skill.pl_rate('[0:1]={"(25,3)","(26,4)"}'::skill.rating[])) AS bounds_kept
FROM t;

-- The same 2v1 given as a 2-D array or with the padding at the other end.
SELECT skill.bt_full_rate(padded, ARRAY[2, 1]) =
       skill.bt_full_rate(ARRAY[[(30,5),(20,3)], [(25,4),NULL]]::skill.rating[], ARRAY[2, 1]) AS same,
       ((skill.bt_full_rate(ARRAY[[NULL,(25,4)], [(30,5),(20,3)]]::skill.rating[], ARRAY[1, 2]))[1][2]).mu =
       ((skill.bt_full_rate(padded, ARRAY[2, 1]))[2][1]).mu AS padding_position_irrelevant
FROM t;

---------------------------------------------------------------------------
-- Outcomes: ranks (lower is better), scores (higher is better), or neither
-- (list order, first best).
---------------------------------------------------------------------------
SELECT skill.pl_rate(three) = skill.pl_rate(three, ARRAY[1, 2, 3]) AS list_order,
       skill.pl_rate(three, ARRAY[3, 1, 2]) = skill.pl_rate(three, scores => ARRAY[10, 30, 20]) AS scores_as_ranks,
       skill.tm_full_rate(three, ARRAY[30, 10, 20]) = skill.tm_full_rate(three, ARRAY[3, 1, 2]) AS only_order_counts
FROM t;

-- openskill.py 6.2.0 truncates ranks toward zero in Plackett-Luce only
-- (Python int()): ranks 1.2 and 1.7 tie there, and not in the other models.
SELECT skill.pl_rate(duel, ARRAY[1.2, 1.7]) = skill.pl_rate(duel, ARRAY[1, 1]) AS pl_truncates,
       skill.bt_full_rate(duel, ARRAY[1.2, 1.7]) = skill.bt_full_rate(duel, ARRAY[1, 2]) AS bt_compares_exactly
FROM t;

-- The 6.2.0 tie defect, reproduced: its block meant to give tied teams the
-- same mu change does nothing.  Teams 2 and 3 tie here but move differently
-- (an averaged version would move them by the same amount).
SELECT round(((r[2]).mu - 25)::numeric, 6) <> round(((r[3]).mu - 22)::numeric, 6) AS tied_teams_move_differently
FROM t, LATERAL (SELECT skill.pl_rate(three, ARRAY[1, 2, 2]) AS r) x;

-- margin acts only together with scores.
SELECT skill.pl_rate(three, ARRAY[1, 2, 3], margin => 5) = skill.pl_rate(three, ARRAY[1, 2, 3]) AS margin_needs_scores,
       skill.pl_rate(three, scores => ARRAY[30, 20, 10], margin => 5) <> skill.pl_rate(three, scores => ARRAY[30, 20, 10]) AS margin_with_scores
FROM t;

---------------------------------------------------------------------------
-- Weights (shape of team_ratings).  Rescaled per team to weight_bounds
-- {1,2}: equal weights become 1 (no effect) in a team of several; a lone
-- player gets 2.  weight_bounds NULL uses them raw: a winner's weight
-- multiplies its update, a loser's divides it: with weight 2 each, in the
-- duel above, 2 c/5 = 5.2704627669 and c/10 = 1.3176156917.
---------------------------------------------------------------------------
SELECT skill.pl_rate(ARRAY[[(25,5),(24,6)],[(26,4),(23,7)]]::skill.rating[],
                     weights => '{{3,3},{0.5,0.5}}') =
       skill.pl_rate(ARRAY[[(25,5),(24,6)],[(26,4),(23,7)]]::skill.rating[]) AS equal_weights_no_effect
FROM t;
SELECT round(((r[1]).mu - 25)::numeric, 10) AS winner_gain, round((25 - (r[2]).mu)::numeric, 10) AS loser_loss
FROM t, LATERAL (SELECT skill.pl_rate(duel, weights => '{2,2}', tau => 0, weight_bounds => NULL) AS r) x;
SELECT skill.pl_rate(duel, weights => '{5,1}') = skill.pl_rate(duel, weights => '{7,7}') AS lone_players_get_upper_bound,
       skill.pl_rate(duel, weights => '{0,1}', weight_bounds => '{1,1}') = skill.pl_rate(duel) AS zero_allowed_when_rescaled
FROM t;
-- So weights => '{1,1}' in a free-for-all is not "no weights" (openskill.py
-- does the same): both lone players get 2, the duel's winner gains twice as
-- much and the loser loses half as much; with weight_bounds NULL all-1
-- weights are no weights.
SELECT skill.pl_rate(duel, weights => '{1,1}') <> skill.pl_rate(duel) AS ones_are_not_no_weights,
       skill.pl_rate(duel, weights => '{1,1}') = skill.pl_rate(duel, weights => '{2,2}', weight_bounds => NULL) AS ones_become_twos,
       skill.pl_rate(duel, weights => '{1,1}', weight_bounds => NULL) = skill.pl_rate(duel) AS raw_ones_are_no_weights
FROM t;

-- limit_sigma caps each new sigma at the sigma before the match (tau first
-- grows sigma 1 to sqrt 2, and the match alone does not bring it back to 1).
SELECT (r1[1]).sigma > 1 AS tau_grows_sigma, (r2[1]).sigma AS capped, (r2[2]).sigma AS capped_too
FROM (SELECT skill.pl_rate('{"(25,1)","(25,1)"}', tau => 1) AS r1,
             skill.pl_rate('{"(25,1)","(25,1)"}', tau => 1, limit_sigma => true) AS r2) x;

-- balance weights a team's weaker players up (by their distance from the
-- team's best mu - 3 sigma), so a lopsided team counts for more.
SELECT skill.pl_rate(padded, balance => true) <> skill.pl_rate(padded) AS balance_changes_result,
       pg_temp.finite(skill.pl_rate(padded, balance => true)) AS finite
FROM t;

---------------------------------------------------------------------------
-- Predictions (the same C function under every model's names).
-- Two teams: P(a wins) = Phi((mu_a - mu_b)/sqrt(2 beta^2 + sigma_a^2 + sigma_b^2));
-- (30,5) vs (25,5), beta 5: Phi(5/10) = 0.6914624613.
-- Draw, 1v1 at the default prior: margin m = sqrt(2) beta Phi^-1(3/4), and
-- P = 2 Phi(m/sqrt(2 beta^2 + 2 sigma^2)) - 1 = 0.2370742401.
---------------------------------------------------------------------------
SELECT round(p[1]::numeric, 10) AS p_a, round(p[2]::numeric, 10) AS p_b
FROM (SELECT skill.pl_predict_win('{"(30,5)","(25,5)"}', beta => 5) AS p) x;
SELECT round(skill.pl_predict_draw(duel)::numeric, 10) AS draw FROM t;
SELECT skill.pl_predict_win(duel) AS even FROM t;

-- Probabilities sum to 1; the five names agree.
SELECT round(sum(p)::numeric, 12) AS total
FROM t, unnest(skill.pl_predict_win(three)) AS p;
SELECT count(DISTINCT w) AS distinct_win, count(DISTINCT dr) AS distinct_draw
FROM t, LATERAL (VALUES (skill.pl_predict_win(three), skill.pl_predict_draw(three)),
                        (skill.bt_full_predict_win(three), skill.bt_full_predict_draw(three)),
                        (skill.bt_part_predict_win(three), skill.bt_part_predict_draw(three)),
                        (skill.tm_full_predict_win(three), skill.tm_full_predict_draw(three)),
                        (skill.tm_part_predict_win(three), skill.tm_part_predict_draw(three))) AS x(w, dr);

-- predict_rank: one row per team (its subscript), its place and win chance;
-- the strongest of three (28,4) first, the weakest (22,5) last.
SELECT team, rank, probability = (skill.pl_predict_win(three))[team] AS same_as_predict_win
FROM t, skill.pl_predict_rank(three);
-- Exactly equal chances share a place (competition ranking 1, 1, 3).  With
-- p = Phi(5/sqrt(2 beta^2 + 18)) = 0.7544655497, the mean pairwise chances
-- (0.5 + p)/2, (0.5 + p)/2 and 1 - p, normalised by their sum 1.5, are
-- 0.418155183229 and 0.163689633541.
SELECT team, rank, round(probability::numeric, 12) AS probability
FROM skill.tm_part_predict_rank('{"(25,3)","(25,3)","(20,3)"}') ORDER BY team;
SELECT team, rank FROM skill.bt_full_predict_rank('[0:1]={"(20,3)","(25,3)"}');
-- Also usable in the select list, row after row.
SELECT n, (skill.pl_predict_rank(ARRAY[ROW(20 + n, 3), ROW(25, 3)]::skill.rating[])).rank
FROM generate_series(4, 6) AS n ORDER BY 1, 2;

-- balance and kappa reach the predictions too.
SELECT skill.pl_predict_win(padded, balance => true) <> skill.pl_predict_win(padded) AS balance_used
FROM t;

---------------------------------------------------------------------------
-- Extreme but valid inputs give finite numbers, for every model.
---------------------------------------------------------------------------
CREATE TEMP TABLE extreme AS
SELECT 'mu 1e6 apart' AS name, '{"(1000000,1)","(0,1)"}'::skill.rating[] AS teams
UNION ALL SELECT 'mu 1e6 apart, upset', '{"(0,1)","(1000000,1)"}'
UNION ALL SELECT 'sigma 1e-6', '{"(25,0.000001)","(30,0.000001)"}'
UNION ALL SELECT 'sigma 1e4', '{"(25,10000)","(30,10000)"}'
UNION ALL SELECT 'mixed sigma', '{{"(25,0.000001)","(30,10000)"},{"(-1000000,1)","(1000000,1)"}}'
UNION ALL SELECT '100 teams', (SELECT array_agg(ROW(n * 10000, 1 + n)::skill.rating ORDER BY n) FROM generate_series(1, 100) n);

SELECT name,
       pg_temp.finite(skill.pl_rate(teams)) AND pg_temp.finite(skill.pl_rate(teams, tau => 0)) AS pl,
       pg_temp.finite(skill.bt_full_rate(teams)) AND pg_temp.finite(skill.bt_full_rate(teams, tau => 0)) AS bt_full,
       pg_temp.finite(skill.bt_part_rate(teams)) AND pg_temp.finite(skill.bt_part_rate(teams, tau => 0)) AS bt_part,
       pg_temp.finite(skill.tm_full_rate(teams)) AND pg_temp.finite(skill.tm_full_rate(teams, tau => 0)) AS tm_full,
       pg_temp.finite(skill.tm_part_rate(teams)) AND pg_temp.finite(skill.tm_part_rate(teams, tau => 0)) AS tm_part,
       pg_temp.finite(skill.pl_rate(teams, scores => (SELECT array_agg(-n) FROM generate_series(1, array_length(teams, 1)) n),
                                    margin => 1, balance => true, limit_sigma => true)) AS options,
       (SELECT bool_and(p >= 0 AND p <= 1) AND abs(sum(p) - 1) < 1e-9 FROM unnest(skill.pl_predict_win(teams)) p) AS win,
       skill.pl_predict_draw(teams) BETWEEN 0 AND 1 AS draw,
       (SELECT count(*) FROM skill.pl_predict_rank(teams)) = array_length(teams, 1) AS rank
FROM extreme ORDER BY name;

-- The favourite winning by 1e6 changes nothing noticeable; the upset moves mu.
SELECT (r[1]).mu = 1000000 AS favourite_unchanged, (u[2]).mu < 1000000 AS upset_moves
FROM (SELECT skill.pl_rate('{"(1000000,1)","(0,1)"}', tau => 0) AS r,
             skill.pl_rate('{"(0,1)","(1000000,1)"}', tau => 0) AS u) x;

---------------------------------------------------------------------------
-- NULLs: the rate functions are not STRICT (ranks, scores, weights and
-- weight_bounds may be NULL: not given); a NULL team_ratings or tunable
-- gives NULL, as in the STRICT predictions (docs/errors.md, "NULL rule").
---------------------------------------------------------------------------
SELECT skill.pl_rate(NULL) IS NULL AS rate_null,
       skill.tm_part_rate(NULL, ARRAY[1, 2]) IS NULL AS rate_null_with_ranks,
       skill.pl_predict_win(NULL) IS NULL AS win_null,
       skill.pl_predict_draw(duel, beta => NULL) IS NULL AS draw_null,
       (SELECT count(*) FROM skill.pl_predict_rank(NULL)) AS rank_rows
FROM t;
SELECT skill.pl_rate(duel, beta => NULL) FROM t;
SELECT skill.pl_rate(duel, kappa => NULL) FROM t;
SELECT skill.pl_rate(duel, tau => NULL) FROM t;
SELECT skill.pl_rate(duel, limit_sigma => NULL) FROM t;
SELECT skill.pl_rate(duel, balance => NULL) FROM t;
SELECT skill.pl_rate(duel, margin => NULL) FROM t;
SELECT skill.tm_full_rate(duel, epsilon => NULL) FROM t;
SELECT skill.bt_part_rate(duel, window_size => NULL) FROM t;

---------------------------------------------------------------------------
-- Bad input: one error per rule, naming the argument.
---------------------------------------------------------------------------
-- team_ratings: fewer than 2 teams, a team of NULLs, 3 dimensions, bad ratings.
SELECT skill.pl_rate('{"(25,3)"}');
SELECT skill.pl_rate('{}');
SELECT skill.pl_rate('{{"(25,3)","(25,3)"}}');
SELECT skill.pl_rate('{{"(25,3)","(25,3)"},{NULL,NULL}}');
SELECT skill.pl_rate('{"(25,3)",NULL}');
SELECT skill.pl_rate('{{{"(25,3)"}},{{"(25,3)"}}}');
SELECT skill.pl_rate('{"(NaN,3)","(25,3)"}');
SELECT skill.pl_rate('{"(25,3)","(Infinity,3)"}');
SELECT skill.pl_rate('{{"(25,3)","(25,-Infinity)"},{"(25,3)","(25,3)"}}');
SELECT skill.pl_rate('{"(25,0)","(25,3)"}');
SELECT skill.bt_full_rate('{"(25,3)","(25,-1)"}');
SELECT skill.pl_rate('{"(,3)","(25,3)"}');
SELECT skill.pl_rate('{"(25,)","(25,3)"}');
-- ranks and scores: one per team, finite, not both.
SELECT skill.pl_rate(duel, ARRAY[1, 2, 3]) FROM t;
SELECT skill.pl_rate(duel, ARRAY[[1, 2]]) FROM t;
SELECT skill.pl_rate(duel, '{1,NULL}') FROM t;
SELECT skill.pl_rate(duel, '{1,NaN}') FROM t;
SELECT skill.pl_rate(duel, scores => ARRAY[1]) FROM t;
SELECT skill.pl_rate(duel, scores => '{-Infinity,1}') FROM t;
SELECT skill.pl_rate(duel, ARRAY[1, 2], ARRAY[3, 4]) FROM t;
-- weights: the shape of team_ratings, finite, >= 0 (> 0 when used raw).
SELECT skill.pl_rate(padded, weights => '{1,2}') FROM t;
SELECT skill.pl_rate(padded, weights => '{{1,2,3},{1,2,3}}') FROM t;
SELECT skill.pl_rate(padded, weights => '{{1,2},{NULL,NULL}}') FROM t;
SELECT pg_temp.finite(skill.pl_rate(padded, weights => '{{1,2},{1,NULL}}')) AS padding_weight_may_be_null FROM t;
SELECT skill.pl_rate(padded, weights => '{{1,NaN},{1,1}}') FROM t;
SELECT skill.pl_rate(padded, weights => '{{1,-0.5},{1,1}}') FROM t;
SELECT skill.pl_rate(padded, weights => '{{1,0},{1,1}}', weight_bounds => NULL) FROM t;
SELECT skill.pl_rate(duel, weight_bounds => '{1}') FROM t;
SELECT skill.pl_rate(duel, weight_bounds => '{1,2,3}') FROM t;
SELECT skill.pl_rate(duel, weight_bounds => '{0,2}') FROM t;
SELECT skill.pl_rate(duel, weight_bounds => '{1,Infinity}') FROM t;
SELECT skill.pl_rate(duel, weight_bounds => '{1,NULL}') FROM t;
-- Reversed bounds would turn the weights' order around: an error.
SELECT skill.pl_rate(duel, weight_bounds => '{2,1}') FROM t;
SELECT skill.pl_rate(duel, weights => '{1,2}', weight_bounds => '{2,2}') = skill.pl_rate(duel, weights => '{2,2}', weight_bounds => NULL) AS equal_bounds_allowed FROM t;
-- Parameters.
SELECT skill.pl_rate(duel, beta => 0) FROM t;
SELECT skill.pl_rate(duel, beta => -1) FROM t;
SELECT skill.pl_rate(duel, beta => 'NaN') FROM t;
SELECT skill.pl_rate(duel, kappa => 0) FROM t;
SELECT skill.pl_rate(duel, kappa => 'Infinity') FROM t;
SELECT skill.pl_rate(duel, tau => -0.1) FROM t;
SELECT skill.pl_rate(duel, tau => 'NaN') FROM t;
SELECT skill.pl_rate(duel, margin => -1) FROM t;
SELECT skill.tm_full_rate(duel, epsilon => -0.1) FROM t;
SELECT skill.tm_part_rate(duel, epsilon => 'Infinity') FROM t;
SELECT skill.bt_part_rate(duel, window_size => 0) FROM t;
SELECT skill.tm_part_rate(duel, window_size => -3) FROM t;
-- Predictions check the same rules.
SELECT skill.pl_predict_win('{"(25,3)"}');
SELECT skill.bt_full_predict_draw('{{{"(25,3)"}},{{"(25,3)"}}}');
SELECT skill.tm_full_predict_win(duel, beta => 0) FROM t;
SELECT skill.tm_part_predict_draw(duel, kappa => -1) FROM t;
SELECT * FROM skill.bt_part_predict_rank('{"(25,3)","(25,0)"}');
-- Valid but beyond double precision: sigma^2 underflows to 0 (with tau 0),
-- and balance dividing by max ordinal + kappa = 1 - 3(0.5) + 0.5 = 0.
SELECT skill.pl_rate('{"(25,1e-200)","(25,1e-200)"}', tau => 0);
SELECT skill.pl_rate('{"(1,0.5)","(2,1)"}', balance => true, kappa => 0.5, tau => 0);
