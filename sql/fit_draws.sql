-- skill.fit and skill.evaluate with objective 'three_way': each two-team
-- match scored by the chance of what happened (a win, a draw or a loss),
-- and the draw keys fitted with the other parameters.
SET client_min_messages = warning;
SET extra_float_digits = 0;

-- A world of 60 players on Elo (K = 20), team 1 at home with 60 rating
-- points, in updates and predictions as skill does, and draws by the
-- threshold model with draw_margin 0.5 on the logit z = ln(10) (r_a + 60
-- - r_b) / 400: P(win) = sigmoid(z - 0.5), P(loss) = sigmoid(-z - 0.5).
-- A draw is rated 0.5.  Each match keeps the true chances it was drawn from.
CREATE TABLE dworld (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
                     home bool, p_win float8, p_draw float8);
SELECT setseed(0.83);
DO $$
DECLARE
  r float8[] := array_fill(1500::float8, ARRAY[60]);
  a int; b int; e float8; z float8; pw float8; pl float8; u float8; s float8;
BEGIN
  FOR m IN 1..20000 LOOP
    a := 1 + floor(random() * 60)::int;
    b := 1 + floor(random() * 59)::int;
    IF b >= a THEN b := b + 1; END IF;
    e := 1 / (1 + 10 ^ ((r[b] - r[a] - 60) / 400));
    z := ln(10) * (r[a] + 60 - r[b]) / 400;
    pw := 1 / (1 + exp(-(z - 0.5)));
    pl := 1 / (1 + exp(-(-z - 0.5)));
    u := random();
    s := CASE WHEN u < pw THEN 1 WHEN u < 1 - pl THEN 0.5 ELSE 0 END;
    INSERT INTO dworld VALUES
      (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', a, 1,
       CASE WHEN s = 0 THEN 2 ELSE 1 END, true, pw, 1 - pw - pl),
      (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', b, 2,
       CASE WHEN s = 1 THEN 2 ELSE 1 END, false, pw, 1 - pw - pl);
    r[a] := r[a] + 20 * (s - e);
    r[b] := r[b] + 20 * ((1 - s) - (1 - e));
  END LOOP;
END $$;
CREATE VIEW dmatch AS
SELECT h.match_id, h.played_at, h.p_win, h.p_draw,
       CASE WHEN h.rank < a.rank THEN 1 WHEN h.rank = a.rank THEN 0.5 ELSE 0 END::float8 AS outcome
FROM dworld h JOIN dworld a ON a.match_id = h.match_id AND a.team = 2
WHERE h.team = 1;
CREATE VIEW dplay AS SELECT match_id, played_at, player_id, team, rank, home FROM dworld;
SELECT count(*) AS matches, round(avg((outcome = 0.5)::int), 2) AS draw_rate FROM dmatch;

-- 1. Recovery: trained on the matches before 2021-09-01, the search of k
-- and home_advantage (replayed) and draw_margin (fitted on each replay's
-- record) finds each within 2.5 standard errors of the truth, and the
-- held-out three-way log-loss is within 0.002 of the true model's, from
-- the chances the matches were drawn from.
CREATE TABLE dfit AS
SELECT skill.fit('elo', 'SELECT * FROM dplay ORDER BY played_at, match_id',
                 '{"k": [4, 80], "home_advantage": [-200, 200], "draw_margin": [0, 3]}',
                 '{"objective": "three_way", "train_until": "2021-09-01 00:00+00",
                   "options": {"draw_model": "threshold"}}') AS f;
SELECT f->>'objective' AS objective, (f->>'converged')::bool AS converged,
       (f->'train'->>'n')::int + (f->'held_out'->>'n')::int AS scored,
       (f->>'hessian_replays')::int AS hessian_replays
