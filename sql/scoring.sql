-- Scoring predictions: skill.prediction_score, skill.calibration_table and
-- skill.evaluate, against values computed by hand (in the comments) or by
-- an independent IRLS.
\set VERBOSITY terse

-- Four predictions (p, outcome): (0.8, 1), (0.6, 0), (0.3, 0), (0.5, 0.5).
-- log_loss = (-ln 0.8 - ln 0.4 - ln 0.7 + ln 2) / 4 = 0.5473141019217607
-- brier = (0.04 + 0.36 + 0.09 + 0) / 4 = 0.1225
-- accuracy = (1 + 0 + 1 + 0.5) / 4 = 0.625
-- ece (10 buckets, one prediction in each of 4): (0.2 + 0.6 + 0.3 + 0) / 4 = 0.275
CREATE TABLE four (p float8, o float8);
INSERT INTO four VALUES (0.8, 1), (0.6, 0), (0.3, 0), (0.5, 0.5);
-- (log_loss to 12 decimals: C libraries differ in the last bit of ln.)
SELECT n, round(log_loss::numeric, 12) AS log_loss, round(brier::numeric, 15) AS brier,
       accuracy, round(ece::numeric, 15) AS ece
FROM (SELECT (skill.prediction_score(p, o)).* FROM four) s;
-- The same buckets as a reliability diagram (4 buckets: 0.3 -> 2, 0.5 and 0.6 -> 3, 0.8 -> 4).
SELECT b.* FROM unnest((SELECT skill.calibration_table(p, o, 4) FROM four)) b;
-- Rows with a NULL p or outcome are skipped; no rows at all give n = 0 and NULL scores.
SELECT (skill.prediction_score(p, o)).n FROM (SELECT * FROM four UNION ALL VALUES (NULL, 1), (0.5, NULL)) x(p, o);
SELECT * FROM (SELECT (skill.prediction_score(p, o)).* FROM four WHERE false) s;

-- Calibration slope and intercept: ten predictions each at 0.2 (3 won),
-- 0.5 (5 won), 0.8 (7 won).  An independent IRLS (Python, Newton's method
-- on the thirty rows, x = logit p) gives intercept 0 (3.5e-17) and slope
-- 0.611196210668224: these predictions are too confident.
CREATE TABLE thirty AS
SELECT p, CASE WHEN i <= w THEN 1.0 ELSE 0.0 END AS o
FROM (VALUES (0.2, 3), (0.5, 5), (0.8, 7)) v(p, w), generate_series(1, 10) i;
SELECT round(calibration_slope::numeric, 9) AS slope, round(calibration_intercept::numeric, 9) + 0 AS intercept,
       round(log_loss::numeric, 13) AS log_loss
FROM (SELECT (skill.prediction_score(p, o)).* FROM thirty) s;

-- The slope and intercept against the row-by-row maximum-likelihood fit:
-- Newton's method in plpgsql on x = logit p (p clamped as the aggregate
-- clamps it), from (0, 0), over six seeded sets of 20,000 predictions:
-- logit p uniform on [-6, 6] with outcomes drawn at slope 0.8 and at slope
-- 3; logit p on [-36, 36] (the extremes clamped); p = U^4, skewed to 0;
-- p uniform with outcomes drawn from p and one in five a draw; p on the
-- edges of 32 bins per halving of min(p, 1 - p), the worst place for the
-- aggregate's bins.  Within 1e-6 (docs/analysis.md).
SELECT setseed(0.25);
CREATE TABLE seeded AS
SELECT s, p, ln(pc) - ln(1 - pc) AS x,
       CASE WHEN s = 5 AND r3 < 0.2 THEN 0.5
            WHEN r2 < CASE s WHEN 2 THEN 1 / (1 + exp(0.2 - 3 * ln(pc / (1 - pc))))
                             WHEN 5 THEN p
                             ELSE 1 / (1 + exp(-0.3 - 0.8 * ln(pc / (1 - pc)))) END THEN 1.0
            ELSE 0.0 END AS o
