-- Scoring three-way predictions: skill.outcome_score against the formulas
-- evaluated row by row in plain SQL (log-loss -ln of the chance of what
-- happened, RPS ((p_win - o_win)^2 + (p_win + p_draw - o_win - o_draw)^2) / 2,
-- Brier summed over the three classes).
\set VERBOSITY terse

CREATE TABLE three (p_win float8, p_draw float8, outcome float8);
INSERT INTO three VALUES (0.5, 0.3, 1), (0.2, 0.5, 0.5), (0.6, 0.1, 0), (0.45, 0.25, 0.5),
                         (0.1, 0.2, 0), (0.7, 0.3, 1);
CREATE VIEW three_by_hand AS
SELECT count(*) AS n,
       avg(-ln(CASE outcome WHEN 1 THEN p_win WHEN 0.5 THEN p_draw ELSE 1 - p_win - p_draw END)) AS log_loss,
       avg(((p_win - o_win) ^ 2 + (p_win + p_draw - o_win - o_draw) ^ 2) / 2) AS rps,
       avg((p_win - o_win) ^ 2 + (p_draw - o_draw) ^ 2 + (1 - p_win - p_draw - (1 - o_win - o_draw)) ^ 2) AS brier,
       avg(o_draw) AS draw_rate, avg(p_draw) AS predicted_draw_rate
FROM (SELECT *, (outcome = 1)::int::float8 AS o_win, (outcome = 0.5)::int::float8 AS o_draw FROM three) t;
-- (log-loss to 12 decimals: C libraries differ in the last bit of ln.)
SELECT n, round(log_loss::numeric, 12) AS log_loss, rps, brier, draw_rate, predicted_draw_rate FROM three_by_hand;
SELECT n, round(log_loss::numeric, 12) AS log_loss, rps, brier, draw_rate, predicted_draw_rate
FROM (SELECT (skill.outcome_score(p_win, p_draw, outcome)).* FROM three) s;
SELECT s.n = h.n AS same_n,
       abs(s.log_loss - h.log_loss) < 1e-15 AS same_log_loss,
       abs(s.rps - h.rps) < 1e-15 AS same_rps,
       abs(s.brier - h.brier) < 1e-15 AS same_brier,
       abs(s.draw_rate - h.draw_rate) < 1e-15 AS same_draw_rate,
       abs(s.predicted_draw_rate - h.predicted_draw_rate) < 1e-15 AS same_predicted_draw_rate
FROM (SELECT (skill.outcome_score(p_win, p_draw, outcome)).* FROM three) s, three_by_hand h;

-- The first three rows by hand: log-loss (2 ln 2 - ln 0.3) / 3,
-- RPS (0.145 + 0.065 + 0.425) / 3, Brier (0.38 + 0.38 + 0.86) / 3.
SELECT round(log_loss::numeric, 12) AS log_loss, round(rps::numeric, 15) AS rps,
       round(brier::numeric, 15) AS brier,
       round(((2 * ln(2) - ln(0.3)) / 3)::numeric, 12) AS log_loss_by_hand
FROM (SELECT (skill.outcome_score(p_win, p_draw, outcome)).* FROM three WHERE p_win IN (0.5, 0.2, 0.6)) s;

-- A sure wrong prediction is clamped at the chance 1e-15, as in
-- prediction_score: -ln 1e-15 = 34.538776394910684.
SELECT round(log_loss::numeric, 12) AS log_loss, rps, brier
FROM (SELECT (skill.outcome_score(1, 0, 0)).*) s;
-- Chances that sum to 1 up to rounding are accepted.
SELECT (skill.outcome_score(0.7, 0.3 + 1e-12, 0)).n;

-- Rows with a NULL p_win, p_draw or outcome are skipped; no rows at all
-- give n = 0 and NULL scores.
SELECT n FROM (SELECT (skill.outcome_score(p_win, p_draw, outcome)).* FROM
  (SELECT * FROM three UNION ALL VALUES (NULL, 0.2, 1), (0.5, NULL, 0), (0.5, 0.2, NULL)) x) s;
SELECT * FROM (SELECT (skill.outcome_score(p_win, p_draw, outcome)).* FROM three WHERE false) s;

-- Parallel plans combine partial states: equal to the serial result.
CREATE TABLE many_three AS
SELECT w * 0.7 AS p_win, (1 - w) * 0.4 AS p_draw, ((i * 31) % 3) / 2.0 AS outcome
FROM (SELECT i, ((i * 7919) % 9973 + 1) / 9975.0 AS w FROM generate_series(1, 200000) i) g;
ANALYZE many_three;
SELECT (skill.outcome_score(p_win, p_draw, outcome)).* AS serial FROM many_three \gset serial_
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT skill.outcome_score(p_win, p_draw, outcome) FROM many_three;
SELECT n = :serial_n AS same_n, abs(log_loss - :serial_log_loss) < 1e-12 AS same_log_loss,
       abs(rps - :serial_rps) < 1e-12 AS same_rps, abs(brier - :serial_brier) < 1e-12 AS same_brier,
       draw_rate = :serial_draw_rate AS same_draw_rate,
       abs(predicted_draw_rate - :serial_predicted_draw_rate) < 1e-12 AS same_predicted_draw_rate
FROM (SELECT (skill.outcome_score(p_win, p_draw, outcome)).* FROM many_three) s;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;

-- Bad input, each naming its argument.
SELECT skill.outcome_score(1.5, 0, 1);
SELECT skill.outcome_score(-0.1, 0, 1);
SELECT skill.outcome_score('NaN', 0, 1);
SELECT skill.outcome_score(0.5, 1.2, 1);
SELECT skill.outcome_score(0.5, 'Infinity', 1);
SELECT skill.outcome_score(0.5, 0.2, 0.7);
SELECT skill.outcome_score(0.5, 0.2, 'NaN');
-- p_win + p_draw above 1: usually a "performs better" chance (here an
-- expected score with its draw chance beside it).
SELECT skill.outcome_score(0.8, 0.3, 1);
\set VERBOSITY default
SELECT skill.outcome_score(0.8, 0.3, 1);