FROM dfit;
SELECT key, abs(value - truth) < 2.5 * se AS within, se > 0 AS has_se
FROM (SELECT key, (f->'parameters'->>key)::float8 AS value, (f->'standard_errors'->>key)::float8 AS se,
             (jsonb_build_object('k', 20, 'home_advantage', 60, 'draw_margin', 0.5)->>key)::float8 AS truth
      FROM dfit, jsonb_object_keys(f->'parameters') key) p
ORDER BY key;
SELECT abs((f->'held_out'->>'log_loss')::float8 - t.true_loss) < 0.002 AS near_true_model,
       (f->'held_out'->>'n')::int = t.n AS same_matches,
       (f->'held_out'->>'log_loss_diff')::float8 < 0 AS better_than_start,
       (f->'held_out'->>'log_loss_diff_se')::float8 > 0 AS has_diff_se
FROM dfit,
     (SELECT count(*) AS n,
             avg(-ln(CASE outcome WHEN 1 THEN p_win WHEN 0.5 THEN p_draw ELSE 1 - p_win - p_draw END)) AS true_loss
      FROM dmatch WHERE played_at >= '2021-09-01 00:00+00') t;

-- 2. The three-way score of fit is the history's: with draw_margin alone
-- (prediction-only: one replay), the train log-loss at the fitted margin
-- is that of skill.outcome_score over the history's chances with it.
CREATE TABLE dmargin AS
SELECT skill.fit('elo', 'SELECT * FROM dplay ORDER BY played_at, match_id',
                 '{"draw_margin": [0, 3]}',
                 '{"objective": "three_way", "train_until": "2021-09-01 00:00+00",
                   "options": {"draw_model": "threshold", "home_advantage": 60, "k": 20}}') AS f;
SELECT (f->>'evaluations')::int AS evaluations,
       abs((f->'train'->>'log_loss')::float8 - (s).log_loss) < 1e-12 AS train_is_history,
       abs((f->'parameters'->>'draw_margin')::float8 - 0.5) < 2.5 * (f->'standard_errors'->>'draw_margin')::float8 AS margin_within
FROM dmargin,
     LATERAL (SELECT skill.outcome_score(p.predicted_win, p.predicted_draw, p.outcome) AS s
              FROM skill.match_predictions('elo', 'SELECT * FROM dplay ORDER BY played_at, match_id',
                                           jsonb_build_object('draw_model', 'threshold', 'home_advantage', 60, 'k', 20,
                                                              'draw_margin', (f->'parameters'->>'draw_margin')::float8)) p
              WHERE p.team = 1 AND p.played_at < '2021-09-01 00:00+00') h;

-- Under the binary objective with a draw model, a prediction-only
-- parameter is fitted on the same score the replay gives: the expected
-- score (win + draw/2) of the draw model's chances against the outcome.
SELECT abs((f->'train'->>'log_loss')::float8 - (s).log_loss) < 1e-12 AS train_is_history,
       (f->'parameters'->>'predict_scale')::float8 <> 1 AS scale_moved
FROM skill.fit('elo', 'SELECT * FROM dplay ORDER BY played_at, match_id', '{"predict_scale": [0.5, 2]}',
               '{"options": {"draw_model": "threshold", "draw_margin": 0.5, "home_advantage": 60, "k": 20}}') f,
     LATERAL (SELECT skill.prediction_score(p.expected_score, p.outcome) AS s
              FROM skill.match_predictions('elo', 'SELECT * FROM dplay ORDER BY played_at, match_id',
                                           jsonb_build_object('draw_model', 'threshold', 'draw_margin', 0.5,
                                                              'home_advantage', 60, 'k', 20,
                                                              'predict_scale', (f->'parameters'->>'predict_scale')::float8)) p
              WHERE p.team = 1) h;