FROM (SELECT s, p, r2, r3, least(greatest(p, 1e-15), 1 - 1e-15) AS pc
      FROM (SELECT s, r2, r3,
                   CASE s WHEN 1 THEN 1 / (1 + exp(6 - 12 * r1)) WHEN 2 THEN 1 / (1 + exp(6 - 12 * r1))
                          WHEN 3 THEN 1 / (1 + exp(36 - 72 * r1)) WHEN 4 THEN r1 ^ 4
                          WHEN 5 THEN 0.0005 + 0.999 * r1
                          ELSE abs((r4 < 0.5)::int - (1 + floor(32 * r1) / 32) * 2 ^ (-2 - floor(8 * r3))) END AS p
            FROM generate_series(1, 6) s,
                 LATERAL (SELECT random() AS r1, random() AS r2, random() AS r3, random() AS r4
                          FROM generate_series(1, 20000 + 0 * s)) r) g) c;
CREATE FUNCTION pg_temp.row_fit(set int, OUT a float8, OUT b float8) LANGUAGE plpgsql AS $$
DECLARE
  g0 float8; g1 float8; h00 float8; h01 float8; h11 float8; det float8;
BEGIN
  a := 0;
  b := 0;
  FOR i IN 1..50 LOOP
    SELECT sum(o - m), sum((o - m) * x), sum(m * (1 - m)), sum(m * (1 - m) * x), sum(m * (1 - m) * x * x)
      INTO g0, g1, h00, h01, h11
      FROM (SELECT x, o, 1 / (1 + exp(-(a + b * x))) AS m FROM seeded WHERE s = set) r;
    det := h00 * h11 - h01 * h01;
    a := a + (h11 * g0 - h01 * g1) / det;
    b := b + (h00 * g1 - h01 * g0) / det;
    EXIT WHEN abs(g0) < 1e-9 AND abs(g1) < 1e-9;
  END LOOP;
END $$;
SELECT s, round(f.b::numeric, 2) AS slope, abs(ps.calibration_slope - f.b) < 1e-6 AS slope_within,
       abs(ps.calibration_intercept - f.a) < 1e-6 AS intercept_within
FROM (SELECT s, skill.prediction_score(p, o) AS ps FROM seeded GROUP BY s) g, pg_temp.row_fit(s) f,
     LATERAL (SELECT (g.ps).*) ps ORDER BY s;

-- Parallel plans combine partial states: equal to the serial result.
CREATE TABLE many_predictions AS
SELECT ((i * 7919) % 9973 + 1) / 9975.0 AS p, ((i * 31) % 3) / 2.0 AS o FROM generate_series(1, 200000) i;
ANALYZE many_predictions;
SELECT (skill.prediction_score(p, o, 20)).* AS serial FROM many_predictions \gset serial_
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT skill.prediction_score(p, o, 20) FROM many_predictions;
SELECT n = :serial_n AS same_n, abs(log_loss - :serial_log_loss) < 1e-12 AS same_log_loss,
       abs(ece - :serial_ece) < 1e-12 AS same_ece,
       abs(calibration_slope - :serial_calibration_slope) < 1e-9 AS same_slope
FROM (SELECT (skill.prediction_score(p, o, 20)).* FROM many_predictions) s;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;

-- One prediction throughout has no calibration slope, whatever its value
-- (0.3 and 0.7 showed 1.57, fitted to the rounding of the binned sums).
SELECT p, (s).n, (s).calibration_slope IS NULL AS no_slope, (s).calibration_intercept IS NULL AS no_intercept
FROM (SELECT p, skill.prediction_score(p, (i % 3 = 0)::int) AS s
      FROM (VALUES (0.3), (0.7), (0.55)) v(p), generate_series(1, 1000) i GROUP BY p) x ORDER BY p;

-- Bad input.
SELECT skill.prediction_score(1.5, 1);
SELECT skill.prediction_score('NaN', 1);
SELECT skill.prediction_score(-0.1, 0);
SELECT skill.prediction_score(0.5, 0.3);
SELECT skill.prediction_score(0.5, 1, 0);
SELECT skill.prediction_score(0.5, 1, 1001);
SELECT skill.prediction_score(p, o, b) FROM (VALUES (0.5, 1.0, 10), (0.5, 1, 20)) v(p, o, b);
SELECT skill.prediction_score(0.5, 1, NULL);

