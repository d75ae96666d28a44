-- Validation windows: evaluate's score_until ends the scored matches as
-- score_from starts them, and fit's held_out_until ends the held-out
-- matches train_until starts.  Ratings still replay through every match
-- before, so a window's score is not that of the rows filtered to it: each
-- is checked against the log-loss computed in SQL from match_predictions
-- restricted to the window (to 1e-12).
\set VERBOSITY terse
SET client_min_messages = warning;

-- 3000 matches of 40 players of fixed strengths, one an hour from
-- 2020-01-01 (to 2020-05-05); the stronger side wins more often.
SELECT setseed(0.37);
CREATE TABLE wp AS SELECT p AS id, 400 * random() AS strength FROM generate_series(1, 40) p;
CREATE TABLE wm AS
SELECT m, 1 + floor(random() * 40)::int AS a, 1 + floor(random() * 39)::int AS b0, random() AS u
FROM generate_series(1, 3000) m ORDER BY m;
CREATE TABLE win AS
SELECT m::bigint AS match_id, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour' AS played_at,
       v.p::bigint AS player_id, v.t AS team, v.r::float8 AS rank
FROM wm
CROSS JOIN LATERAL (SELECT CASE WHEN b0 >= a THEN b0 + 1 ELSE b0 END AS b) bb
JOIN wp pa ON pa.id = a JOIN wp pb ON pb.id = bb.b
CROSS JOIN LATERAL (SELECT u < 1 / (1 + 10 ^ ((pb.strength - pa.strength) / 400)) AS a_wins) o
CROSS JOIN LATERAL (VALUES (a, 1, CASE WHEN a_wins THEN 1 ELSE 2 END),
                           (bb.b, 2, CASE WHEN a_wins THEN 2 ELSE 1 END)) v(p, t, r);

-- 1. evaluate over [score_from, score_until): the scores and the paired
-- difference are those of match_predictions' rows in the window.
CREATE TABLE weval AS
SELECT * FROM skill.evaluate('SELECT * FROM win ORDER BY played_at, match_id', ARRAY['elo', 'glicko'],
                             '{"score_from": "2020-02-01 00:00+00", "score_until": "2020-03-15 00:00+00",
                               "elo": {"k": 20}}');
CREATE TABLE wsql AS
SELECT s.system, p.match_id,
       -(p.outcome * ln(p.predicted_win) + (1 - p.outcome) * ln(1 - p.predicted_win)) AS loss,
       (p.predicted_win - p.outcome) ^ 2 AS brier
FROM (VALUES ('elo', '{"k": 20}'::jsonb), ('glicko', NULL)) s(system, opts)
CROSS JOIN LATERAL skill.match_predictions(s.system, 'SELECT * FROM win ORDER BY played_at, match_id', s.opts) p
WHERE p.teams = 2 AND p.played_at >= '2020-02-01 00:00+00' AND p.played_at < '2020-03-15 00:00+00';
SELECT e.system, e.n, e.n = q.n AS same_n, abs(e.log_loss - q.log_loss) < 1e-12 AS log_loss_is_sql,
       abs(e.brier - q.brier) < 1e-12 AS brier_is_sql
FROM weval e
JOIN (SELECT system, count(*) AS n, avg(loss) AS log_loss, avg(brier) AS brier FROM wsql GROUP BY system) q
  USING (system)
ORDER BY e.system;
SELECT abs(e.log_loss_diff - d.diff) < 1e-12 AS diff_is_sql, abs(e.log_loss_diff_se - d.se) < 1e-12 AS se_is_sql
FROM weval e,
     (SELECT avg(g.loss - l.loss) AS diff, stddev_samp(g.loss - l.loss) / sqrt(count(*)) AS se
      FROM wsql l JOIN wsql g USING (match_id) WHERE l.system = 'elo' AND g.system = 'glicko') d
WHERE e.system = 'glicko';
-- The earlier matches still warm the ratings up: the window's score
-- differs from that of the rows filtered to it.
SELECT abs(e.log_loss - w.log_loss) > 1e-6 AS warmed_up
FROM weval e,
     skill.evaluate('SELECT * FROM win WHERE played_at >= ''2020-02-01 00:00+00'' AND played_at < ''2020-03-15 00:00+00'' ORDER BY played_at, match_id',
                    ARRAY['elo'], '{"elo": {"k": 20}}') w
WHERE e.system = 'elo';
-- score_until alone, with experienced: the matches before it whose players
-- all have 30 earlier matches.
SELECT e.n = (SELECT count(*) FROM skill.match_predictions('elo', 'SELECT * FROM win ORDER BY played_at, match_id')
              WHERE played_at < '2020-02-15 00:00+00' AND min_matches_before >= 30) AS same_n
FROM skill.evaluate('SELECT * FROM win ORDER BY played_at, match_id', ARRAY['elo'],
                    '{"score_until": "2020-02-15 00:00+00", "experienced": 30}') e;

