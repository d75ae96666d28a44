-- skill.evaluate under objective 'three_way': walk-forward refits by the
-- three-way likelihood with the draw model's parameters (#37 item 4), the
-- calibration slopes of the win and the draw chances, and the binary and
-- three-way scores from one call (#37 item 7).
SET client_min_messages = warning;
SET extra_float_digits = 0;

-- A world of 40 players on Elo (K = 20, updates and predictions as skill's,
-- a draw rated 0.5), a match every two hours, draws by the threshold model
-- on the logit z = ln(10) (r_a - r_b) / 400: P(win) = sigmoid(z - delta),
-- P(loss) = sigmoid(-z - delta), with delta 0.3 for the first 3,000
-- matches (to 2020-09-05) and 1.0 after: the draw rate rises from about
-- 15 % to about 40 %.
CREATE TABLE rworld (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
SELECT setseed(0.37);
DO $$
DECLARE
  r float8[] := array_fill(1500::float8, ARRAY[40]);
  a int; b int; e float8; z float8; pw float8; pl float8; u float8; s float8; delta float8;
BEGIN
  FOR m IN 1..6000 LOOP
    a := 1 + floor(random() * 40)::int;
    b := 1 + floor(random() * 39)::int;
    IF b >= a THEN b := b + 1; END IF;
    e := 1 / (1 + 10 ^ ((r[b] - r[a]) / 400));
    z := ln(10) * (r[a] - r[b]) / 400;
    delta := CASE WHEN m <= 3000 THEN 0.3 ELSE 1.0 END;
    pw := 1 / (1 + exp(-(z - delta)));
    pl := 1 / (1 + exp(-(-z - delta)));
    u := random();
    s := CASE WHEN u < pw THEN 1 WHEN u < 1 - pl THEN 0.5 ELSE 0 END;
    INSERT INTO rworld VALUES
      (m, timestamptz '2020-01-01 00:00+00' + m * interval '2 hours', a, 1, CASE WHEN s = 0 THEN 2 ELSE 1 END),
      (m, timestamptz '2020-01-01 00:00+00' + m * interval '2 hours', b, 2, CASE WHEN s = 1 THEN 2 ELSE 1 END);
    r[a] := r[a] + 20 * (s - e);
    r[b] := r[b] + 20 * ((1 - s) - (1 - e));
  END LOOP;
END $$;

-- 1. Refits in the objective scored.  draw_margin 0.3 (right before the
-- change), refitted every 14 days on the 60 days before.  Scored from
-- 2020-11-01 on: the three-way refits (evaluate, objective three_way)
-- refit draw_margin and their predicted draw rate follows the observed
-- one; the binary refits (match_predictions, which has no objective, so
-- its refits are binary: draws as 1/2, draw_margin fixed) stay near the
-- old rate and score worse on the three-way log-loss.
\set rows '''SELECT * FROM rworld ORDER BY played_at, match_id'''
\set drifting '{"k": 20, "draw_model": "threshold", "draw_margin": 0.3, "refit_every": "14 days", "refit_window": "60 days"}'
CREATE TABLE refits AS
SELECT 'three_way' AS refits, n, log_loss, draw_rate, predicted_draw_rate
FROM skill.evaluate(:rows, ARRAY['elo'],
                    jsonb_build_object('objective', 'three_way', 'score_from', '2020-11-01 00:00+00', 'elo', :'drifting'::jsonb))
UNION ALL
SELECT 'binary', o.n, o.log_loss, o.draw_rate, o.predicted_draw_rate
FROM (SELECT (skill.outcome_score(predicted_win, predicted_draw, outcome)).*
      FROM skill.match_predictions('elo', :rows, :'drifting')
      WHERE team = 1 AND played_at >= '2020-11-01 00:00+00') o;
SELECT refits, n, round(draw_rate::numeric, 3) AS draw_rate,
       abs(predicted_draw_rate - draw_rate) < 0.03 AS predicted_tracks_observed
FROM refits ORDER BY refits;
SELECT t.log_loss <= b.log_loss AS three_way_refits_no_worse,
       b.log_loss - t.log_loss > 0.1 AS by_more_than_0_1
FROM refits t, refits b WHERE t.refits = 'three_way' AND b.refits = 'binary';

-- The same with draw_rate_slope in force (refitted too) and on Glicko-2
-- with the davidson model (draw_nu refitted): finite, and tracking.
SELECT system, abs(predicted_draw_rate - draw_rate) < 0.03 AS predicted_tracks_observed,
       log_loss < 1.1 AS log_loss_below_1_1
FROM skill.evaluate(:rows, ARRAY['elo', 'glicko2'],
                    jsonb_build_object('objective', 'three_way', 'score_from', '2020-11-01 00:00+00',
                                       'elo', :'drifting'::jsonb || '{"draw_rate_slope": 0.01}',
                                       'glicko2', '{"draw_model": "davidson", "draw_nu": 0.4, "refit_every": "14 days", "refit_window": "60 days"}'::jsonb));

-- 2. The refitted values against an independent fit.  On the first 400
-- matches with refit_every 400 hours the one refit in them comes before
-- match 201 (2020-01-17 18:00), on matches 1-200.  Newton's method in
-- plpgsql (the gradient by hand, the Hessian by central differences of
-- it) maximises the three-way likelihood of the threshold model over
-- predict_scale a and draw_margin d on those matches' z = logit of
-- Elo's own chance (ratings do not depend on either):
-- P(win) = sigmoid(a z - d), P(loss) = sigmoid(-a z - d).  Matches 201-400
-- are then predicted with (a, d): the mean three-way log-loss and the
-- mean chance of a draw over them agree with evaluate's, scored on that
-- window, to 1e-5 (the refit's quasi-Newton search stops within about
-- 1e-5 of the optimum in the parameters).
CREATE FUNCTION pg_temp.tw_grad(z float8[], o float8[], a float8, d float8)
RETURNS float8[] LANGUAGE plpgsql AS $$
DECLARE ga float8 := 0; gd float8 := 0; su float8; sv float8; dd float8;
BEGIN
  FOR i IN 1 .. array_length(z, 1) LOOP
    su := 1 / (1 + exp(-(a * z[i] - d)));
    sv := 1 / (1 + exp(-(-a * z[i] - d)));
    IF o[i] = 1 THEN          -- -ln su
      ga := ga - (1 - su) * z[i]; gd := gd + (1 - su);
    ELSIF o[i] = 0 THEN       -- -ln sv
      ga := ga + (1 - sv) * z[i]; gd := gd + (1 - sv);
    ELSE                      -- -ln(1 - su - sv)
      dd := 1 - su - sv;
      ga := ga + (su * (1 - su) - sv * (1 - sv)) * z[i] / dd;
      gd := gd - (su * (1 - su) + sv * (1 - sv)) / dd;
    END IF;
  END LOOP;
  RETURN ARRAY[ga, gd];
END $$;
CREATE FUNCTION pg_temp.tw_newton(z float8[], o float8[], a float8, d float8)
RETURNS float8[] LANGUAGE plpgsql AS $$
DECLARE g float8[]; h float8 := 1e-5; ga1 float8[]; ga0 float8[]; gd1 float8[]; gd0 float8[];
  haa float8; had float8; hdd float8; det float8; sa float8; sd float8;
BEGIN
  FOR it IN 1 .. 50 LOOP
    g := pg_temp.tw_grad(z, o, a, d);
    ga1 := pg_temp.tw_grad(z, o, a + h, d); ga0 := pg_temp.tw_grad(z, o, a - h, d);
    gd1 := pg_temp.tw_grad(z, o, a, d + h); gd0 := pg_temp.tw_grad(z, o, a, d - h);
    haa := (ga1[1] - ga0[1]) / (2 * h);
    hdd := (gd1[2] - gd0[2]) / (2 * h);
    had := ((gd1[1] - gd0[1]) + (ga1[2] - ga0[2])) / (4 * h);
    det := haa * hdd - had * had;
    sa := (hdd * g[1] - had * g[2]) / det;
    sd := (haa * g[2] - had * g[1]) / det;
    a := a - sa;
    d := d - sd;
    EXIT WHEN abs(sa) + abs(sd) < 1e-13;
  END LOOP;
  RETURN ARRAY[a, d];
END $$;
\set small '''SELECT * FROM rworld WHERE match_id <= 400 ORDER BY played_at, match_id'''
CREATE TABLE small_z AS
SELECT match_id, ln(predicted_win / (1 - predicted_win)) AS z, outcome
FROM skill.match_predictions('elo', :small, '{"k": 20}') WHERE team = 1;
CREATE TABLE newton AS
SELECT pg_temp.tw_newton(array_agg(z ORDER BY match_id), array_agg(outcome ORDER BY match_id),
                         1::float8, 0.3::float8) AS p
FROM small_z WHERE match_id <= 200;
SELECT round(p[1]::numeric, 4) AS predict_scale, round(p[2]::numeric, 4) AS draw_margin FROM newton;
CREATE VIEW newton_scored AS
SELECT count(*) AS n,
       avg(-ln(CASE outcome WHEN 1 THEN w WHEN 0 THEN l ELSE 1 - w - l END)) AS log_loss,
       avg(1 - w - l) AS predicted_draw_rate
FROM (SELECT outcome, 1 / (1 + exp(-(p[1] * z - p[2]))) AS w, 1 / (1 + exp(-(-p[1] * z - p[2]))) AS l
      FROM small_z, newton WHERE match_id BETWEEN 201 AND 400) s;
SELECT e.n = s.n AS same_matches, abs(e.log_loss - s.log_loss) < 1e-5 AS log_loss_within,
       abs(e.predicted_draw_rate - s.predicted_draw_rate) < 1e-5 AS draw_rate_within
FROM skill.evaluate(:small, ARRAY['elo'],
                    '{"objective": "three_way", "score_from": "2020-01-17 18:00+00", "score_until": "2020-02-03 10:00+00",
                      "elo": {"k": 20, "draw_model": "threshold", "draw_margin": 0.3, "refit_every": "400 hours"}}') e,
     newton_scored s;
-- skill.fit's three-way fit of the same two parameters on the same
-- matches agrees with the Newton fit too.
SELECT abs((f->'parameters'->>'predict_scale')::float8 - p[1]) < 1e-5 AS scale_within,
       abs((f->'parameters'->>'draw_margin')::float8 - p[2]) < 1e-5 AS margin_within
FROM newton, skill.fit('elo', :small, '{"predict_scale": [0.01, 10], "draw_margin": [0, 10]}',
                       '{"objective": "three_way", "train_until": "2020-01-17 18:00+00",
                         "options": {"k": 20, "draw_model": "threshold", "draw_margin": 0.3}}') f;
-- A draw_margin of 0 starts the refit where an even pair draws as often
-- as the window's matches: the same optimum.
SELECT abs(e.log_loss - s.log_loss) < 1e-5 AS log_loss_within
FROM skill.evaluate(:small, ARRAY['elo'],
                    '{"objective": "three_way", "score_from": "2020-01-17 18:00+00", "score_until": "2020-02-03 10:00+00",
                      "elo": {"k": 20, "draw_model": "threshold", "refit_every": "400 hours"}}') e,
     newton_scored s;

-- Under objective binary the refits are what they were: evaluate's
-- log-loss is prediction_score's over match_predictions' expected scores.
SELECT e.log_loss = p.log_loss AS same_log_loss
FROM skill.evaluate(:rows, ARRAY['elo'], jsonb_build_object('elo', :'drifting'::jsonb)) e,
     (SELECT (skill.prediction_score(expected_score, outcome)).*
      FROM skill.match_predictions('elo', :rows, :'drifting') WHERE team = 1) p;

-- 3. Calibration of the three-way chances.  win_calibration_slope is the
-- maximum-likelihood b of [won] ~ sigmoid(a + b logit P(win)),
-- draw_calibration_slope that of [drawn] ~ sigmoid(a + b logit P(draw)),
-- over the scored matches.  Against Newton's method in plpgsql row by row
-- on match_predictions: within 1e-8 (the binned fit of calibration_slope,
-- docs/analysis.md: within 1e-6 in general; measured 7e-11 for the win
-- and 1.1e-9 for the draw here); and to 1e-12 what prediction_score gives
-- for each chance against its own outcome, won or drawn, over
-- match_predictions.
CREATE FUNCTION pg_temp.recalibration_slope(x float8[], y float8[]) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE a float8 := 0; b float8 := 0; g0 float8; g1 float8; h00 float8; h01 float8; h11 float8;
  det float8; m float8;
BEGIN
  FOR it IN 1..60 LOOP
    g0 := 0; g1 := 0; h00 := 0; h01 := 0; h11 := 0;
    FOR i IN 1 .. array_length(x, 1) LOOP
      m := 1 / (1 + exp(-(a + b * x[i])));
      g0 := g0 + y[i] - m;
      g1 := g1 + (y[i] - m) * x[i];
      h00 := h00 + m * (1 - m);
      h01 := h01 + m * (1 - m) * x[i];
      h11 := h11 + m * (1 - m) * x[i] * x[i];
    END LOOP;
    det := h00 * h11 - h01 * h01;
    a := a + (h11 * g0 - h01 * g1) / det;
    b := b + (h00 * g1 - h01 * g0) / det;
    EXIT WHEN abs(g0) < 1e-11 AND abs(g1) < 1e-11;
  END LOOP;
  RETURN b;
END $$;
\set steady '{"k": 20, "draw_model": "threshold", "draw_margin": 0.6}'
CREATE TABLE steady AS
SELECT predicted_win AS w, predicted_draw AS d, outcome
FROM skill.match_predictions('elo', :rows, :'steady') WHERE team = 1;
SELECT round(e.win_calibration_slope::numeric, 6) AS win_slope, round(e.draw_calibration_slope::numeric, 6) AS draw_slope,
       abs(e.win_calibration_slope - pg_temp.recalibration_slope(array_agg(ln(w / (1 - w))), array_agg((outcome = 1)::int::float8))) < 1e-8 AS win_within,
       abs(e.draw_calibration_slope - pg_temp.recalibration_slope(array_agg(ln(d / (1 - d))), array_agg((outcome = 0.5)::int::float8))) < 1e-8 AS draw_within,
       abs(e.win_calibration_slope - (skill.prediction_score(w, (outcome = 1)::int)).calibration_slope) < 1e-12 AS win_as_prediction_score,
       abs(e.draw_calibration_slope - (skill.prediction_score(d, (outcome = 0.5)::int)).calibration_slope) < 1e-12 AS draw_as_prediction_score
FROM skill.evaluate(:rows, ARRAY['elo'], jsonb_build_object('objective', 'three_way', 'elo', :'steady'::jsonb)) e, steady
GROUP BY 1, 2, e.win_calibration_slope, e.draw_calibration_slope;

-- 4. Both objectives in one call: the binary columns are objective
-- binary's, the three-way ones objective three_way's, column for column,
-- and log_loss_diff pairs the binary losses.
CREATE TABLE scored AS
SELECT o.objective, e.*
FROM (VALUES ('binary'), ('three_way'), ('both')) o(objective),
     LATERAL skill.evaluate(:rows, ARRAY['elo', 'glicko'],
                            jsonb_build_object('objective', CASE o.objective WHEN 'both' THEN '["binary", "three_way"]'::jsonb ELSE to_jsonb(o.objective) END,
                                               'elo', :'steady'::jsonb,
                                               'glicko', '{"draw_model": "davidson", "draw_nu": 0.8}'::jsonb)) e;
SELECT s.system,
       (s.n, s.log_loss, s.brier, s.accuracy, s.ece, s.calibration_slope, s.calibration_intercept, s.log_loss_diff, s.log_loss_diff_se)
         IS NOT DISTINCT FROM (b.n, b.log_loss, b.brier, b.accuracy, b.ece, b.calibration_slope, b.calibration_intercept, b.log_loss_diff, b.log_loss_diff_se) AS binary_same,
       (s.rps, s.draw_rate, s.predicted_draw_rate, s.three_way_log_loss, s.three_way_brier, s.win_calibration_slope, s.draw_calibration_slope)
         IS NOT DISTINCT FROM (t.rps, t.draw_rate, t.predicted_draw_rate, t.log_loss, t.brier, t.win_calibration_slope, t.draw_calibration_slope) AS three_way_same,
       t.three_way_log_loss = t.log_loss AND t.three_way_brier = t.brier AS three_way_columns_filled,
       b.rps IS NULL AND b.three_way_log_loss IS NULL AND b.win_calibration_slope IS NULL AS binary_leaves_three_way_null,
       t.accuracy IS NULL AND t.calibration_slope IS NULL AS three_way_leaves_binary_null
FROM scored s JOIN scored b USING (system) JOIN scored t USING (system)
WHERE s.objective = 'both' AND b.objective = 'binary' AND t.objective = 'three_way'
ORDER BY s.system;
-- One-element arrays are the objective named.
SELECT (SELECT log_loss FROM skill.evaluate(:rows, ARRAY['elo'], jsonb_build_object('objective', '["three_way"]'::jsonb, 'elo', :'steady'::jsonb)))
       = (SELECT log_loss FROM scored WHERE objective = 'three_way' AND system = 'elo') AS same;

-- Without a draw model the draw chance is 0 throughout: no draw
-- calibration (NULL), the win chance's is there.
SELECT draw_calibration_slope IS NULL AS no_draw_slope, win_calibration_slope IS NOT NULL AS win_slope
FROM skill.evaluate(:rows, ARRAY['elo'], '{"objective": "three_way"}');

-- Bad objectives.
SELECT * FROM skill.evaluate(:rows, ARRAY['elo'], '{"objective": []}');
SELECT * FROM skill.evaluate(:rows, ARRAY['elo'], '{"objective": ["binary", "binary"]}');
SELECT * FROM skill.evaluate(:rows, ARRAY['elo'], '{"objective": ["binary", "ternary"]}');
SELECT * FROM skill.evaluate(:rows, ARRAY['elo'], '{"objective": 2}');
SELECT * FROM skill.evaluate(:rows, ARRAY['elo'], '{"objective": [["binary"]]}');