-- evaluate: each system scored as prediction_score over its match_predictions.
CREATE TABLE ev (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO ev
SELECT m, timestamptz '2026-01-01 00:00+00' + m * interval '1 hour', p, t,
       CASE WHEN (m * 7 + t) % 3 = 0 THEN 2 ELSE 1 END + CASE WHEN t = 2 THEN 0.5 ELSE 0 END
FROM generate_series(1, 2000) m, LATERAL (VALUES (1 + m % 37, 1), (38 + (m * 5) % 41, 2)) v(p, t);
WITH e AS (SELECT * FROM skill.evaluate('SELECT * FROM ev ORDER BY played_at, match_id',
                                        ARRAY['elo', 'pl', 'glicko', 'trueskill'], '{"elo": {"k": 16}}')),
direct AS (
  SELECT 'elo' AS system, (skill.prediction_score(predicted_win, outcome)).*
  FROM skill.match_predictions('elo', 'SELECT * FROM ev ORDER BY played_at, match_id', '{"k": 16}')
  UNION ALL
  SELECT 'pl', (skill.prediction_score(predicted_win, outcome)).*
  FROM skill.match_predictions('pl', 'SELECT * FROM ev ORDER BY played_at, match_id')
  UNION ALL
  SELECT 'glicko', (skill.prediction_score(predicted_win, outcome)).*
  FROM skill.match_predictions('glicko', 'SELECT * FROM ev ORDER BY played_at, match_id')
  UNION ALL
  SELECT 'trueskill', (skill.prediction_score(predicted_win, outcome)).*
  FROM skill.match_predictions('trueskill', 'SELECT * FROM ev ORDER BY played_at, match_id'))
SELECT e.system, e.n, e.log_loss = d.log_loss AND e.brier = d.brier AND e.ece = d.ece
       AND e.calibration_slope IS NOT DISTINCT FROM d.calibration_slope AS same
FROM e JOIN direct d USING (system) ORDER BY 1;
-- Each system after the first: the mean of its per-match log-loss minus
-- the first system's, and that mean's paired standard error, sd / sqrt(n)
-- of the per-match differences.  Here the per-match losses come from the
-- history functions' predicted_win (team 1's row) and plain SQL, on five
-- matches among three new players; the first match is between equals in
-- both systems (p = 1/2, loss ln 2 each), so its difference is 0.
CREATE TABLE tiny (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO tiny VALUES
  (1, '2026-01-01 01:00+00', 1, 1, 1), (1, '2026-01-01 01:00+00', 2, 2, 2),
  (2, '2026-01-01 02:00+00', 1, 1, 2), (2, '2026-01-01 02:00+00', 3, 2, 1),
  (3, '2026-01-01 03:00+00', 2, 1, 1), (3, '2026-01-01 03:00+00', 3, 2, 1),
  (4, '2026-01-01 04:00+00', 3, 1, 1), (4, '2026-01-01 04:00+00', 1, 2, 2),
  (5, '2026-01-01 05:00+00', 2, 1, 2), (5, '2026-01-01 05:00+00', 1, 2, 1);
WITH losses AS (
  SELECT e.match_id, -(e.outcome * ln(e.predicted_win) + (1 - e.outcome) * ln(1 - e.predicted_win)) AS elo,
         -(p.outcome * ln(p.predicted_win) + (1 - p.outcome) * ln(1 - p.predicted_win)) AS pl
  FROM skill.elo_history('SELECT * FROM tiny ORDER BY played_at, match_id', '{"k": 32}') e
  JOIN skill.pl_history('SELECT * FROM tiny ORDER BY played_at, match_id') p USING (match_id, team)
  WHERE e.team = 1),
by_hand AS (
  SELECT count(*) AS n, avg(pl - elo) AS diff, stddev_samp(pl - elo) / sqrt(count(*)) AS se,
         bool_and(match_id <> 1 OR (elo = ln(2) AND pl = ln(2))) AS first_even
  FROM losses)
SELECT e.system, e.n, h.first_even, h.se > 0.01 AS se_not_small,
       e.log_loss_diff IS NULL AS diff_null, e.log_loss_diff_se IS NULL AS se_null,
       abs(e.log_loss_diff - h.diff) < 1e-12 AS same_diff, abs(e.log_loss_diff_se - h.se) < 1e-12 AS same_se
FROM skill.evaluate('SELECT * FROM tiny ORDER BY played_at, match_id', ARRAY['elo', 'pl'], '{"elo": {"k": 32}}') e,
     by_hand h ORDER BY e.system DESC;
-- The same over 2000 matches and four systems, each against elo, from
-- match_predictions; and a system against itself differs by 0 exactly.
WITH losses AS (
  SELECT system, match_id, -(outcome * ln(predicted_win) + (1 - outcome) * ln(1 - predicted_win)) AS loss
  FROM unnest(ARRAY['elo', 'pl', 'glicko', 'trueskill']) system,
       LATERAL skill.match_predictions(system, 'SELECT * FROM ev ORDER BY played_at, match_id',
                                       CASE system WHEN 'elo' THEN '{"k": 16}'::jsonb END)),
paired AS (
  SELECT b.system, avg(b.loss - a.loss) AS diff, stddev_samp(b.loss - a.loss) / sqrt(count(*)) AS se
  FROM losses a JOIN losses b USING (match_id) WHERE a.system = 'elo' AND b.system <> 'elo' GROUP BY b.system)
SELECT e.system, round(e.log_loss_diff::numeric, 4) AS diff, round(e.log_loss_diff_se::numeric, 4) AS se,
       abs(e.log_loss_diff - p.diff) < 1e-12 AND abs(e.log_loss_diff_se - p.se) < 1e-12 AS same,
       abs(e.log_loss_diff - e.of_log_losses) < 1e-12 AS diff_of_log_losses
FROM (SELECT *, log_loss - first_value(log_loss) OVER (ORDER BY ordinality) AS of_log_losses
      FROM skill.evaluate('SELECT * FROM ev ORDER BY played_at, match_id', ARRAY['elo', 'pl', 'glicko', 'trueskill'],
                          '{"elo": {"k": 16}}') WITH ORDINALITY) e
LEFT JOIN paired p USING (system) ORDER BY e.ordinality;
SELECT system, n, log_loss_diff, log_loss_diff_se
FROM skill.evaluate('SELECT * FROM ev ORDER BY played_at, match_id', ARRAY['pl', 'pl'], '{"score_from": "2026-03-01 00:00+00"}');
-- Each system reads the rows query anew: one that returns other matches
-- the second time cannot be paired (here a random tenth of the matches is
-- left out, another tenth each time).
SELECT setseed(0.5);
SELECT * FROM skill.evaluate('SELECT * FROM ev WHERE match_id IN (SELECT m FROM generate_series(1, 2000) m WHERE random() < 0.9) ORDER BY played_at, match_id',
                             ARRAY['elo', 'pl']);
-- score_from and experienced restrict the scored matches.
SELECT system, n FROM skill.evaluate('SELECT * FROM ev ORDER BY played_at, match_id', ARRAY['elo'],
                                     '{"score_from": "2026-02-01 00:00+00"}');
SELECT system, n FROM skill.evaluate('SELECT * FROM ev ORDER BY played_at, match_id', ARRAY['elo'],
                                     '{"experienced": 20}');
SELECT * FROM skill.evaluate('SELECT * FROM ev', ARRAY['nope']);
-- a misspelt setting, and options for a system that is not compared
SELECT * FROM skill.evaluate('SELECT * FROM ev', ARRAY['elo'], '{"score_form": "2024-01-01 00:00+00"}');
SELECT * FROM skill.evaluate('SELECT * FROM ev', ARRAY['elo'], '{"pl": {"beta": 3}}');
SELECT * FROM skill.evaluate('SELECT * FROM ev', ARRAY[NULL]::text[]);
SELECT * FROM skill.evaluate('SELECT * FROM ev', ARRAY[]::text[]);
SELECT * FROM skill.evaluate('SELECT * FROM ev', ARRAY['elo'], '{"elo": 16}');
SELECT * FROM skill.evaluate('SELECT * FROM ev', ARRAY['elo'], '{"elo": {"kk": 16}}');
SELECT * FROM skill.evaluate('SELECT * FROM ev', ARRAY['elo'], '{"buckets": 0}');