-- 2. fit with held_out_until: the held-out score counts the matches from
-- train_until up to before held_out_until, at the fitted and at the start
-- parameters; the training (and so the fit) is that without it.
CREATE TABLE wfit AS
SELECT skill.fit('elo', 'SELECT * FROM win ORDER BY played_at, match_id', '{"k": [4, 80]}',
                 '{"train_until": "2020-03-01 00:00+00", "held_out_until": "2020-04-01 00:00+00"}') AS f,
       skill.fit('elo', 'SELECT * FROM win ORDER BY played_at, match_id', '{"k": [4, 80]}',
                 '{"train_until": "2020-03-01 00:00+00"}') AS open_ended;
WITH losses AS (
  SELECT a.match_id,
         -(a.outcome * ln(a.predicted_win) + (1 - a.outcome) * ln(1 - a.predicted_win)) AS start_loss,
         -(b.outcome * ln(b.predicted_win) + (1 - b.outcome) * ln(1 - b.predicted_win)) AS fitted_loss
  FROM wfit, skill.match_predictions('elo', 'SELECT * FROM win ORDER BY played_at, match_id', '{"k": 32}') a
  JOIN skill.match_predictions('elo', 'SELECT * FROM win ORDER BY played_at, match_id',
                               jsonb_build_object('k', (SELECT (f->'parameters'->>'k')::float8 FROM wfit))) b
    USING (match_id)
  WHERE a.played_at >= '2020-03-01 00:00+00' AND a.played_at < '2020-04-01 00:00+00'),
d AS (SELECT count(*) AS n, avg(fitted_loss) AS loss, avg(start_loss) AS start_loss,
             avg(fitted_loss - start_loss) AS diff, stddev_samp(fitted_loss - start_loss) / sqrt(count(*)) AS se
      FROM losses)
SELECT (f->'held_out'->>'n')::int AS held_out_n, (f->'held_out'->>'n')::int = d.n AS same_n,
       abs((f->'held_out'->>'log_loss')::float8 - d.loss) < 1e-12 AS log_loss_is_sql,
       abs((f->'held_out'->>'start_log_loss')::float8 - d.start_loss) < 1e-12 AS start_is_sql,
       abs((f->'held_out'->>'log_loss_diff')::float8 - d.diff) < 1e-12 AS diff_is_sql,
       abs((f->'held_out'->>'log_loss_diff_se')::float8 - d.se) < 1e-12 AS se_is_sql,
       f->'parameters' = open_ended->'parameters' AND f->'train' = open_ended->'train' AS same_fit,
       (f->'held_out'->>'n')::int < (open_ended->'held_out'->>'n')::int AS fewer_held_out
FROM wfit, d;
-- A prediction-only parameter's held-out score (from the replay's record).
SELECT (f->'held_out'->>'n')::int = d.n AS same_n,
       abs((f->'held_out'->>'log_loss')::float8 - d.loss) < 1e-12 AS log_loss_is_sql
FROM skill.fit('elo', 'SELECT * FROM win ORDER BY played_at, match_id', '{"predict_scale": [0.2, 5]}',
               '{"train_until": "2020-03-01 00:00+00", "held_out_until": "2020-04-01 00:00+00"}') f,
     LATERAL (SELECT count(*) AS n,
                     avg(-(outcome * ln(predicted_win) + (1 - outcome) * ln(1 - predicted_win))) AS loss
              FROM skill.match_predictions('elo', 'SELECT * FROM win ORDER BY played_at, match_id',
                                           jsonb_build_object('predict_scale', (f->'parameters'->>'predict_scale')::float8))
              WHERE played_at >= '2020-03-01 00:00+00' AND played_at < '2020-04-01 00:00+00') d;

-- 3. Errors: an empty window, a window end without its start, a bad time.
SELECT * FROM skill.evaluate('SELECT * FROM win', ARRAY['elo'],
                             '{"score_from": "2020-03-01 00:00+00", "score_until": "2020-03-01 00:00+00"}');
SELECT * FROM skill.evaluate('SELECT * FROM win', ARRAY['elo'],
                             '{"score_until": "2020-02-01 00:00+00", "score_from": "2020-03-01 00:00+00"}');
SELECT * FROM skill.evaluate('SELECT * FROM win', ARRAY['elo'], '{"score_until": "soon"}');
SELECT * FROM skill.evaluate('SELECT * FROM win', ARRAY['elo'], '{"score_until": 5}');
SELECT skill.fit('elo', 'SELECT * FROM win', '{"k": [4, 80]}', '{"held_out_until": "2020-04-01 00:00+00"}');
SELECT skill.fit('elo', 'SELECT * FROM win', '{"k": [4, 80]}',
                 '{"train_until": "2020-04-01 00:00+00", "held_out_until": "2020-04-01 00:00+00"}');
SELECT skill.fit('elo', 'SELECT * FROM win', '{"k": [4, 80]}',
                 '{"train_until": "2020-04-01 00:00+00", "held_out_until": "2020-03-01 00:00+00"}');
SELECT skill.fit('elo', 'SELECT * FROM win', '{"k": [4, 80]}',
                 '{"train_until": "2020-04-01 00:00+00", "held_out_until": "later"}');
RESET client_min_messages;

DROP TABLE wp, wm, win, weval, wsql, wfit;