-- Davidson's nu and a draw_rate_slope, fitted on the records; a searched
-- margin or nu left at 0 starts where an even pair draws at the training
-- matches' rate (at 0 no draw is predicted and the clamped loss is flat).
SELECT (f->>'converged')::bool AS converged, (f->'parameters'->>'draw_nu')::float8 > 0.3 AS nu_fitted,
       (f->'standard_errors'->>'draw_nu')::float8 > 0 AS nu_has_se,
       (f->'standard_errors'->>'draw_rate_slope')::float8 > 0 AS slope_has_se,
       (f->'train'->>'log_loss')::float8 < 1.0 AS below_a_guess
FROM skill.fit('elo', 'SELECT * FROM dplay ORDER BY played_at, match_id',
               '{"draw_nu": [0, 5], "draw_rate_slope": [-2, 2], "predict_scale": [0.5, 2]}',
               '{"objective": "three_way", "options": {"draw_model": "davidson", "home_advantage": 60, "k": 20}}') f;

-- TrueSkill's draw_probability under draw_model 'native' moves the
-- updates too: a replayed parameter, searched like any other.
SELECT (f->>'converged')::bool AS converged, (f->'parameters'->>'draw_probability')::float8 > 0.1 AS more_draws_than_default,
       (f->'evaluations')::int > 1 AS replayed
FROM skill.fit('trueskill', 'SELECT * FROM dplay ORDER BY played_at, match_id',
               '{"draw_probability": [0.01, 0.6]}',
               '{"objective": "three_way", "max_evaluations": 40, "options": {"draw_model": "native"}}') f;

-- 3. evaluate with objective 'three_way' is skill.outcome_score over the
-- history's chances: the log-loss is the mean -ln of the chance of what
-- happened, from match_predictions' predicted_win and predicted_draw (to
-- 1e-12); a system without a draw model predicts no draw (its chances
-- are the expected score, 0 and the rest), and log_loss_diff pairs each
-- system with the first on the three-way losses.
CREATE TABLE deval AS
SELECT * FROM skill.evaluate('SELECT * FROM dplay ORDER BY played_at, match_id',
                             ARRAY['elo', 'glicko'],
                             '{"objective": "three_way", "score_from": "2020-06-01 00:00+00",
                               "elo": {"k": 20, "home_advantage": 60, "draw_model": "threshold", "draw_margin": 0.5},
                               "glicko": {"home_advantage": 60}}');
CREATE TABLE dsql AS
SELECT s.system,
       avg(-ln(greatest(1e-15, CASE p.outcome WHEN 1 THEN p.predicted_win WHEN 0.5 THEN d.p_draw
                                              ELSE 1 - p.predicted_win - d.p_draw END))) AS sql_log_loss,
       (skill.outcome_score(p.predicted_win, d.p_draw, p.outcome)).*
FROM (VALUES ('elo', '{"k": 20, "home_advantage": 60, "draw_model": "threshold", "draw_margin": 0.5}'::jsonb, true),
             ('glicko', '{"home_advantage": 60}'::jsonb, false)) s(system, opts, modelled)
CROSS JOIN LATERAL skill.match_predictions(s.system, 'SELECT * FROM dplay ORDER BY played_at, match_id', s.opts) p
CROSS JOIN LATERAL (SELECT CASE WHEN s.modelled THEN p.predicted_draw ELSE 0 END AS p_draw) d
WHERE p.team = 1 AND p.played_at >= '2020-06-01 00:00+00'
GROUP BY s.system;
SELECT e.system, e.n = q.n AS same_n, abs(e.log_loss - q.sql_log_loss) < 1e-12 AS log_loss_is_sql,
       abs(e.log_loss - q.log_loss) < 1e-12 AS log_loss_is_outcome_score,
       abs(e.rps - q.rps) < 1e-12 AND abs(e.brier - q.brier) < 1e-12 AS rps_brier_are_outcome_score,
       e.draw_rate = q.draw_rate AS same_draw_rate, abs(e.predicted_draw_rate - q.predicted_draw_rate) < 1e-12 AS same_predicted_draw_rate,
       e.accuracy IS NULL AND e.ece IS NULL AND e.calibration_slope IS NULL AND e.calibration_intercept IS NULL AS binary_columns_null
