-- TrueSkill Through Time in skill.evaluate (issue #36, item 3): the system
-- 'ttt' by name scores its honest forecasts (skill.match_predictions('ttt')
-- with the same options) with the metrics and paired differences every
-- family gets; each number here is recomputed in plain SQL from
-- match_predictions.
\set VERBOSITY terse

-- 16 players over 120 days, skill drifting by 0.15 a day, 5 games a day;
-- team 2's row comes first, so the first team is not the first row.
\set players 16
\set days 120
\set per_day 5
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/drifting_world.sql
SELECT count(DISTINCT match_id) AS matches FROM world;

\set world 'SELECT match_id, played_at, player_id, team, rank FROM world ORDER BY played_at, match_id, team DESC'
\set ttt '{"mu": 0, "sigma": 1, "beta": 1, "gamma": 0.15, "resmooth_every": 10}'
\set elo '{"k": 24}'

-- Per-match losses from match_predictions, scored from day 40 with 3 earlier matches.
CREATE TEMP TABLE preds AS
SELECT s.system, p.match_id, p.predicted_win, p.outcome,
       -(p.outcome * ln(p.predicted_win) + (1 - p.outcome) * ln(1 - p.predicted_win)) AS loss
FROM (VALUES ('ttt', :'ttt'::jsonb), ('elo', :'elo'::jsonb)) s(system, options),
     LATERAL skill.match_predictions(s.system, :'world', s.options) p
WHERE p.played_at >= '2026-02-10 00:00+00' AND p.min_matches_before >= 3;
CREATE TEMP TABLE by_sql AS
SELECT p.system, count(*) AS n, avg(p.loss) AS log_loss,
       (skill.prediction_score(p.predicted_win, p.outcome)).brier,
       (skill.prediction_score(p.predicted_win, p.outcome)).accuracy,
       (skill.prediction_score(p.predicted_win, p.outcome)).calibration_slope,
       avg(p.loss - t.loss) FILTER (WHERE p.system <> 'ttt') AS log_loss_diff,
       stddev_samp(p.loss - t.loss) FILTER (WHERE p.system <> 'ttt') / sqrt(count(*)) AS log_loss_diff_se
FROM preds p JOIN preds t ON t.system = 'ttt' AND t.match_id = p.match_id
GROUP BY p.system;

-- evaluate's rows, 'ttt' first and Elo paired with it: every number within 1e-12.
SELECT e.system, e.n, round(e.log_loss::numeric, 6) AS log_loss,
       round(e.log_loss_diff::numeric, 6) AS diff, round(e.log_loss_diff_se::numeric, 6) AS diff_se,
       e.n = s.n AND abs(e.log_loss - s.log_loss) < 1e-12 AND abs(e.brier - s.brier) < 1e-12
       AND e.accuracy = s.accuracy AND abs(e.calibration_slope - s.calibration_slope) < 1e-9
       AND coalesce(abs(e.log_loss_diff - s.log_loss_diff) < 1e-12, e.log_loss_diff IS NULL AND s.log_loss_diff IS NULL)
       AND coalesce(abs(e.log_loss_diff_se - s.log_loss_diff_se) < 1e-12, e.log_loss_diff_se IS NULL AND s.log_loss_diff_se IS NULL)
       AS agrees
FROM skill.evaluate(:'world', ARRAY['ttt', 'elo'],
                    jsonb_build_object('ttt', :'ttt'::jsonb, 'elo', :'elo'::jsonb,
                                       'score_from', '2026-02-10 00:00+00', 'experienced', 3)) e
JOIN by_sql s USING (system);

-- Elo first, ttt paired with it: the difference's sign turns.
SELECT system, round(log_loss_diff::numeric, 6) AS diff,
       abs(log_loss_diff + (SELECT log_loss_diff FROM by_sql WHERE system = 'elo')) < 1e-12 AS opposite
FROM skill.evaluate(:'world', ARRAY['elo', 'ttt'],
                    jsonb_build_object('ttt', :'ttt'::jsonb, 'elo', :'elo'::jsonb,
                                       'score_from', '2026-02-10 00:00+00', 'experienced', 3))
WHERE system = 'ttt';

-- A configuration of family ttt, and the default schedule: every 30 time
-- units, the same as "resmooth_every": 30.
SELECT e.system, abs(e.log_loss - s.log_loss) < 1e-12 AS as_match_predictions
FROM skill.evaluate(:'world', ARRAY['ttt monthly', 'ttt'],
                    '{"ttt monthly": {"family": "ttt", "mu": 0, "sigma": 1, "beta": 1, "gamma": 0.15}}') e,
     LATERAL (SELECT avg(-(outcome * ln(predicted_win) + (1 - outcome) * ln(1 - predicted_win))) AS log_loss
              FROM skill.match_predictions('ttt', :'world',
                                           CASE e.system WHEN 'ttt' THEN '{"resmooth_every": 30}'
                                           ELSE '{"mu": 0, "sigma": 1, "beta": 1, "gamma": 0.15, "resmooth_every": 30}' END::jsonb)) s;

-- Beside an outside forecast (a coin, NULL for one match): that match is
-- scored by no system, ttt included.
SELECT e.system, e.n, abs(e.log_loss - s.log_loss) < 1e-12 AS agrees
FROM skill.evaluate($$SELECT match_id, played_at, player_id, team, rank,
                             CASE WHEN match_id <> 12 THEN 0.5::float8 END AS forecast_win
                      FROM world ORDER BY played_at, match_id$$,
                    ARRAY['forecast', 'ttt'], jsonb_build_object('ttt', :'ttt'::jsonb)) e,
     LATERAL (SELECT avg(-(outcome * ln(CASE e.system WHEN 'ttt' THEN predicted_win ELSE 0.5 END)
                           + (1 - outcome) * ln(1 - CASE e.system WHEN 'ttt' THEN predicted_win ELSE 0.5 END))) AS log_loss
              FROM skill.match_predictions('ttt', :'world', :'ttt') WHERE match_id <> 12) s;

-- Ties and the three-way objective: with p_draw, scored on the chances of a
-- win and a tie, as outcome_score over match_predictions.
CREATE TEMP TABLE tied AS
SELECT match_id, played_at, player_id, team, CASE WHEN match_id % 7 = 0 THEN 1 ELSE rank END AS rank
FROM world;
\set tied 'SELECT match_id, played_at, player_id, team, rank FROM tied ORDER BY played_at, match_id'
SELECT e.n, abs(e.three_way_log_loss - (s.o).log_loss) < 1e-12 AS agrees, abs(e.rps - (s.o).rps) < 1e-12 AS rps_agrees
FROM skill.evaluate(:'tied', ARRAY['ttt'],
                    '{"objective": "three_way", "ttt": {"p_draw": 0.2, "resmooth_every": 20}}') e,
     (SELECT skill.outcome_score(predicted_win, predicted_draw, outcome) AS o
      FROM skill.match_predictions('ttt', :'tied', '{"p_draw": 0.2, "resmooth_every": 20}')) s;

-- Errors: ttt's options checked as match_predictions checks them, named by
-- evaluate; ties without p_draw; the three-way objective without draws; a
-- weight column (the replays evaluate pairs ttt with read none).
SELECT * FROM skill.evaluate(:'world', ARRAY['ttt'], '{"ttt": {"resmooth": 30}}');
SELECT * FROM skill.evaluate(:'world', ARRAY['ttt'], '{"ttt": {"resmooth_every": 0}}');
SELECT * FROM skill.evaluate(:'world', ARRAY['t'], '{"t": {"family": "ttt", "gamma": -1}}');
SELECT * FROM skill.evaluate(:'tied', ARRAY['ttt']);
SELECT * FROM skill.evaluate(:'world', ARRAY['ttt'], '{"objective": "three_way"}');
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, 1.0::float8 AS weight FROM world ORDER BY played_at, match_id',
                             ARRAY['ttt']);
-- A rows query that returns other rows on its second reading (the replay
-- that hands ttt's forecasts out) than on its first (ttt's own).
CREATE TEMP SEQUENCE reading;
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank FROM world
                              WHERE match_id % 2 = (SELECT nextval(''reading'')) % 2 ORDER BY played_at, match_id',
                             ARRAY['ttt']);