FROM deval e JOIN dsql q USING (system) ORDER BY e.system;
SELECT round(draw_rate::numeric, 2) AS draw_rate, round(predicted_draw_rate::numeric, 2) AS predicted_draw_rate,
       log_loss_diff IS NULL AS first_has_no_diff
FROM deval WHERE system = 'elo';
SELECT abs(g.log_loss_diff - (g.log_loss - e.log_loss)) < 1e-12 AS diff_is_paired, g.log_loss_diff > 1 AS no_draw_model_pays,
       g.log_loss_diff_se > 0 AS has_se
FROM deval g, deval e WHERE g.system = 'glicko' AND e.system = 'elo';
-- objective 'binary' (the default) is today's score: the three-way columns are NULL.
SELECT system, rps IS NULL AND draw_rate IS NULL AND predicted_draw_rate IS NULL AS three_way_columns_null,
       accuracy IS NOT NULL AS has_accuracy
FROM skill.evaluate('SELECT * FROM dplay ORDER BY played_at, match_id',
                    ARRAY['elo'], '{"objective": "binary"}');

-- 4. Bad input.
CREATE TABLE dnodraw AS
SELECT w.* FROM dworld w JOIN dmatch m USING (match_id) WHERE m.outcome <> 0.5 AND w.match_id <= 2000;
SELECT skill.fit('elo', 'SELECT * FROM dworld', '{"k": [4, 80]}', '{"objective": "multinomial"}');
SELECT skill.fit('elo', 'SELECT * FROM dworld', '{"k": [4, 80]}', '{"objective": 3}');
SELECT * FROM skill.evaluate('SELECT * FROM dworld', ARRAY['elo'], '{"objective": "ternary"}');
-- A three-way score needs draws in the rows or a draw model.
SELECT skill.fit('elo', 'SELECT match_id, played_at, player_id, team, rank FROM dnodraw ORDER BY played_at, match_id',
                 '{"k": [4, 80]}', '{"objective": "three_way"}');
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank FROM dnodraw ORDER BY played_at, match_id',
                             ARRAY['elo'], '{"objective": "three_way"}');
-- With a draw model rows without a draw are scored (the model pays for the draws it predicts).
SELECT n, draw_rate, predicted_draw_rate > 0 AS predicts_draws
FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank FROM dnodraw ORDER BY played_at, match_id',
                    ARRAY['elo'], '{"objective": "three_way", "elo": {"draw_model": "threshold", "draw_margin": 0.5}}');
-- A draw key that cannot matter: the other model's key, or any with no draw model.
SELECT skill.fit('elo', 'SELECT * FROM dplay ORDER BY played_at, match_id', '{"draw_margin": [0, 3]}', '{"objective": "three_way"}');
SELECT skill.fit('elo', 'SELECT * FROM dplay ORDER BY played_at, match_id', '{"draw_margin": [0, 3]}',
                 '{"objective": "three_way", "options": {"draw_model": "davidson"}}');
SELECT skill.fit('elo', 'SELECT * FROM dplay ORDER BY played_at, match_id', '{"draw_nu": [0, 3]}',
                 '{"objective": "three_way", "options": {"draw_model": "threshold"}}');
SELECT skill.fit('elo', 'SELECT * FROM dplay ORDER BY played_at, match_id', '{"draw_rate_slope": [-1, 1]}',
                 '{"objective": "three_way"}');
SELECT skill.fit('trueskill', 'SELECT * FROM dplay ORDER BY played_at, match_id', '{"draw_margin": [0, 1]}',
                 '{"objective": "three_way", "options": {"draw_model": "native"}}');
-- Under the binary objective a draw key is not fitted: it only bends the expected score.
SELECT skill.fit('elo', 'SELECT * FROM dplay ORDER BY played_at, match_id', '{"draw_margin": [0, 3]}',
                 '{"options": {"draw_model": "threshold"}}');
